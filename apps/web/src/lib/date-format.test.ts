import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatHour, formatLongDate, formatTime, parseDate } from './date-format';

const afternoon = new Date(2026, 10, 15, 14, 5);

describe('date formats (SPEC 9)', () => {
  it('writes dd/mm/yyyy and dd/mm/yyyy HH:MM in English as in French', () => {
    for (const language of ['fr-FR', 'en-US']) {
      expect(formatDate('2026-11-15', language)).toBe('15/11/2026');
      expect(formatDate(afternoon, language)).toBe('15/11/2026');
      expect(formatDateTime(afternoon, language)).toBe('15/11/2026 14:05');
      expect(formatTime(afternoon, language)).toBe('14:05');
    }
  });

  it('writes the long form as weekday dd month yyyy, in the language', () => {
    expect(formatLongDate('2026-11-15', 'fr-FR')).toBe('dimanche 15 novembre 2026');
    expect(formatLongDate('2026-11-15', 'en-US')).toBe('Sunday 15 November 2026');
    expect(formatLongDate('2026-03-01', 'en-US')).toBe('Sunday 01 March 2026');
    expect(formatLongDate('2026-11-15', 'de-DE')).toBe('Sonntag 15 November 2026');
  });

  it('names every day and month as Intl does, in French and English', () => {
    for (const language of ['fr-FR', 'en-US']) {
      const name = (date: Date, part: 'weekday' | 'month') =>
        new Intl.DateTimeFormat(language, { [part]: 'long' }).format(date);
      for (let month = 0; month < 12; month += 1) {
        for (const day of [1, 2, 3, 4, 5, 6, 7]) {
          const date = new Date(2026, month, day);
          const iso = `2026-${String(month + 1).padStart(2, '0')}-0${day}`;
          expect(formatLongDate(iso, language)).toBe(`${name(date, 'weekday')} 0${day} ${name(date, 'month')} 2026`);
        }
      }
    }
  });

  it('builds each formatter once, whatever the number of dates', () => {
    const spy = vi.spyOn(Intl, 'DateTimeFormat');
    for (let day = 1; day <= 28; day += 1) {
      formatLongDate(`2027-02-${String(day).padStart(2, '0')}`, 'fr-FR');
      formatDateTime(new Date(2027, 1, day, 8, 0), 'fr-FR');
    }
    expect(spy.mock.calls.length).toBeLessThanOrEqual(3);
    spy.mockRestore();
  });

  it('keeps a calendar day whatever the time zone, and reads an instant in local time', () => {
    expect(parseDate('2026-01-01')?.getDate()).toBe(1);
    const instant = new Date(2026, 0, 2, 9, 30).toISOString();
    expect(formatDateTime(instant)).toBe('02/01/2026 09:30');
  });

  it('shows nothing for no value and the value itself when it is no date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('0000-00-00')).toBe('0000-00-00');
    expect(formatDateTime('bientôt')).toBe('bientôt');
    expect(formatHour('09:30:00')).toBe('09:30');
  });
});
