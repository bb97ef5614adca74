import { signatureFlow } from '@passerelle/contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { attachmentDisposition } from '../../lib/content-disposition.ts';
import { readFileField } from '../../lib/multipart-file.ts';
import { requestKeyOf } from '../../db/request-keys.ts';
import { registerRoute } from '../../lib/route.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { registerFileAccessRule } from '../files/files.service.ts';
import { SIGNATURE_SCAN_MAX_BYTES } from '@passerelle/contract';
import { canReadSignedResult, evidencePdf } from './completion.ts';
import { sendCode, sign } from './one-time-codes.ts';
import { decideManualSignature, uploadScan, type UploadedScan } from './paper-scans.ts';
import { chooseMethod, getSignature, readSignatureDocument, refuse, signatureFlowDeps } from './procedure.ts';

const infoOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
});

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
export default async function signatureFlowRoutes(app: FastifyInstance): Promise<void> {
  const onRequest = app.authenticate;
  const staffOnly = app.requireUserType('staff', 'admin');
  const deps = () => signatureFlowDeps(app);
  // An action's dependencies with its request's Idempotency-Key: the same action again is answered, not done again.
  const keyed = async (request: FastifyRequest) => ({
    ...(await deps()),
    once: requestKeyOf(request, signedInUser(request).id),
  });
  registerFileAccessRule('signature-result', (db, user, file) => canReadSignedResult(db, user, file.id));

  registerRoute(app, signatureFlow.get, { onRequest }, async (request) =>
    getSignature(await deps(), signedInUser(request), request.params.id),
  );
  registerRoute(app, signatureFlow.document, { onRequest }, async (request, reply) => {
    const { name, bytes } = await readSignatureDocument(
      await deps(),
      signedInUser(request),
      request.params.id,
      request.params.docId,
      {
        as: request.query.as ?? 'download',
        info: infoOf(request),
      },
    );
    return reply
      .type('application/pdf')
      .header('Content-Disposition', attachmentDisposition(name).replace(/^attachment/, 'inline'))
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(pdf(bytes));
  });
  registerRoute(app, signatureFlow.chooseMethod, { onRequest }, async (request) =>
    chooseMethod(await keyed(request), signedInUser(request), request.params.id, request.body.method),
  );
  registerRoute(app, signatureFlow.sendCode, { onRequest }, async (request) =>
    sendCode(await keyed(request), signedInUser(request), request.params.id),
  );
  registerRoute(app, signatureFlow.sign, { onRequest }, async (request) =>
    sign(await keyed(request), signedInUser(request), request.params.id, request.body, infoOf(request)),
  );
  registerRoute(app, signatureFlow.refuse, { onRequest }, async (request) =>
    refuse(await keyed(request), signedInUser(request), request.params.id, request.body.reason, infoOf(request)),
  );
  registerRoute(app, signatureFlow.uploadScan, { onRequest }, async (request) => {
    const user = signedInUser(request);
    return uploadScan(await keyed(request), user, request.params.id, await readScan(request), infoOf(request));
  });

  registerRoute(app, signatureFlow.manualSignature, { onRequest: staffOnly }, async (request) =>
    decideManualSignature(await keyed(request), signedInUser(request), request.params.id, request.body),
  );
  registerRoute(app, signatureFlow.evidence, { onRequest: staffOnly }, async (request, reply) => {
    const bytes = await evidencePdf(await deps(), signedInUser(request), request.params.id);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', attachmentDisposition(`certificat-de-signature-dossier-${request.params.id}.pdf`))
      .header('Cache-Control', 'private, no-store')
      .send(pdf(bytes));
  });
}
