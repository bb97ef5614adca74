import {
  fundingValidationBody,
  fundingValidationResponse,
  salaryGridQuery,
  salaryGridResponse,
  sheetDrafts,
  sheetFinishQuery,
  sheetParams,
  sheetResponse,
  type SheetKind,
  type UserType,
} from '@passerelle/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { loadDataKeys } from '../../db/secrets.ts';
import { readFileField } from '../../lib/multipart-file.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { formFile } from '@passerelle/contract';
import { createUploadGuard } from '../../db/upload-guard.ts';
import { registerFileAccessRule } from '../files/files.service.ts';
import { getSalaryGrid } from '../smic/smic.service.ts';
import { decideFunding, getFundingValidation } from './funding.service.ts';
import {
  canReadSheetAttachment,
  checkSheet,
  getSheet,
  jobDescriptionMaxBytes,
  saveSheetDraft,
  submitSheet,
  uploadJobDescription,
  type SheetsDeps,
  type UploadedFile,
} from './sheets.service.ts';

function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

/** Each sheet's address, the party that fills it in, and the name of its final action (SPEC: "send" for the information sheet). */
const sheetRoutes: { kind: SheetKind; path: string; party: UserType; finish: 'submit' | 'send' }[] = [
  { kind: 'f1ca', path: '/admissibles/fiche-premier-contact/:id', party: 'admissible', finish: 'submit' },
  { kind: 'f1ce', path: '/employeurs/fiche-premier-contact/:id', party: 'company', finish: 'submit' },
  { kind: 'missions', path: '/employeurs/modification-missions/:id', party: 'company', finish: 'submit' },
  { kind: 'fra', path: '/admissibles/fiche-renseignement/:id', party: 'admissible', finish: 'send' },
  { kind: 'fre', path: '/employeurs/fiche-renseignement/:id', party: 'company', finish: 'send' },
];

/** The job description form, for the OpenAPI document: readSingleFile reads it. */
const jobDescriptionForm = z.object({
  file: formFile(`.pdf, .doc or .docx; ${jobDescriptionMaxBytes / 1024 / 1024} MB at most`),
});

// One file part, one byte over the limit so that an oversized file is recognised rather than cut silently.
const jobDescriptionFormLimits = { fileSize: jobDescriptionMaxBytes + 1, files: 1, fields: 2, parts: 3 };

function readSingleFile(request: FastifyRequest): Promise<UploadedFile | undefined> {
  return readFileField(request, jobDescriptionFormLimits);
}

/**
 * The sheets of a dossier (first contacts, missions, information sheet), the funding validation, the
 * job description upload and the salary grid. Staff may act on every sheet.
 */
export default async function sheetsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deps: SheetsDeps = { db: app.db, keys: await loadDataKeys(app.db, app.config), config: app.config };
  const uploads = createUploadGuard(app.config, app.log);
  registerFileAccessRule('sheet-attachment', (db, user, file) => canReadSheetAttachment(db, user, file.id));

  for (const { kind, path, party, finish } of sheetRoutes) {
    const onRequest = app.requireUserType(party, 'staff', 'admin');
    const schema = { params: sheetParams, response: { 200: sheetResponse } };
    app.get(path, { onRequest, schema }, async (request) =>
      getSheet(deps, signedInUser(request), kind, request.params.id),
    );
    app.put(path, { onRequest, schema: { ...schema, body: sheetDrafts[kind] } }, async (request) =>
      saveSheetDraft(deps, signedInUser(request), kind, request.params.id, request.body as Record<string, unknown>),
    );
    app.post(
      `${path}/${finish}`,
      {
        onRequest,
        schema: {
          ...schema,
          querystring: sheetFinishQuery,
          body: sheetDrafts[kind].nullish(),
          response: { 200: sheetResponse, 204: z.undefined().describe('The dry run found nothing to fix') },
        },
      },
      async (request, reply) => {
        const body = (request.body ?? undefined) as Record<string, unknown> | undefined;
        if (request.query.dryRun === 'true') {
          await checkSheet(deps, signedInUser(request), kind, request.params.id, body);
          return reply.status(204).send();
        }
        return submitSheet(deps, signedInUser(request), kind, request.params.id, body);
      },
    );
  }

  app.post(
    '/employeurs/modification-missions/:id/attachment',
    {
      onRequest: app.requireUserType('company', 'staff', 'admin'),
      schema: { params: sheetParams, openapi: { multipart: jobDescriptionForm }, response: { 200: sheetResponse } },
    },
    async (request) =>
      uploadJobDescription(
        deps,
        app.storage,
        uploads,
        signedInUser(request),
        request.params.id,
        await readSingleFile(request),
      ),
  );

  const fundingSchema = { params: sheetParams, response: { 200: fundingValidationResponse } };
  app.get(
    '/employeurs/validation-financement/:id',
    { onRequest: app.requireUserType('company', 'staff', 'admin'), schema: fundingSchema },
    async (request) => getFundingValidation(deps, signedInUser(request), request.params.id),
  );
  app.post(
    '/employeurs/validation-financement/:id',
    {
      onRequest: app.requireUserType('company', 'staff', 'admin'),
      schema: { ...fundingSchema, body: fundingValidationBody },
    },
    async (request) => decideFunding(deps, signedInUser(request), request.params.id, request.body),
  );

  app.get(
    '/sheets/salary-grid',
    { onRequest: app.authenticate, schema: { querystring: salaryGridQuery, response: { 200: salaryGridResponse } } },
    async (request) => getSalaryGrid(app.db, request.query),
  );
}
