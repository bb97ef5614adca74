import { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { inviteStaff } from '../modules/staff-accounts/staff-accounts.service.ts';
import { cliLanguage, CliError, deliverQueuedMails, parseCliArgs, withCliDatabase } from './cli-db.ts';

export const createStaffUsage = 'create-staff EMAIL [--admin] [--lang fr-FR|en-US]';

/**
 * `npm run cli -- create-staff EMAIL [--admin]`: a back-office account (the first admin of an empty portal), mailed a
 * personal sign-in link in its language; the mail is sent at once (printed here when SMTP_URL is not set).
 */
export async function createStaffCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  const { words, given } = parseCliArgs(argv, { admin: { type: 'boolean' }, lang: { type: 'string' } });
  const lang = cliLanguage(given.lang);
  const en = lang === 'en-US';
  const [email, ...rest] = words;
  if (!email || rest.length > 0) throw new CliError(`Usage: npm run cli -- ${createStaffUsage}`, 2);
  if (!z.email().max(254).safeParse(email.trim().toLowerCase()).success) {
    throw new CliError(en ? `${email} is not a valid e-mail address.` : `${email} n'est pas une adresse e-mail valide.`, 2);
  }
  const admin = given.admin === true;
  return withCliDatabase('create-staff', async (context) => {
    let created: boolean;
    try {
      ({ created } = await inviteStaff(context.db, context.config, { email, admin, invitedBy: null, lang }));
    } catch (err) {
      if (err instanceof AppError && err.status < 500) throw new CliError(`create-staff: ${err.message}`);
      throw err;
    }
    const report = await deliverQueuedMails(context);
    const role = admin ? (en ? 'admin' : 'administrateur') : en ? 'staff member' : "membre de l'équipe";
    out.write(
      en
        ? `${created ? 'Account created' : 'Account updated'} (${role}); ${report.delivered} sign-in mail(s) sent${context.config.SMTP_URL ? '' : ' (printed above: SMTP_URL is not set)'}.\n`
        : `${created ? 'Compte créé' : 'Compte mis à jour'} (${role}) ; ${report.delivered} mail(s) de connexion envoyé(s)${context.config.SMTP_URL ? '' : ' (affiché(s) ci-dessus : SMTP_URL non défini)'}.\n`,
    );
    return report.retried + report.failed > 0 ? 1 : 0;
  });
}
