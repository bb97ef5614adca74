import type { FastifyInstance } from 'fastify';
import { listenForQueuedJobs } from '../../db/job-queue.ts';
import { errorSummary } from '../../lib/logger.ts';
import { startPoller } from '../../lib/poller.ts';
import { jobs, runDueJobs, type JobDefinition } from './jobs.service.ts';
import { newRunnerName, queuedJobs, runQueuedJobs, type QueuedJobDefinition } from './queued-jobs.ts';

export interface JobRunner {
  /** Lets the job running now finish, then stops polling. */
  stop(): Promise<void>;
}

/**
 * Polls `scheduled_jobs` every JOB_POLL_INTERVAL_MS. Every API process runs one; each run of a job happens in the
 * process that wins its claim (jobs.service.ts), so the reminders, the staff digest and the purge run once.
 */
export function startJobRunner(app: FastifyInstance, definitions: readonly JobDefinition[] = jobs): JobRunner {
  return startPoller(app.config.JOB_POLL_INTERVAL_MS, async (shouldStop) => {
    try {
      await runDueJobs(app, definitions, { shouldStop });
    } catch (err) {
      // The database may be briefly away; the next tick tries again. Codes only: a database error's detail can hold data.
      app.log.error({ err: errorSummary(err) }, 'job runner tick failed');
    }
  });
}

export interface QueueRunner extends JobRunner {
  /** Its name in `job_queue.locked_by`. */
  name: string;
}

/**
 * Runs the queued jobs (queued-jobs.ts): polls `job_queue` every QUEUE_POLL_INTERVAL_MS, at once when started (work
 * left by a process that died) and whenever a commit of this process queued work (db/job-queue.ts
 * `wakeQueueRunners`). Every API process runs one; each job runs where it is taken first.
 */
export function startQueueRunner(
  app: FastifyInstance,
  definitions: readonly QueuedJobDefinition[] = queuedJobs,
): QueueRunner {
  const name = newRunnerName();
  const poller = startPoller(app.config.QUEUE_POLL_INTERVAL_MS, async (shouldStop) => {
    try {
      await runQueuedJobs(app, { runner: name, definitions, shouldStop });
    } catch (err) {
      app.log.error({ err: errorSummary(err) }, 'queue runner tick failed');
    }
  });
  const stopListening = listenForQueuedJobs(app.db, () => poller.wake());
  poller.wake();
  return {
    name,
    async stop() {
      stopListening();
      await poller.stop();
    },
  };
}
