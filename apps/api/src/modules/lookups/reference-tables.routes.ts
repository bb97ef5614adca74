import { REFERENCE_TABLE_MAX_BYTES, referenceTableUploadFields, type Language } from '@passerelle/contract';
import { referenceTables } from '@passerelle/contract/routes';
import { messageLanguage } from '@passerelle/contract/rules/zod-messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationError } from '../../lib/app-error.ts';
import { readForm } from '../../lib/multipart-file.ts';
import { parisDay } from '../../lib/paris-time.ts';
import { registerRoute } from '../../lib/route.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { smicFreshness } from '../smic/smic.service.ts';
import { ensureAllTables, listVersions, purgeAnswers, replaceTable } from './lookups.service.ts';

const formLimits = { fileSize: REFERENCE_TABLE_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 };

const texts = (lang: Language) => {
  const en = lang === 'en-US';
  return {
    missing: en ? 'Choose the CSV file of the table.' : 'Choisissez le fichier CSV de la table.',
    tooLarge: en
      ? `This file is over ${REFERENCE_TABLE_MAX_BYTES / 1024 / 1024} MB: load the table's CSV only.`
      : `Ce fichier dépasse ${REFERENCE_TABLE_MAX_BYTES / 1024 / 1024} Mo : chargez seulement le CSV de la table.`,
    source: en
      ? 'Say where these rows come from (publisher and dataset), in 3 to 300 characters.'
      : 'Indiquez d’où viennent ces lignes (éditeur et jeu de données), en 3 à 300 caractères.',
    sourceDate: en ? 'Give the date of the data as a date (day, month, year).' : 'Indiquez la date des données (jour, mois, année).',
  };
};

/** The form's file and its two text fields, each refused under its own name. */
async function readUpload(request: FastifyRequest, lang: Language) {
  const say = texts(lang);
  const form = await readForm(request, formLimits);
  const file = form.files.find((part) => part.field === 'file');
  const errors: Record<string, string[]> = {};
  if (!file || file.bytes.byteLength === 0) errors.file = [say.missing];
  else if (file.truncated) errors.file = [say.tooLarge];
  const fields = referenceTableUploadFields.safeParse({ source: form.fields.source ?? '', sourceDate: form.fields.sourceDate ?? '' });
  if (!fields.success) {
    for (const issue of fields.error.issues) {
      const field = String(issue.path[0]);
      errors[field] = [field === 'source' ? say.source : say.sourceDate];
    }
  }
  if (Object.keys(errors).length > 0 || !file || !fields.success) throw validationError(errors, Object.values(errors)[0]?.[0]);
  return { bytes: file.bytes, ...fields.data };
}

/**
 * The reference tables' versions for the admins (issue 28, settings area of the back office), and the SMIC's freshness
 * for the staff. Registered with the form modules (one @fastify/multipart, modules/index.ts). At the server's start the
 * shipped tables are loaded and old directory answers dropped, so that the first form does not wait.
 */
export default async function referenceTablesRoutes(app: FastifyInstance): Promise<void> {
  const admins = app.requireUserType('admin');
  const staff = app.requireUserType('staff', 'admin');

  app.addHook('onListen', async () => {
    // After listen, in the background: a failure is logged and the tables load at their first use instead.
    void Promise.all([ensureAllTables(app.db), purgeAnswers(app.db)]).catch((error: unknown) =>
      app.log.error({ err: error }, 'reference tables: loading at start failed'),
    );
  });

  registerRoute(app, referenceTables.list, { onRequest: admins }, async () => listVersions(app.db));

  registerRoute(app, referenceTables.replace, { onRequest: admins }, async (request) => {
    const header = request.headers['accept-language'];
    const lang: Language = header ? messageLanguage(header) : 'fr-FR';
    const upload = await readUpload(request, lang);
    await replaceTable(app.db, request.params.table, {
      ...upload,
      userId: signedInUser(request).id,
      lang,
      maxBytes: REFERENCE_TABLE_MAX_BYTES,
    });
    request.log.info({ table: request.params.table }, 'reference table replaced');
    return listVersions(app.db);
  });

  registerRoute(app, referenceTables.smicFreshness, { onRequest: staff }, async () => smicFreshness(app.db, parisDay(new Date())));
}
