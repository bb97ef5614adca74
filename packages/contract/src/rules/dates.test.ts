import { describe, expect, it } from 'vitest';
import {
  addDaysToIsoDate,
  addMonthsToIsoDate,
  addYearsToIsoDate,
  ageAt,
  firstDayOfNextMonth,
  isValidIsoDate,
  monthsBetween,
  parseIsoDate,
} from './dates.ts';

describe('ISO date parsing', () => {
  it('accepts real calendar dates only', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(isValidIsoDate('2023-02-29')).toBe(false);
    expect(isValidIsoDate('2024-13-01')).toBe(false);
    expect(isValidIsoDate('2024-04-31')).toBe(false);
    expect(isValidIsoDate('01/09/2024')).toBe(false);
    expect(isValidIsoDate(undefined)).toBe(false);
  });
});

describe('date arithmetic', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDaysToIsoDate('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDaysToIsoDate('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDaysToIsoDate('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDaysToIsoDate('2025-01-01', -1)).toBe('2024-12-31');
  });

  it('adds months clamped to the last day of the target month', () => {
    expect(addMonthsToIsoDate('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonthsToIsoDate('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonthsToIsoDate('2024-05-31', -3)).toBe('2024-02-29');
    expect(addMonthsToIsoDate('2024-11-15', 3)).toBe('2025-02-15');
    expect(addMonthsToIsoDate('2025-01-15', -1)).toBe('2024-12-15');
    expect(addYearsToIsoDate('2024-02-29', 1)).toBe('2025-02-28');
  });

  it('counts whole months consistently with addMonths', () => {
    expect(monthsBetween('2024-09-01', '2025-09-01')).toBe(12);
    expect(monthsBetween('2024-09-01', '2025-08-31')).toBe(11);
    expect(monthsBetween('2024-01-31', '2024-02-29')).toBe(1);
    expect(monthsBetween('2024-01-31', '2024-02-28')).toBe(0);
    expect(monthsBetween('2025-09-01', '2024-09-01')).toBe(-12);
  });

  it('gives the first day of the next month', () => {
    expect(firstDayOfNextMonth('2024-03-15')).toBe('2024-04-01');
    expect(firstDayOfNextMonth('2024-12-01')).toBe('2025-01-01');
  });
});

describe('ageAt', () => {
  it('adds a year on the birthday, not the day before', () => {
    expect(ageAt('2006-09-01', '2024-08-31')).toBe(17);
    expect(ageAt('2006-09-01', '2024-09-01')).toBe(18);
  });

  it('ages someone born on 29 February on 1 March in a common year', () => {
    expect(ageAt('2008-02-29', '2023-02-28')).toBe(14);
    expect(ageAt('2008-02-29', '2023-03-01')).toBe(15);
    expect(ageAt('2008-02-29', '2024-02-29')).toBe(16);
  });
});
