import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { jobQueue } from './schema/index.ts';

/**
 * The queue of work a transaction hands to any API process (docs/decisions/0040-queued-jobs.md): queued in the
 * transaction whose commit makes the work due, taken by one process at a time under a lease, done within seconds. The
 * runner and the kinds of work live in modules/jobs; this file is the table, so that any module can queue.
 */
export type QueuedJob = typeof jobQueue.$inferSelect;

/** JSON of ids and flags: a payload is read back by another process, and never holds personal data. */
export type JobPayload = Record<string, string | number | boolean | null>;

/**
 * Queues `kind` for `key` (once: a second queuing of the same work is a no-op), due now. In the caller's transaction, so
 * that the work exists exactly when the change that calls for it is committed.
 */
export async function queueJob(db: Db | Tx, job: { kind: string; key: string; payload?: JobPayload }): Promise<void> {
  await db
    .insert(jobQueue)
    .values({ kind: job.kind, key: job.key, payload: job.payload ?? {} })
    .onConflictDoNothing();
}

/**
 * Takes one due job of these kinds for `holder`, for `leaseSeconds`: queued, due, and not held by a live lease (a
 * holder that died leaves it once its lease is over). `FOR UPDATE SKIP LOCKED` lets several processes claim at once
 * without taking the same job; the attempt is counted at claim time, so that a crash mid-run counts too.
 */
export async function claimQueuedJob(
  db: Db,
  kinds: readonly string[],
  leaseSeconds: number,
  holder: string,
): Promise<QueuedJob | undefined> {
  if (kinds.length === 0) return undefined;
  const due = db
    .select({ id: jobQueue.id })
    .from(jobQueue)
    .where(
      and(
        eq(jobQueue.state, 'queued'),
        inArray(jobQueue.kind, [...kinds]),
        lte(jobQueue.runAt, sql`now()`),
        or(isNull(jobQueue.lockedUntil), lt(jobQueue.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(jobQueue.runAt), asc(jobQueue.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [job] = await db
    .update(jobQueue)
    .set({
      lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      lockedBy: holder,
      startedAt: sql`now()`,
      attempts: sql`${jobQueue.attempts} + 1`,
    })
    .where(inArray(jobQueue.id, due))
    .returning();
  return job;
}

/**
 * The end of a run: done, or (with `retry`) queued again after `retry.inSeconds`, or given up (state failed). Only for
 * the claim it ends (same attempt): a holder whose lease ran out, the job taken over since, changes nothing.
 */
export async function finishQueuedJob(
  db: Db,
  job: Pick<QueuedJob, 'id' | 'attempts'>,
  outcome: { error: null } | { error: string; giveUp: boolean; retryInSeconds: number },
): Promise<void> {
  const ended =
    outcome.error === null
      ? { state: 'done', finishedAt: sql`now()`, lastError: null }
      : outcome.giveUp
        ? { state: 'failed', finishedAt: sql`now()`, lastError: outcome.error }
        : { runAt: sql`now() + make_interval(secs => ${outcome.retryInSeconds})`, lastError: outcome.error };
  await db
    .update(jobQueue)
    .set({ ...ended, lockedUntil: null })
    .where(and(eq(jobQueue.id, job.id), eq(jobQueue.attempts, job.attempts), eq(jobQueue.state, 'queued')));
}

/** Jobs done or given up more than `days` ago: their trace is kept that long. */
export async function purgeFinishedJobs(db: Db, days = 7): Promise<number> {
  const rows = await db
    .delete(jobQueue)
    .where(and(inArray(jobQueue.state, ['done', 'failed']), lt(jobQueue.finishedAt, sql`now() - make_interval(days => ${days})`)))
    .returning({ id: jobQueue.id });
  return rows.length;
}

// ---------- Waking this process's runner ----------

/** The runners of this process, by the database they poll: a commit that queued work wakes them at once. */
const runners = new WeakMap<object, Set<() => void>>();

/** Called by a runner: `wake` runs when work is queued through `db` in this process. Answers how to stop listening. */
export function listenForQueuedJobs(db: Db, wake: () => void): () => void {
  let listeners = runners.get(db);
  if (!listeners) {
    listeners = new Set();
    runners.set(db, listeners);
  }
  listeners.add(wake);
  return () => listeners.delete(wake);
}

/**
 * After the commit of a transaction that queued work: this process's runner starts now rather than at its next poll.
 * Other processes find the work at their next poll (QUEUE_POLL_INTERVAL_MS); where no runner runs, nothing happens.
 */
export function wakeQueueRunners(db: Db): void {
  for (const wake of runners.get(db) ?? []) wake();
}
