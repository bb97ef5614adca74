import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { setMailContact } from '../mail/mail.service.ts';
import { readCfaContact, type CfaEnvironment } from '../settings/settings.service.ts';

/**
 * How long a process's copy of the CFA's contact under the mails may be older than the settings (issue 28). The mails
 * are written without a database at hand (templates.ts), so each process keeps the contact and reads it again this
 * often; the process that saves the settings updates its copy at once.
 */
export const MAIL_CONTACT_TTL_MS = 30_000;

/** Reads the contact in force and puts it under the mails this process writes. */
export async function refreshMailContact(db: Db, config: CfaEnvironment): Promise<void> {
  setMailContact(await readCfaContact(db, config));
}

/** The contact under the mails read now, then every MAIL_CONTACT_TTL_MS until the app closes. */
export async function keepMailContactFresh(app: FastifyInstance): Promise<void> {
  await refreshMailContact(app.db, app.config);
  const timer = setInterval(() => {
    refreshMailContact(app.db, app.config).catch((err: unknown) => {
      // The copy in hand stays: a database away for a moment leaves the last contact under the mails.
      app.log.warn({ err }, 'the CFA contact under the mails could not be read again');
    });
  }, MAIL_CONTACT_TTL_MS);
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));
}
