import { describe, expect, it } from 'vitest';
import { nextRunAfter } from './jobs.service.ts';

describe('when a scheduled job runs next', () => {
  it('runs an hourly job an hour later', () => {
    expect(nextRunAfter({ every: 'hour' }, new Date('2026-11-25T10:15:00Z')).toISOString()).toBe(
      '2026-11-25T11:15:00.000Z',
    );
  });

  it('runs a daily job at the next 07:00 in Paris, winter and summer time', () => {
    const at = (iso: string) => nextRunAfter({ every: 'day' }, new Date(iso)).toISOString();
    // Winter (UTC+1): 07:00 in Paris is 06:00 UTC.
    expect(at('2026-11-25T05:00:00Z')).toBe('2026-11-25T06:00:00.000Z');
    expect(at('2026-11-25T06:00:00Z')).toBe('2026-11-26T06:00:00.000Z');
    expect(at('2026-11-25T23:30:00Z')).toBe('2026-11-26T06:00:00.000Z');
    // Summer (UTC+2): 05:00 UTC.
    expect(at('2026-07-01T04:59:00Z')).toBe('2026-07-01T05:00:00.000Z');
    // The night clocks go forward (29 March 2026) and back (25 October 2026).
    expect(at('2026-03-28T07:00:00Z')).toBe('2026-03-29T05:00:00.000Z');
    expect(at('2026-10-24T06:00:00Z')).toBe('2026-10-25T06:00:00.000Z');
    // Past 23:00 UTC it is already the next day in Paris.
    expect(at('2026-12-31T23:30:00Z')).toBe('2027-01-01T06:00:00.000Z');
    // A run finishing a little past 07:00 (milliseconds included) is due the next day, not again today.
    expect(at('2026-11-25T06:00:00.999Z')).toBe('2026-11-26T06:00:00.000Z');
    expect(at('2026-11-25T05:59:59.999Z')).toBe('2026-11-25T06:00:00.000Z');
  });
});
