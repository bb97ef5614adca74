export interface Poller {
  /** Runs the tick now instead of at its next time (right after the run in progress, if one is). */
  wake(): void;
  /** Lets the run in progress finish, then stops polling. */
  stop(): Promise<void>;
}

/**
 * Runs `tick` `intervalMs` after the previous run ended, until stopped (the background workers: the outbox, the
 * scheduled jobs, the queued jobs). `tick` catches its own errors; `shouldStop` tells it a stop was asked, to end a
 * long batch early. `wake` lets a commit that made work due start the tick at once.
 */
export function startPoller(intervalMs: number, tick: (shouldStop: () => boolean) => Promise<void>): Poller {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  /** Woken during a run: the work it was told of may have come after the run looked. */
  let again = false;
  const shouldStop = () => stopped;

  const run = () => {
    clearTimeout(timer);
    again = false;
    running = tick(shouldStop).finally(() => {
      running = undefined;
      if (again && !stopped) run();
      else schedule();
    });
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(run, intervalMs);
  };
  schedule();

  return {
    wake() {
      if (stopped) return;
      if (running) again = true;
      else run();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
