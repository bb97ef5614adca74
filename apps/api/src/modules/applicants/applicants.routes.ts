import {
  APPLICANT_IMPORT_MAX_BYTES,
  applicantImportQuery,
  applicantImportResponse,
  inviteApplicantsBody,
  inviteApplicantsResponse,
  staffApplicantParams,
  staffApplicantsQuery,
  staffApplicantsResponse,
  type Language,
} from '@passerelle/contract';
import { messageLanguage } from '@passerelle/contract/rules/zod-messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { readFilePart } from '../../lib/multipart-file.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { formFile } from '@passerelle/contract';
import { importMessages } from './applicants-messages.ts';
import { findApplicants, importApplicants, inviteApplicant, inviteApplicants, languageOf } from './applicants.service.ts';

function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

const importForm = z.object({
  file: formFile(`A CSV file (UTF-8 or Windows-1252, commas or semicolons), ${APPLICANT_IMPORT_MAX_BYTES / 1024 / 1024} MB at most`),
});

const importFormLimits = { fileSize: APPLICANT_IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3 };

/** The `file` part's bytes; a file over the limit is refused with the import's own message. */
function readImportFile(request: FastifyRequest, lang: Language): Promise<Uint8Array> {
  return readFilePart(request, importFormLimits, {
    missing: lang === 'en-US' ? 'Choose a CSV file to import.' : 'Choisissez un fichier CSV à importer.',
    tooLarge: importMessages(lang).tooLarge(APPLICANT_IMPORT_MAX_BYTES / 1024 / 1024),
  });
}

/** Admitted applicants for the back office (issue 12): the CSV import, the list, and their invitations. */
export default async function applicantsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireUserType('staff', 'admin');

  app.post(
    '/staff/applicants/import',
    {
      onRequest,
      schema: { querystring: applicantImportQuery, openapi: { multipart: importForm }, response: { 200: applicantImportResponse } },
    },
    async (request) => {
      // The screen's language (the web app sends it); the account's for a script that sends none.
      const header = request.headers['accept-language'];
      const lang = header ? messageLanguage(header) : await languageOf(app.db, signedInUser(request));
      const bytes = await readImportFile(request, lang);
      return importApplicants(app.db, { bytes, dryRun: request.query.dryRun === 'true', lang });
    },
  );

  app.get(
    '/staff/applicants',
    { onRequest, schema: { querystring: staffApplicantsQuery, response: { 200: staffApplicantsResponse } } },
    async (request) => findApplicants(app.db, request.query),
  );

  app.post(
    '/staff/applicants/invite',
    { onRequest, schema: { body: inviteApplicantsBody, response: { 200: inviteApplicantsResponse } } },
    async (request) => inviteApplicants(app.db, app.config, request.body, { staffId: signedInUser(request).id }),
  );

  app.post(
    '/staff/applicants/:id/invite',
    { onRequest, schema: { params: staffApplicantParams, response: { 200: inviteApplicantsResponse } } },
    async (request) => inviteApplicant(app.db, app.config, request.params.id),
  );
}
