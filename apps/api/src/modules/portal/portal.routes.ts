import {
  attestationParams,
  cmsInfo,
  cmsLangQuery,
  partnersResponse,
  portalInfos,
  publicFilesParams,
  publicFilesQuery,
  publicFilesResponse,
  uploadFields,
  uploadRules,
} from '@passerelle/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { attachmentDisposition } from '../../lib/content-disposition.ts';
import { readForm } from '../../lib/multipart-file.ts';
import { fileResponse, formFile } from '@passerelle/contract';
import { createUploadGuard } from '../../lib/upload-guard.ts';
import { getAttestation } from './attestations.ts';
import { findPartners, findPublicFiles, getCmsInfo, getPortalInfos, uploadDocuments, type UploadForm } from './portal.service.ts';

function userId(request: FastifyRequest): number {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user.id;
}

const maxUploadBytes = Math.max(...uploadFields.map((f) => uploadRules[f].maxBytes));

/** The upload form, for the OpenAPI document: readUploadForm reads it. Each file field is optional; one at least is sent. */
const uploadForm = z.object({
  ...Object.fromEntries(
    uploadFields.map((field) => {
      const { extensions, maxBytes } = uploadRules[field];
      return [field, formFile(`${extensions.join(', ')}; ${maxBytes / 1024 / 1024} MB at most`).optional()];
    }),
  ),
  numCvec: z.string().max(1024).optional().describe('CVEC certificate number'),
});
const attestationPdf = fileResponse('application/pdf', 'The attestation');

const uploadFormLimits = { fileSize: maxUploadBytes, files: uploadFields.length, fields: 4, fieldSize: 1024, parts: uploadFields.length + 4 };

/** Reads the whole form. Oversized files are cut and flagged rather than thrown, so every field gets its own error. */
function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  return readForm(request, uploadFormLimits, { skipEmptyFiles: true });
}

/** The applicant portal's content: feed, documents and uploads, public files, partners, attestations. */
export default async function portalRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const uploads = { db: app.db, storage: app.storage, guard: createUploadGuard(app.config, app.log), maxCvs: app.config.UPLOAD_MAX_CVS };
  const admissibleOnly = app.requireUserType('admissible');

  r.get(
    '/admissibles/portal/cms',
    { onRequest: admissibleOnly, schema: { querystring: cmsLangQuery, response: { 200: cmsInfo } } },
    async (request) => getCmsInfo(app.db, userId(request), request.query.lang),
  );

  r.get('/admissibles/portal/infos', { onRequest: admissibleOnly, schema: { response: { 200: portalInfos } } }, async (request) =>
    getPortalInfos(app.db, userId(request)),
  );

  r.post('/admissibles/portal/upload', { onRequest: admissibleOnly, schema: { openapi: { multipart: uploadForm }, response: { 200: portalInfos } } }, async (request) =>
    uploadDocuments(uploads, userId(request), await readUploadForm(request)),
  );

  r.get(
    '/admissibles/file/getPublicFiles/:dossierId',
    { onRequest: admissibleOnly, schema: { params: publicFilesParams, querystring: publicFilesQuery, response: { 200: publicFilesResponse } } },
    async (request) => findPublicFiles(app.db, userId(request), request.params.dossierId, request.query.type),
  );

  r.get('/admissibles/portal/partners', { onRequest: admissibleOnly, schema: { response: { 200: partnersResponse } } }, async () =>
    findPartners(app.db),
  );

  r.get('/admissibles/portal/attestations/:kind', { onRequest: admissibleOnly, schema: { params: attestationParams, response: { 200: attestationPdf } } }, async (request, reply) => {
    const { kind } = request.params;
    const pdf = await getAttestation(app.db, userId(request), kind);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', attachmentDisposition(`attestation-${kind}.pdf`))
      .header('Cache-Control', 'private, no-store')
      .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  });
}
