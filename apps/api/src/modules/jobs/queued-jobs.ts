import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { claimQueuedJob, finishQueuedJob, type QueuedJob } from '../../db/job-queue.ts';
import { errorSummary } from '../../lib/logger.ts';
import { runSealJob, SEAL_JOB, signatureFlowDeps } from '../signature-flow/signature-flow.service.ts';
import { describeJobError } from './jobs.service.ts';

/**
 * Queued jobs (docs/decisions/0040-queued-jobs.md): work a transaction queued in `job_queue` (db/job-queue.ts), run by
 * whichever API process takes it first, within seconds, once. Each kind is idempotent on its own (the seal is stored
 * under the procedure's lock, its mails in that transaction), so a run retried after a crash does nothing twice.
 */
export interface QueuedJobDefinition {
  kind: string;
  run(app: FastifyInstance, job: QueuedJob): Promise<void>;
}

export const queuedJobs: readonly QueuedJobDefinition[] = [
  // The signed contract sealed and its parties mailed, queued with the last signature (issue 27).
  {
    kind: SEAL_JOB,
    run: async (app, job) => runSealJob(await signatureFlowDeps(app), job.payload as Record<string, unknown>),
  },
];

/**
 * A taken job is its runner's for this long: a seal takes well under a second (sealing the largest demo contract with
 * its scans: about half a second), and the lease covers a slow one many times over. A process that dies mid-run leaves
 * the job to another once it is over.
 */
export const QUEUED_JOB_LEASE_SECONDS = 120;
/** Then given up (state failed; the hourly sweep still tries a seal): about a day of attempts with the delays below. */
export const QUEUED_JOB_MAX_ATTEMPTS = 12;

/** 30 s, 1 min, 2 min, ... up to an hour: a database away for a while is not hammered. */
export function queuedJobRetrySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

/** A name for this runner in `locked_by`: host, process, and the runner (tests run several in one process). */
export function newRunnerName(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

export interface QueuedJobRun {
  id: number;
  kind: string;
  ok: boolean;
}

/** Runs due jobs one at a time (each under its own lease) until none is due or a stop is asked. */
export async function runQueuedJobs(
  app: FastifyInstance,
  options: { runner: string; definitions?: readonly QueuedJobDefinition[]; shouldStop?: () => boolean },
): Promise<QueuedJobRun[]> {
  const definitions = options.definitions ?? queuedJobs;
  const kinds = definitions.map((definition) => definition.kind);
  const runs: QueuedJobRun[] = [];
  while (!options.shouldStop?.()) {
    const job = await claimQueuedJob(app.db, kinds, QUEUED_JOB_LEASE_SECONDS, options.runner);
    if (!job) break;
    const definition = definitions.find((candidate) => candidate.kind === job.kind);
    try {
      if (!definition) throw new Error('unknown job kind');
      await definition.run(app, job);
      await finishQueuedJob(app.db, job, { error: null });
      app.log.info({ job: job.kind, id: job.id, attempts: job.attempts }, 'queued job done');
      runs.push({ id: job.id, kind: job.kind, ok: true });
    } catch (err) {
      const giveUp = job.attempts >= QUEUED_JOB_MAX_ATTEMPTS;
      const retryInSeconds = queuedJobRetrySeconds(job.attempts);
      await finishQueuedJob(app.db, job, { error: describeJobError(err), giveUp, retryInSeconds });
      // Codes only: the error of a job about a case may quote its data.
      app.log.warn({ job: job.kind, id: job.id, attempts: job.attempts, giveUp, err: errorSummary(err) }, 'queued job failed');
      runs.push({ id: job.id, kind: job.kind, ok: false });
    }
  }
  return runs;
}
