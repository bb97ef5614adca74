import { describe, expect, it } from 'vitest';
import { newMessageId, retryDelaySeconds } from './mail.service.ts';

describe('retryDelaySeconds', () => {
  it('doubles after each failed attempt, from 30 seconds, up to one hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
  });
});

describe('newMessageId', () => {
  it('is a fresh id on the domain of the From address, with or without a display name', () => {
    expect(newMessageId('Passerelle CFA <no-reply@cfa.example.fr>')).toMatch(/^<[0-9a-f-]{36}@cfa\.example\.fr>$/);
    expect(newMessageId('no-reply@ecole.test')).toMatch(/^<[0-9a-f-]{36}@ecole\.test>$/);
    expect(newMessageId('no-reply@ecole.test')).not.toBe(newMessageId('no-reply@ecole.test'));
  });

  it('falls back to localhost when the From address has no usable domain', () => {
    expect(newMessageId('Passerelle')).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    expect(newMessageId('x@ <>')).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
  });
});
