import { describe, expect, it } from 'vitest';
import { retryDelaySeconds } from './mail.service.ts';

describe('retryDelaySeconds', () => {
  it('doubles after each failed attempt, from 30 seconds, up to one hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
  });
});
