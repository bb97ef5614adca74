import { Cron } from 'croner';
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { purgeFinishedJobs } from '../../db/job-queue.ts';
import { purgeRequestKeys } from '../../db/request-keys.ts';
import { scheduledJobs } from '../../db/schema/index.ts';
import { errorSummary } from '../../lib/logger.ts';
import { PARIS_TIME_ZONE } from '../../lib/paris-time.ts';
import { purgeExpiredSessions } from '../auth/auth.service.ts';
import {
  remindersJob,
  sendReminders,
  sendStaffDigests,
  staffDigestJob,
} from '../notifications/notifications.service.ts';
import { countStaffAlerts } from '../staff/staff.service.ts';
import { runSignatureSweep, signatureFlowDeps, signatureRemindersJob } from '../signature-flow/signature-flow.service.ts';

/**
 * Scheduled work on one runner (docs/decisions/0014-job-runner.md): a row per job in `scheduled_jobs`; every API process
 * polls, and a run happens where a process wins the row's claim, so once whatever the number of processes. The jobs
 * themselves are idempotent (their mails are marked in `job_marks`), so a run retried after a crash sends nothing twice.
 */
export interface JobDefinition {
  name: string;
  /** Hourly jobs run an hour after the last run; daily ones at 07:00 Europe/Paris, before the office opens. */
  every: 'hour' | 'day';
  /** Counts only (no personal data): they are logged. */
  run(app: FastifyInstance): Promise<object>;
}

export const jobs: readonly JobDefinition[] = [
  { name: 'purge-sign-in', every: 'hour', run: (app) => purgeExpiredSessions(app.db) },
  // The answers kept for request keys (a day) and the queued jobs finished a week ago (issue 27).
  {
    name: 'purge-queues',
    every: 'hour',
    run: async (app) => ({ requestKeys: await purgeRequestKeys(app.db), queuedJobs: await purgeFinishedJobs(app.db) }),
  },
  { name: remindersJob, every: 'hour', run: (app) => sendReminders(app.db, app.config) },
  // Signers reminded, procedures expired, a failed seal tried again (issue 11).
  { name: signatureRemindersJob, every: 'hour', run: async (app) => runSignatureSweep(await signatureFlowDeps(app)) },
  {
    name: staffDigestJob,
    every: 'day',
    run: async (app) => sendStaffDigests(app.db, app.config, await countStaffAlerts(app.db, app.config)),
  },
];

/** A claimed job is someone's for this long; a process that died mid-run leaves it to another after it. */
export const JOB_LEASE_SECONDS = 15 * 60;
/** A failed run is tried again this much later (not at its next regular time: a daily digest would wait a day). */
export const JOB_RETRY_SECONDS = 10 * 60;
/**
 * 07:00 every day on Paris's wall clock (minute, hour, day, month, weekday), daylight saving included. Croner only
 * tells the times here (no function, paused): the runner polls the table, so that one process runs each job.
 */
const dailyRun = new Cron('0 7 * * *', { timezone: PARIS_TIME_ZONE, paused: true });

export function nextRunAfter(job: Pick<JobDefinition, 'every'>, at: Date): Date {
  switch (job.every) {
    case 'hour':
      return new Date(at.getTime() + 3_600_000);
    case 'day': {
      // Croner answers null only for a pattern that never matches again (a stop date, a past year): not this one.
      const next = dailyRun.nextRun(at);
      if (!next) throw new Error('no next daily run');
      return next;
    }
  }
}

/** Adds the rows of jobs not known yet: hourly ones due now, daily ones at their next time. Existing rows are kept. */
export async function ensureJobs(db: Db, definitions: readonly JobDefinition[], now = new Date()): Promise<void> {
  await db
    .insert(scheduledJobs)
    .values(
      definitions.map((job) => ({ name: job.name, nextRunAt: job.every === 'hour' ? now : nextRunAfter(job, now) })),
    )
    .onConflictDoNothing();
}

/**
 * Takes the job for this process when it is due and nobody holds it: one conditional update, atomic on PostgreSQL (a
 * second process's update waits for the first's row lock, then finds the lock taken and updates nothing) and on PGlite
 * (one connection).
 */
export async function claimJob(db: Db, name: string, leaseSeconds = JOB_LEASE_SECONDS): Promise<boolean> {
  const rows = await db
    .update(scheduledJobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, lastStartedAt: sql`now()` })
    .where(
      and(
        eq(scheduledJobs.name, name),
        lte(scheduledJobs.nextRunAt, sql`now()`),
        or(isNull(scheduledJobs.lockedUntil), lt(scheduledJobs.lockedUntil, sql`now()`)),
      ),
    )
    .returning({ name: scheduledJobs.name });
  return rows.length > 0;
}

/** Releases the job, due again at `nextRunAt`, with the run's error (codes only) or none. */
export async function finishJob(db: Db, name: string, nextRunAt: Date, error: string | null): Promise<void> {
  await db
    .update(scheduledJobs)
    .set({ lockedUntil: null, lastFinishedAt: sql`now()`, nextRunAt, lastError: error })
    .where(eq(scheduledJobs.name, name));
}

/** What is kept of a failure: its type and codes, never its message (a database error's message quotes values). */
export function describeJobError(err: unknown): string {
  const { frames: _frames, ...summary } = errorSummary(err);
  return JSON.stringify(summary).slice(0, 500);
}

export interface JobRun {
  name: string;
  ok: boolean;
  result?: object;
}

/** Runs every job due now that this process wins, one after the other. `shouldStop` is checked between jobs. */
export async function runDueJobs(
  app: FastifyInstance,
  definitions: readonly JobDefinition[] = jobs,
  options: { shouldStop?: () => boolean } = {},
): Promise<JobRun[]> {
  await ensureJobs(app.db, definitions);
  const runs: JobRun[] = [];
  for (const job of definitions) {
    if (options.shouldStop?.()) break;
    if (!(await claimJob(app.db, job.name))) continue;
    try {
      const result = await job.run(app);
      await finishJob(app.db, job.name, nextRunAfter(job, new Date()), null);
      app.log.info({ job: job.name, result }, 'scheduled job done');
      runs.push({ name: job.name, ok: true, result });
    } catch (err) {
      const error = describeJobError(err);
      await finishJob(app.db, job.name, new Date(Date.now() + JOB_RETRY_SECONDS * 1000), error);
      app.log.warn({ job: job.name, err: errorSummary(err) }, 'scheduled job failed');
      runs.push({ name: job.name, ok: false });
    }
  }
  return runs;
}
