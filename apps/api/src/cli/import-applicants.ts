import { readFile } from 'node:fs/promises';
import { AppError } from '../lib/app-error.ts';
import { importMessages } from '../modules/applicants/applicants-messages.ts';
import { importApplicants } from '../modules/applicants/applicants.service.ts';
import { cliLanguage, CliError, parseCliArgs, withCliDatabase } from './cli-db.ts';

export const importApplicantsUsage = 'import-applicants FILE [--dry-run] [--apply-changes] [--lang fr-FR|en-US]';

/**
 * `npm run cli -- import-applicants FILE [--dry-run]`: the back office's import (POST /staff/applicants/import) for
 * scripts. Prints each wrong line as the screen shows it and exits 1; stores all the lines, or none. An applicant already
 * stored whom the file gives another name, school or formation is listed and kept as it is, unless `--apply-changes`
 * (the screen's confirmation, for every one of them: issue 29).
 */
export async function importApplicantsCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  const { words, given } = parseCliArgs(argv, {
    'dry-run': { type: 'boolean' },
    'apply-changes': { type: 'boolean' },
    lang: { type: 'string' },
  });
  const lang = cliLanguage(given.lang);
  const en = lang === 'en-US';
  const [file, ...rest] = words;
  if (!file || rest.length > 0) throw new CliError(`Usage: npm run cli -- ${importApplicantsUsage}`, 2);
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch {
    throw new CliError(en ? `Cannot read the file ${file}.` : `Impossible de lire le fichier ${file}.`);
  }
  const dryRun = given['dry-run'] === true;
  const result = await withCliDatabase('import-applicants', async ({ db }) => {
    try {
      return await importApplicants(db, { bytes, dryRun, lang, confirmed: given['apply-changes'] === true ? 'all' : new Set() });
    } catch (err) {
      // The whole file refused (size, columns): its message is written for a person already.
      if (err instanceof AppError && err.status < 500) throw new CliError(err.message);
      throw err;
    }
  });
  const messages = importMessages(lang);
  for (const error of result.errors) {
    const column = error.field === 'line' ? '' : `, ${messages.columnName(error.field)}`;
    out.write(`${en ? 'Line' : 'Ligne'} ${error.line}${column}: ${error.message}\n`);
  }
  if (result.errors.length > 0) {
    out.write(
      en
        ? `${result.errors.length} error(s) in ${result.rows} line(s): nothing was imported. Fix the file and run the command again.\n`
        : `${result.errors.length} erreur(s) sur ${result.rows} ligne(s) : rien n'a été importé. Corrigez le fichier puis relancez la commande.\n`,
    );
    return 1;
  }
  for (const change of result.changes) {
    const fields = change.fields.map((f) => `${messages.columnName(f.field)}: ${f.from ?? '-'} -> ${f.to || '-'}`).join('; ');
    const outcome = change.confirmed ? '' : en ? ' (kept as it is without --apply-changes)' : ' (laissé tel quel sans --apply-changes)';
    out.write(`${en ? 'Line' : 'Ligne'} ${change.line}: ${fields}${dryRun ? '' : outcome}\n`);
  }
  out.write(
    dryRun
      ? en
        ? `${result.rows} applicant(s) ready to import; nothing was stored (--dry-run).\n`
        : `${result.rows} candidat(s) prêt(s) à importer ; rien n'a été enregistré (--dry-run).\n`
      : en
        ? `${result.imported} applicant(s) imported. Invite them with: npm run cli -- invite EMAIL...\n`
        : `${result.imported} candidat(s) importé(s). Invitez-les avec : npm run cli -- invite EMAIL...\n`,
  );
  return 0;
}
