import { describe, expect, it } from 'vitest';
import { checkWeeklyHours } from './working-time.ts';

describe('checkWeeklyHours', () => {
  it('accepts up to exactly 40 hours', () => {
    expect(checkWeeklyHours({ heures: 35, minutes: 0 })).toEqual([]);
    expect(checkWeeklyHours({ heures: 39, minutes: 59 })).toEqual([]);
    expect(checkWeeklyHours({ heures: 40, minutes: 0 })).toEqual([]);
    expect(checkWeeklyHours({ heures: 40 })).toEqual([]);
  });

  it('rejects anything past 40 hours', () => {
    const overLimit = [
      {
        path: 'contrat.dureeTravailHebdoHeures',
        code: 'working_time.over_limit',
        severity: 'error',
        params: { max: 40 },
      },
    ];
    expect(checkWeeklyHours({ heures: 40, minutes: 1 })).toEqual(overLimit);
    expect(checkWeeklyHours({ heures: 41, minutes: 0 })).toEqual(overLimit);
  });

  it('rejects minutes out of 0-59, fractional or negative hours and zero', () => {
    expect(checkWeeklyHours({ heures: 35, minutes: 60 })).toEqual([
      { path: 'contrat.dureeTravailHebdoMinutes', code: 'working_time.minutes_invalid', severity: 'error' },
    ]);
    expect(checkWeeklyHours({ heures: 35.5 }).map((issue) => issue.code)).toEqual(['working_time.hours_invalid']);
    expect(checkWeeklyHours({ heures: -1 }).map((issue) => issue.code)).toEqual(['working_time.hours_invalid']);
    expect(checkWeeklyHours({ heures: 0, minutes: 0 }).map((issue) => issue.code)).toEqual(['working_time.zero']);
    expect(checkWeeklyHours({ heures: null })).toEqual([]);
  });
});
