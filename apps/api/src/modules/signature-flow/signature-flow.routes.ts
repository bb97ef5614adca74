import {
  manualSignatureDecisionBody,
  signatureCodeResponse,
  signatureDocumentParams,
  signatureMethodBody,
  signatureParams,
  signatureRefuseBody,
  signatureResponse,
  signatureSignBody,
  staffDossierParams,
} from '@passerelle/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { fileResponse, formFile } from '@passerelle/contract';
import { attachmentDisposition } from '../../lib/content-disposition.ts';
import { readFileField } from '../../lib/multipart-file.ts';
import { registerFileAccessRule } from '../files/files.service.ts';
import { canReadSignedResult, evidencePdf } from './completion.ts';
import { sendCode, sign } from './one-time-codes.ts';
import { decideManualSignature, SIGNATURE_SCAN_MAX_BYTES, uploadScan, type UploadedScan } from './paper-scans.ts';
import { chooseMethod, getSignature, readSignatureDocument, refuse, signatureFlowDeps } from './procedure.ts';

function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

const infoOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
});

const scanForm = z.object({ file: formFile(`The signed scan: .pdf, ${SIGNATURE_SCAN_MAX_BYTES / 1024 / 1024} MB at most`) });

// One file part, one byte over the limit so that an oversized file is recognised rather than cut silently.
const scanFormLimits = { fileSize: SIGNATURE_SCAN_MAX_BYTES + 1, files: 1, fields: 2, parts: 3 };

function readScan(request: FastifyRequest): Promise<UploadedScan | undefined> {
  return readFileField(request, scanFormLimits);
}

const pdf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Signing a case's contract (issue 11): `/api/signature/:id` (`:id` is the dossier) for its signers, whatever their
 * user type (authenticated; 403 to anyone else), and the staff's manual-signature decision and evidence download.
 * Every action is a POST: opening a link (a GET) changes nothing.
 */
export default async function signatureFlowRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.authenticate;
  const staffOnly = app.requireUserType('staff', 'admin');
  const deps = () => signatureFlowDeps(app);
  registerFileAccessRule('signature-result', (db, user, file) => canReadSignedResult(db, user, file.id));
  const schema = { params: signatureParams, response: { 200: signatureResponse } };

  app.get('/signature/:id', { onRequest, schema }, async (request) =>
    getSignature(await deps(), signedInUser(request), request.params.id),
  );
  app.get(
    '/signature/:id/documents/:docId',
    {
      onRequest,
      schema: { params: signatureDocumentParams, response: { 200: fileResponse('application/pdf', 'The document version to sign') } },
    },
    async (request, reply) => {
      const { name, bytes } = await readSignatureDocument(
        await deps(),
        signedInUser(request),
        request.params.id,
        request.params.docId,
      );
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachmentDisposition(name).replace(/^attachment/, 'inline'))
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(pdf(bytes));
    },
  );
  app.post('/signature/:id/method', { onRequest, schema: { ...schema, body: signatureMethodBody } }, async (request) =>
    chooseMethod(await deps(), signedInUser(request), request.params.id, request.body.method),
  );
  app.post(
    '/signature/:id/code',
    { onRequest, schema: { params: signatureParams, response: { 200: signatureCodeResponse } } },
    async (request) => sendCode(await deps(), signedInUser(request), request.params.id),
  );
  app.post('/signature/:id/sign', { onRequest, schema: { ...schema, body: signatureSignBody } }, async (request) =>
    sign(await deps(), signedInUser(request), request.params.id, request.body.code, infoOf(request), request.body.consentLang),
  );
  app.post('/signature/:id/refuse', { onRequest, schema: { ...schema, body: signatureRefuseBody } }, async (request) =>
    refuse(await deps(), signedInUser(request), request.params.id, request.body.reason, infoOf(request)),
  );
  app.post(
    '/signature/:id/upload',
    { onRequest, schema: { ...schema, openapi: { multipart: scanForm } } },
    async (request) => {
      const user = signedInUser(request);
      return uploadScan(await deps(), user, request.params.id, await readScan(request), infoOf(request));
    },
  );

  app.post(
    '/staff/dossiers/:id/manual-signature',
    { onRequest: staffOnly, schema: { params: staffDossierParams, body: manualSignatureDecisionBody, response: { 200: signatureResponse } } },
    async (request) => decideManualSignature(await deps(), signedInUser(request), request.params.id, request.body),
  );
  app.get(
    '/staff/dossiers/:id/evidence',
    {
      onRequest: staffOnly,
      schema: { params: staffDossierParams, response: { 200: fileResponse('application/pdf', 'The certificate of completion') } },
    },
    async (request, reply) => {
      const bytes = await evidencePdf(await deps(), signedInUser(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachmentDisposition(`certificat-de-signature-dossier-${request.params.id}.pdf`))
        .header('Cache-Control', 'private, no-store')
        .send(pdf(bytes));
    },
  );
}
