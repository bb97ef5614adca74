import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor } from './cpu-slowdown.ts';

describe("the CPU slowdown from Lighthouse's benchmark index", () => {
  it("gives Lighthouse's own points of its calculator", () => {
    expect(cpuSlowdownFor(1533)).toBeCloseTo(4, 1);
    expect(cpuSlowdownFor(1766)).toBeCloseTo(5, 1);
    expect(cpuSlowdownFor(1300)).toBe(3);
    expect(cpuSlowdownFor(800)).toBe(2);
    expect(cpuSlowdownFor(150)).toBe(1);
  });

  it('slows a slower host less, and never speeds it up', () => {
    expect(cpuSlowdownFor(1050)).toBeCloseTo(2.5, 5);
    expect(cpuSlowdownFor(100)).toBe(1);
  });

  it('refuses an index Lighthouse did not measure', () => {
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow();
  });
});
