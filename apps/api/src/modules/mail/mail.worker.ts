import type { FastifyInstance } from 'fastify';
import { loadDataKeys } from '../../db/secrets.ts';
import type { DataKeys } from '../../lib/crypto.ts';
import { startPoller } from '../../lib/poller.ts';
import { createMailSender, deliverDueMails, errorCode } from './mail.service.ts';

export interface MailWorker {
  /** Lets the current batch finish (each send is bounded by the SMTP timeouts), then stops polling. */
  stop(): Promise<void>;
}

/**
 * Polls the outbox every MAIL_POLL_INTERVAL_MS. Every API process may run one: claims use
 * `FOR UPDATE SKIP LOCKED`, so a mail is never sent twice.
 */
export function startMailWorker(app: FastifyInstance): MailWorker {
  const sender = createMailSender(app.config);
  if (sender.kind === 'console') app.log.info('SMTP_URL is not set: mails are printed on the console');
  // The data keys put a signature code back into its mail (mail-secret.ts): read once, again after a failure.
  let keys: DataKeys | undefined;
  const poller = startPoller(app.config.MAIL_POLL_INTERVAL_MS, async (shouldStop) => {
    try {
      keys ??= await loadDataKeys(app.db, app.config);
      await deliverDueMails(app.db, sender, {
        maxAttempts: app.config.MAIL_MAX_ATTEMPTS,
        log: app.log,
        shouldStop,
        keys,
      });
    } catch (err) {
      // The database may be briefly away; the next tick tries again. No message: a database error's detail can hold an address.
      app.log.error(
        { err: { type: err instanceof Error ? err.name : 'Error', code: errorCode(err) } },
        'mail worker tick failed',
      );
    }
  });

  return {
    async stop() {
      await poller.stop();
      sender.close();
    },
  };
}
