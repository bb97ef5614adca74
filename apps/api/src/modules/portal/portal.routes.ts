import { uploadFields, uploadRules } from '@passerelle/contract';
import { portal } from '@passerelle/contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import { attachmentDisposition } from '../../lib/content-disposition.ts';
import { readForm } from '../../lib/multipart-file.ts';
import { createUploadGuard } from '../../db/upload-guard.ts';
import { createSealCertificateStore } from '../signing/signing.service.ts';
import { getAttestation } from './attestations.ts';
import {
  findPartners,
  findPublicFiles,
  getCmsInfo,
  getPortalInfos,
  uploadDocuments,
  type UploadForm,
} from './portal.service.ts';

function userId(request: FastifyRequest): number {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user.id;
}

const maxUploadBytes = Math.max(...uploadFields.map((f) => uploadRules[f].maxBytes));

const uploadFormLimits = {
  fileSize: maxUploadBytes,
  files: uploadFields.length,
  fields: 4,
  fieldSize: 1024,
  parts: uploadFields.length + 4,
};

/** Reads the whole form. Oversized files are cut and flagged rather than thrown, so every field gets its own error. */
function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  return readForm(request, uploadFormLimits, { skipEmptyFiles: true });
}

/** The applicant portal's content: feed, documents and uploads, public files, partners, attestations. */
export default async function portalRoutes(app: FastifyInstance): Promise<void> {
  const uploads = {
    db: app.db,
    storage: app.storage,
    guard: createUploadGuard(app.config, app.log),
    maxCvs: app.config.UPLOAD_MAX_CVS,
  };
  // The school's seal, loaded at the first attestation (the same certificate as the contracts': signing).
  const attestations = { db: app.db, config: app.config, seal: createSealCertificateStore(app.db, app.config) };
  const admissibleOnly = app.requireUserType('admissible');

  registerRoute(app, portal.cms, { onRequest: admissibleOnly }, async (request) =>
    getCmsInfo(app.db, userId(request), request.query.lang),
  );

  registerRoute(app, portal.infos, { onRequest: admissibleOnly }, async (request) =>
    getPortalInfos(app.db, userId(request)),
  );

  registerRoute(app, portal.upload, { onRequest: admissibleOnly }, async (request) =>
    uploadDocuments(uploads, userId(request), await readUploadForm(request)),
  );

  registerRoute(app, portal.publicFiles, { onRequest: admissibleOnly }, async (request) =>
    findPublicFiles(app.db, userId(request), request.params.dossierId, request.query.type),
  );

  registerRoute(app, portal.partners, { onRequest: admissibleOnly }, async () => findPartners(app.db));

  registerRoute(app, portal.attestation, { onRequest: admissibleOnly }, async (request, reply) => {
    const { kind } = request.params;
    const pdf = await getAttestation(attestations, userId(request), kind);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', attachmentDisposition(`attestation-${kind}.pdf`))
      .header('Cache-Control', 'private, no-store')
      .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  });
}
