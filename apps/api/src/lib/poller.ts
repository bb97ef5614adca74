export interface Poller {
  /** Lets the run in progress finish, then stops polling. */
  stop(): Promise<void>;
}

/**
 * Runs `tick` `intervalMs` after the previous run ended, until stopped (the background workers: the outbox, the
 * scheduled jobs). `tick` catches its own errors; `shouldStop` tells it a stop was asked, to end a long batch early.
 */
export function startPoller(intervalMs: number, tick: (shouldStop: () => boolean) => Promise<void>): Poller {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const shouldStop = () => stopped;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick(shouldStop).finally(() => {
        running = undefined;
        schedule();
      });
    }, intervalMs);
  };
  schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
