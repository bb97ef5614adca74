import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_TOP_DURATION_MS, scrollWindowTo } from './smooth-scroll';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('scrollWindowTo', () => {
  it('takes the given time (600 ms for the scroll-to-top), half way at half time, and stops at the target', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    Object.assign(window, { scrollY: 1200 });
    const tops: number[] = [];
    vi.spyOn(window, 'scrollTo').mockImplementation(((options: ScrollToOptions) => tops.push(options.top ?? -1)) as typeof window.scrollTo);

    scrollWindowTo(0, SCROLL_TOP_DURATION_MS);
    vi.advanceTimersByTime(300);
    expect(tops.at(-1)).toBeGreaterThan(450);
    expect(tops.at(-1)).toBeLessThan(750);
    vi.advanceTimersByTime(250);
    expect(tops.at(-1)).toBeGreaterThan(0);
    vi.advanceTimersByTime(100);
    expect(tops.at(-1)).toBe(0);
    const count = tops.length;
    vi.advanceTimersByTime(200);
    expect(tops).toHaveLength(count);
  });

  it('jumps at once when the person asked for reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }) as MediaQueryList);
    Object.assign(window, { scrollY: 800 });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    scrollWindowTo(0, 600);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  });
});
