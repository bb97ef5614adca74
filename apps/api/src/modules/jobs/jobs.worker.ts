import type { FastifyInstance } from 'fastify';
import { errorSummary } from '../../lib/logger.ts';
import { startPoller } from '../../lib/poller.ts';
import { jobs, runDueJobs, type JobDefinition } from './jobs.service.ts';

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
