/**
 * One phase of the server's start, on the main thread or on the worker that makes a new embedded database: when it
 * began and ended (milliseconds since the process started) and the CPU time of its thread meanwhile.
 */
export interface StartPhase {
  name: string;
  startMs: number;
  endMs: number;
  cpuMs: number;
}

const threadCpuMs = () => {
  const usage = process.threadCpuUsage();
  return (usage.user + usage.system) / 1000;
};

/**
 * Times the server's start phase by phase, for `bench/first-start.ts` (server.ts logs them at the debug level only).
 * The clock is performance's, whose origin is the process's start: the first phase holds Node's own start. Phases of
 * the main thread follow each other (`end`) or overlap (`time`: loading modules while the database opens); one of
 * another thread is added with its own times (`add`). Names and times only: nothing of the data.
 */
export function startPhases() {
  const phases: StartPhase[] = [];
  const mark = () => ({ ms: performance.now(), cpuMs: threadCpuMs() });
  const push = (name: string, from: { ms: number; cpuMs: number }, to: { ms: number; cpuMs: number }) =>
    phases.push({
      name,
      startMs: Math.round(from.ms),
      endMs: Math.round(to.ms),
      cpuMs: Math.round(to.cpuMs - from.cpuMs),
    });
  let last = { ms: 0, cpuMs: 0 };
  return {
    /** Ends the main thread's phase under way (everything since the last phase ended), named `name`. */
    end(name: string): void {
      const now = mark();
      push(name, last, now);
      last = now;
    },
    /**
     * A phase that runs beside others on the main thread, from the end of the last phase until `work` settles; its
     * CPU is the thread's over that time, whatever ran. The next `end` starts when the last such phase ends.
     */
    async time<T>(name: string, work: Promise<T>): Promise<T> {
      const from = last;
      try {
        return await work;
      } finally {
        const now = mark();
        push(name, from, now);
        if (now.ms > last.ms) last = now;
      }
    },
    /** A phase of another thread, its times as epoch milliseconds. */
    add(name: string, startedAt: number, endedAt: number, cpuMs: number): void {
      const ms = (epoch: number) => Math.round(epoch - performance.timeOrigin);
      phases.push({ name, startMs: Math.max(0, ms(startedAt)), endMs: ms(endedAt), cpuMs: Math.round(cpuMs) });
    },
    list: (): StartPhase[] => [...phases].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs),
    /** The whole process's CPU so far, every thread. */
    processCpuMs(): number {
      const usage = process.cpuUsage();
      return Math.round((usage.user + usage.system) / 1000);
    },
  };
}
