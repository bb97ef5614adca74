import { APPLICANT_IMPORT_MAX_BYTES, type Language } from '@passerelle/contract';
import { applicants } from '@passerelle/contract/routes';
import { messageLanguage } from '@passerelle/contract/rules/zod-messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readFilePart } from '../../lib/multipart-file.ts';
import { registerRoute } from '../../lib/route.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { importMessages } from './applicants-messages.ts';
import {
  confirmedIds,
  findApplicants,
  importApplicants,
  inviteApplicant,
  inviteApplicants,
  languageOf,
} from './applicants.service.ts';

const importFormLimits = { fileSize: APPLICANT_IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3 };

/** The `file` part's bytes; a file over the limit is refused with the import's own message. */
function readImportFile(request: FastifyRequest, lang: Language): Promise<Uint8Array> {
  return readFilePart(request, importFormLimits, {
    missing: lang === 'en-US' ? 'Choose a CSV file to import.' : 'Choisissez un fichier CSV à importer.',
    tooLarge: importMessages(lang).tooLarge(APPLICANT_IMPORT_MAX_BYTES / 1024 / 1024),
  });
}

/** Admitted applicants for the back office (issue 12): the CSV import, the list, and their invitations. */
export default async function applicantsRoutes(app: FastifyInstance): Promise<void> {
  const onRequest = app.requireUserType('staff', 'admin');

  registerRoute(app, applicants.import, { onRequest }, async (request) => {
    // The screen's language (the web app sends it); the account's for a script that sends none.
    const header = request.headers['accept-language'];
    const lang = header ? messageLanguage(header) : await languageOf(app.db, signedInUser(request));
    const bytes = await readImportFile(request, lang);
    return importApplicants(app.db, {
      bytes,
      dryRun: request.query.dryRun === 'true',
      lang,
      confirmed: confirmedIds(request.query.confirm),
    });
  });

  registerRoute(app, applicants.list, { onRequest }, async (request) => findApplicants(app.db, request.query));

  registerRoute(app, applicants.invite, { onRequest }, async (request) =>
    inviteApplicants(app.db, app.config, request.body, { staffId: signedInUser(request).id }),
  );

  registerRoute(app, applicants.inviteOne, { onRequest }, async (request) =>
    inviteApplicant(app.db, app.config, request.params.id),
  );
}
