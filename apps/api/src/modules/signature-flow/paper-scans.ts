import { SIGNATURE_SCAN_MAX_BYTES } from '@passerelle/contract';
import type { SignatureResponse, SignerRole } from '@passerelle/contract';
import { wakeQueueRunners } from '../../db/job-queue.ts';
import { answerOf } from '../../db/request-keys.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { detectFileType, hasExtension } from '../../lib/file-type.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { withDossier } from '../dossiers/dossiers.service.ts';
import { discardFileBytes, insertFileRow, putFileBytes, safeFilename } from '../files/files.service.ts';
import { notifyScanConfirmed, notifyScanRejected } from '../notifications/notifications.service.ts';
import { appendSignatureEvent } from '../signing/signing.service.ts';
import {
  act,
  advance,
  contextOf,
  currentDocuments,
  isExpired,
  readSignature,
  requireTurn,
  type ActionInfo,
  type FlowDeps,
} from './procedure.ts';
import * as repo from './signature-flow.repo.ts';

export { SIGNATURE_SCAN_MAX_BYTES };

export interface UploadedScan {
  filename: string | undefined;
  bytes: Uint8Array;
  truncated: boolean;
}

/** POST /signature/:id/upload: the signer whose turn it is sends the signed scan (manual method): PDF by content, 10 MB. */
export async function uploadScan(
  deps: FlowDeps,
  user: AuthUser,
  dossierId: number,
  file: UploadedScan | undefined,
  info: ActionInfo,
): Promise<SignatureResponse> {
  // Who and when first, so that an outsider's bytes are neither scanned nor stored.
  const context = await withDossier(deps.db, user, dossierId, { access: 'signer' }, async (_dossier, db) =>
    contextOf(db, user, dossierId, await repo.findLatestProcedure(db, dossierId)),
  );
  // The same upload again (a double click): its first answer, the bytes neither scanned nor stored again.
  const answered = deps.once ? await answerOf<SignatureResponse>(deps.db, deps.once) : undefined;
  if (answered) return answered;
  if (context.procedure.state !== 'pending' || isExpired(context.procedure, new Date())) throw new AppError('SIGNATURE_UNAVAILABLE');
  requireTurn(context);
  if (context.procedure.method !== 'manual') throw new AppError('CONFLICT', 'The manual method is not chosen');
  if (!file || file.bytes.byteLength === 0) throw validationError({ file: ['field.required'] });
  if (file.truncated || file.bytes.byteLength > SIGNATURE_SCAN_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', 'The signed document is larger than 10 MB', { file: ['file.too_large'] });
  if ((await detectFileType(file.bytes))?.mime !== 'application/pdf')
    throw new AppError('UNSUPPORTED_FILE_TYPE', 'Allowed: .pdf', {
      file: [hasExtension(file.filename, ['.pdf']) ? 'file.content_not_pdf' : 'file.unsupported_type'],
    });
  await deps.guard.scan(user.id, [{ field: 'file', bytes: file.bytes }]);
  const prepared = await putFileBytes(deps.storage, {
    ownerUserId: user.id,
    kind: 'signature-scan',
    filename: safeFilename(file.filename, `contrat-signe-dossier-${dossierId}`, '.pdf'),
    contentType: 'application/pdf',
    bytes: file.bytes,
  });
  let kept = false;
  try {
    const response = await act(deps, user, dossierId, async (locked, _dossier, tx, now) => {
      const signer = requireTurn(locked);
      if (locked.procedure.method !== 'manual') throw new AppError('CONFLICT', 'The manual method is not chosen');
      if (signer.status !== 'pending') throw new AppError('CONFLICT', 'A signed scan awaits the CFA’s check already');
      const documents = await currentDocuments(tx, locked.procedure.id);
      const stored = await insertFileRow(tx, prepared);
      kept = true;
      await repo.updateSigner(tx, signer.id, {
        status: 'submitted',
        scanFileId: stored.id,
        scanSha256: stored.sha256,
        scanUploadedAt: now,
        ip: info.ip,
        userAgent: info.userAgent,
      });
      await appendSignatureEvent(tx, {
        dossierId,
        procedureId: locked.procedure.id,
        type: 'scan.uploaded',
        payload: {
          role: signer.role,
          userId: user.id,
          fileId: stored.id,
          scanSha256: stored.sha256,
          size: stored.size,
          atMs: now.getTime(),
          ip: info.ip,
          userAgent: info.userAgent,
          documents: documents.map((doc) => ({ id: doc.id, kind: doc.kind, version: doc.version, sha256: doc.sha256 })),
        },
        at: now,
      });
      await deps.guard.checkBudget(tx, { userId: user.id, userType: user.userType, fields: ['file'] });
      return readSignature(tx, user, dossierId);
    });
    // Answered from a concurrent same request (its request key) under the lock: these bytes are nobody's.
    if (!kept) await discardFileBytes(deps.storage, [prepared.storageKey]);
    return response;
  } catch (err) {
    await discardFileBytes(deps.storage, [prepared.storageKey]);
    throw err;
  }
}

/**
 * POST /staff/dossiers/:id/manual-signature: staff confirm a signer's scan (a paper signature, never presented as
 * electronic; the flow moves on) or reject it with a reason (the signer is mailed and uploads again).
 */
export async function decideManualSignature(
  deps: FlowDeps,
  user: AuthUser,
  dossierId: number,
  body: { decision: 'confirmed' | 'rejected'; role?: SignerRole | undefined; reason?: string | undefined },
): Promise<SignatureResponse> {
  const response = await act(deps, user, dossierId, async (context, dossier, tx, now) => {
    const signer = context.signers.find((row) => row.status === 'submitted' && (body.role === undefined || row.role === body.role));
    if (!signer) throw new AppError('CONFLICT', 'No signed scan awaits a decision');
    const payload = {
      role: signer.role,
      decidedByUserId: user.id,
      scanSha256: signer.scanSha256,
      fileId: signer.scanFileId,
      atMs: now.getTime(),
      ...(body.reason ? { reason: body.reason } : {}),
    };
    if (body.decision === 'rejected') {
      await repo.updateSigner(tx, signer.id, { status: 'pending', scanFileId: null, scanSha256: null, scanUploadedAt: null });
      await appendSignatureEvent(tx, { dossierId, procedureId: context.procedure.id, type: 'scan.rejected', payload, at: now });
      await notifyScanRejected(tx, deps.config, dossier.row, signer.userId, body.reason ?? '');
      return readSignature(tx, user, dossierId);
    }
    await repo.updateSigner(tx, signer.id, { status: 'signed', method: 'manual', signedAt: now, signedByUserId: user.id });
    await appendSignatureEvent(tx, {
      dossierId,
      procedureId: context.procedure.id,
      type: 'scan.confirmed',
      payload: { ...payload, name: signer.name, email: signer.email, method: 'manual' },
      at: now,
    });
    await notifyScanConfirmed(tx, deps.config, dossier.row, signer.userId);
    context.signers = context.signers.map((row) => (row.id === signer.id ? { ...row, status: 'signed' } : row));
    await advance(deps, context, dossier, tx, signer, now, { method: 'manual' });
    return readSignature(tx, user, dossierId);
  });
  // The last decision queued the seal (advance): this process's runner starts it now, off this request.
  if (response.state === 'signed') wakeQueueRunners(deps.db);
  return response;
}
