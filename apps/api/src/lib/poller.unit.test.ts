import { describe, expect, it, vi } from 'vitest';
import { startPoller } from './poller.ts';

describe('startPoller', () => {
  it('runs the tick at once when woken, not at its next time, and again after a run it was woken during', async () => {
    let runs = 0;
    let release: () => void = () => {};
    const poller = startPoller(60_000, async () => {
      runs += 1;
      if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    try {
      poller.wake();
      await vi.waitFor(() => expect(runs).toBe(1));
      // Woken while running (work queued after the run looked): one more run right after, not a minute later.
      poller.wake();
      poller.wake();
      release();
      await vi.waitFor(() => expect(runs).toBe(2));
    } finally {
      await poller.stop();
    }
    // Stopped: a wake runs nothing.
    poller.wake();
    expect(runs).toBe(2);
  });
});
