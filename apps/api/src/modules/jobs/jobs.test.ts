import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { jobQueue, loginTokens, requestKeys, scheduledJobs, users } from '../../db/schema/index.ts';
import { claimJob, ensureJobs, finishJob, jobs, runDueJobs, type JobDefinition } from './jobs.service.ts';

/**
 * The job runner (docs/decisions/0014-job-runner.md): every API process polls; a run happens where a process wins the
 * job's row, once. The clock is moved in the database (next_run_at, locked_until), never slept on.
 */
describe('job runner', async () => {
  const { app, url } = await createTestApp();
  const db = app.db;

  /** A second API process on the same database (PostgreSQL); on PGlite, one process is all there can be. */
  async function secondProcess(): Promise<FastifyInstance> {
    if (!url) return app;
    const database = await openDatabase({ url, poolSize: 4 });
    const other = await buildApp({ config: app.config, database, logger: false });
    await other.ready();
    afterAll(async () => {
      await other.close();
      await database.close();
    });
    return other;
  }

  const jobRow = async (name: string) => (await db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name)))[0];
  const makeDue = (name: string) =>
    db
      .update(scheduledJobs)
      .set({ nextRunAt: sql`now() - interval '1 second'` })
      .where(eq(scheduledJobs.name, name));

  it('gives a due job to one claimant only, and to none while it is held or not due', async () => {
    const job: JobDefinition = { name: 'test-claim', every: 'hour', run: () => Promise.resolve({}) };
    await ensureJobs(db, [job]);
    const other = await secondProcess();
    const claims = await Promise.all([claimJob(db, job.name), claimJob(other.db, job.name), claimJob(db, job.name)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    // Held (the lease runs): nobody else gets it, even though it is still due.
    expect(await claimJob(other.db, job.name)).toBe(false);
    // A holder that died: once the lease is over, another process takes the job.
    await db
      .update(scheduledJobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(scheduledJobs.name, job.name));
    expect(await claimJob(other.db, job.name)).toBe(true);
    await finishJob(db, job.name, new Date(Date.now() + 3_600_000), null);
    expect(await claimJob(db, job.name)).toBe(false);
    const row = await jobRow(job.name);
    expect(row?.lockedUntil).toBeNull();
    expect(row?.lastFinishedAt).not.toBeNull();
  });

  it('runs a job once when several processes poll at the same time, then not before its next time', async () => {
    let runs = 0;
    const job: JobDefinition = {
      name: 'test-once',
      every: 'hour',
      run: async () => {
        runs += 1;
        await new Promise((resolve) => setImmediate(resolve));
        return { runs };
      },
    };
    const other = await secondProcess();
    await Promise.all([runDueJobs(app, [job]), runDueJobs(other, [job]), runDueJobs(app, [job])]);
    expect(runs).toBe(1);
    const row = await jobRow(job.name);
    // Hourly: due again an hour after the run.
    expect((row?.nextRunAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(3_500_000);
    expect(row?.lastError).toBeNull();
    await runDueJobs(other, [job]);
    expect(runs).toBe(1);
    await makeDue(job.name);
    await runDueJobs(other, [job]);
    expect(runs).toBe(2);
  });

  it('records the failure of a job (codes, no message) and tries it again ten minutes later', async () => {
    const job: JobDefinition = {
      name: 'test-failing',
      every: 'day',
      run: () =>
        Promise.reject(Object.assign(new Error('could not mail lea.martin@example.test'), { code: 'TEST_FAILURE' })),
    };
    await ensureJobs(db, [job]);
    await makeDue(job.name);
    expect(await runDueJobs(app, [job])).toEqual([{ name: job.name, ok: false }]);
    const row = await jobRow(job.name);
    expect(row?.lastError).toContain('TEST_FAILURE');
    expect(row?.lastError).not.toContain('lea.martin');
    expect(row?.lockedUntil).toBeNull();
    const retryIn = (row?.nextRunAt.getTime() ?? 0) - Date.now();
    expect(retryIn).toBeGreaterThan(9 * 60_000);
    expect(retryIn).toBeLessThanOrEqual(10 * 60_000);
    // Not due yet: nothing runs.
    expect(await runDueJobs(app, [job])).toEqual([]);
    // Next time it works: the error is cleared, and a daily job is due at the next 07:00 in Paris.
    job.run = () => Promise.resolve({});
    await makeDue(job.name);
    expect(await runDueJobs(app, [job])).toEqual([{ name: job.name, ok: true, result: {} }]);
    const after = await jobRow(job.name);
    expect(after?.lastError).toBeNull();
    const paris = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' });
    expect(paris.format(after?.nextRunAt)).toBe('07:00');
  });

  it('runs the purges, the reminders and the staff digest as scheduled jobs', async () => {
    const [user] = await db.insert(users).values({ email: 'purged@example.test', userType: 'admissible' }).returning();
    await db
      .insert(loginTokens)
      .values({ userId: user?.id ?? 0, tokenHash: 'dead-link', expiresAt: sql`now() - interval '31 days'` });
    // A request key's answer of two days ago and a queued job done eight days ago go; a fresh answer stays.
    const answer = { userId: user?.id ?? 0, route: 'POST /api/x', fingerprint: 'f', answer: {} };
    await db.insert(requestKeys).values([
      { ...answer, key: 'old', createdAt: sql`now() - interval '2 days'` },
      { ...answer, key: 'fresh' },
    ]);
    await db.insert(jobQueue).values({ kind: 'test', key: 'old', state: 'done', finishedAt: sql`now() - interval '8 days'` });
    await ensureJobs(db, jobs);
    for (const job of jobs) await makeDue(job.name);
    const runs = await runDueJobs(app);
    expect(runs.map((run) => [run.name, run.ok])).toEqual([
      ['purge-sign-in', true],
      ['purge-queues', true],
      ['reminders', true],
      ['signature-reminders', true],
      ['staff-digest', true],
    ]);
    expect(runs[0]?.result).toMatchObject({ loginTokens: 1 });
    expect(runs[1]?.result).toEqual({ requestKeys: 1, queuedJobs: 1 });
    expect((await db.select().from(requestKeys)).map((row) => row.key)).toEqual(['fresh']);
    expect(await db.select().from(loginTokens).where(eq(loginTokens.tokenHash, 'dead-link'))).toEqual([]);
  });
});
