import type { CfaContact } from '@passerelle/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../lib/database-errors.ts';
import { setMailContact } from '../mail/mail.service.ts';
import { cfaContactFrom, environmentValues, readCfaContact, type CfaEnvironment } from '../settings/settings.service.ts';

/**
 * How long a process's copy of the CFA's contact under the mails may be older than the settings (issue 28). The mails
 * are written without a database at hand (templates.ts), so each process keeps the contact and reads it again this
 * often; the process that saves the settings updates its copy at once.
 */
export const MAIL_CONTACT_TTL_MS = 30_000;

/** The contact last read by this process: what the error pages show while the database is away. */
let lastRead: CfaContact | undefined;

/** Reads the contact in force and puts it under the mails this process writes. */
export async function refreshMailContact(db: Db, config: CfaEnvironment): Promise<void> {
  lastRead = await readCfaContact(db, config);
  setMailContact(lastRead);
}

/**
 * GET /public/contact's answer: the settings' contact. The error pages show it when something fails, a database
 * away included: then the copy this process read last (or the environment's) rather than a 503 with no way to reach
 * the CFA.
 */
export async function currentContact(db: Db, config: CfaEnvironment): Promise<CfaContact> {
  try {
    return await readCfaContact(db, config);
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    return lastRead ?? cfaContactFrom(environmentValues(config));
  }
}

/** The contact under the mails read now, then every MAIL_CONTACT_TTL_MS until the app closes. */
export async function keepMailContactFresh(app: FastifyInstance): Promise<void> {
  const refresh = () =>
    refreshMailContact(app.db, app.config).catch((err: unknown) => {
      // The copy in hand stays (the environment's at first): a database away for a moment leaves it under the mails.
      app.log.warn({ err }, 'the CFA contact under the mails could not be read');
    });
  setMailContact(cfaContactFrom(environmentValues(app.config)));
  await refresh();
  const timer = setInterval(() => void refresh(), MAIL_CONTACT_TTL_MS);
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));
}
