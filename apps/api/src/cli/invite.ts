import { findApplicantIdsByEmail, inviteApplicants } from '../modules/applicants/applicants.service.ts';
import { cliLanguage, CliError, deliverQueuedMails, parseCliArgs, withCliDatabase } from './cli-db.ts';

export const inviteUsage = 'invite EMAIL... [--lang fr-FR|en-US]';

/**
 * `npm run cli -- invite EMAIL...`: mails these applicants their invitation (a personal sign-in link, in each one's
 * language), then sends the queued mails at once: printed here when SMTP_URL is not set.
 */
export async function inviteCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  const { words: emails, given } = parseCliArgs(argv, { lang: { type: 'string' } });
  const en = cliLanguage(given.lang) === 'en-US';
  if (emails.length === 0) throw new CliError(`Usage: npm run cli -- ${inviteUsage}`, 2);
  return withCliDatabase('invite', async (context) => {
    const { ids, unknown } = await findApplicantIdsByEmail(context.db, emails);
    if (unknown.length > 0) {
      throw new CliError(
        en
          ? `No applicant has these addresses: ${unknown.join(', ')}. Nothing was sent; import them first (import-applicants).`
          : `Aucun candidat n'a ces adresses : ${unknown.join(', ')}. Rien n'a été envoyé ; importez-les d'abord (import-applicants).`,
      );
    }
    const { invited } = await inviteApplicants(context.db, context.config, { ids, notInvitedOnly: false }, undefined);
    const report = await deliverQueuedMails(context);
    const skipped = ids.length - invited;
    out.write(
      en
        ? `${invited} invitation(s) queued, ${report.delivered} mail(s) sent${context.config.SMTP_URL ? '' : ' (printed above: SMTP_URL is not set)'}.\n`
        : `${invited} invitation(s) en file, ${report.delivered} mail(s) envoyé(s)${context.config.SMTP_URL ? '' : ' (affiché(s) ci-dessus : SMTP_URL non défini)'}.\n`,
    );
    if (skipped > 0) {
      out.write(
        en
          ? `${skipped} applicant(s) were invited five times within the hour already: try again later.\n`
          : `${skipped} candidat(s) déjà invité(s) cinq fois dans l'heure : réessayez plus tard.\n`,
      );
      return 1;
    }
    return report.retried + report.failed > 0 ? 1 : 0;
  });
}
