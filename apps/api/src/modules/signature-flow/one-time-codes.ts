import { randomInt, timingSafeEqual } from 'node:crypto';
import type { SignatureResponse } from '@passerelle/contract';
import { AppError, validationError } from '../../lib/app-error.ts';
import { keyedHash, type DataKeys } from '../../lib/crypto.ts';
import { wakeQueueRunners } from '../../db/job-queue.ts';
import { hitRateLimit, rateLimitKey } from '../../db/rate-limit.ts';
import { answerOf } from '../../db/request-keys.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { mailSignatureCode } from '../notifications/notifications.service.ts';
import { appendSignatureEvent } from '../signing/signing.service.ts';
import {
  act,
  advance,
  consentOf,
  currentDocuments,
  readSignature,
  requireTurn,
  type ActionInfo,
  type ConsentLang,
  type FlowDeps,
} from './procedure.ts';
import * as repo from './signature-flow.repo.ts';

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
/** One-time codes a signer may ask for per window. */
const CODE_RATE = { limit: 5, windowSeconds: 15 * 60 };

const codeHashOf = (keys: DataKeys, signerId: number, code: string) => keyedHash(keys, `signature-code:${signerId}:${code}`);

/** POST /signature/:id/code: a 6-digit code by e-mail to the signer whose turn it is (online method). */
export async function sendCode(deps: FlowDeps, user: AuthUser, dossierId: number): Promise<{ expiresAt: string; sentTo: string }> {
  // A double click: answered the first click's code, neither counted nor a second code (which would void the first).
  const answered = deps.once ? await answerOf<{ expiresAt: string; sentTo: string }>(deps.db, deps.once) : undefined;
  if (answered) return answered;
  // Counted before and whatever comes next: asking for codes in a loop is what it stops.
  const limit = await hitRateLimit(deps.db, rateLimitKey('signature-code', `${dossierId}:${user.id}`), CODE_RATE);
  if (!limit.allowed) throw new AppError('RATE_LIMITED');
  return act(deps, user, dossierId, async (context, dossier, tx, now) => {
    const signer = requireTurn(context);
    if (context.procedure.method !== 'online') throw new AppError('CONFLICT', 'The online method is not chosen');
    if (signer.status !== 'pending') throw new AppError('CONFLICT', 'This signer has acted already');
    // The school signs through the staff member who asks: the code goes to their own address.
    const account = await repo.findUserRow(tx, user.id);
    if (!account) throw new AppError('UNAUTHORIZED');
    const to = signer.role === 'school' ? account.email : signer.email;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(now.getTime() + CODE_TTL_MINUTES * 60_000);
    await repo.updateSigner(tx, signer.id, {
      codeHash: codeHashOf(deps.keys, signer.id, code),
      codeAttempts: 0,
      codeExpiresAt: expiresAt,
      codeSentAt: now,
      ...(signer.role === 'school' ? { email: to } : {}),
    });
    const mail = await mailSignatureCode(tx, deps.config, { email: to, lang: account.lang }, dossier.row.id, code, CODE_TTL_MINUTES);
    await appendSignatureEvent(tx, {
      dossierId,
      procedureId: context.procedure.id,
      type: 'code.sent',
      payload: {
        role: signer.role,
        email: to,
        byUserId: user.id,
        expiresAt: expiresAt.toISOString(),
        mailId: mail.id,
        messageId: mail.messageId,
      },
      at: now,
    });
    return { expiresAt: expiresAt.toISOString(), sentTo: to };
  });
}

/** POST /signature/:id/sign: the signer whose turn it is consents with the code; two at once: one 200, one 409. */
export async function sign(
  deps: FlowDeps,
  user: AuthUser,
  dossierId: number,
  code: string,
  info: ActionInfo,
  consentLang: ConsentLang = 'fr-FR',
): Promise<SignatureResponse> {
  const response = await act(deps, user, dossierId, async (context, dossier, tx, now) => {
    const signer = requireTurn(context);
    if (context.procedure.method !== 'online') throw new AppError('CONFLICT', 'The online method is not chosen');
    if (signer.status !== 'pending') throw new AppError('CONFLICT', 'This signer has acted already');
    if (!signer.codeHash || !signer.codeExpiresAt || signer.codeExpiresAt <= now)
      return validationError({ code: ['signature.code_expired'] }, 'The code has expired or was not asked for');
    if (signer.codeAttempts >= CODE_MAX_ATTEMPTS)
      return validationError({ code: ['signature.code_attempts'] }, 'Too many attempts: ask for a new code');
    const expected = Buffer.from(signer.codeHash, 'hex');
    const given = Buffer.from(codeHashOf(deps.keys, signer.id, code), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      const attempts = signer.codeAttempts + 1;
      await repo.updateSigner(tx, signer.id, { codeAttempts: attempts });
      await appendSignatureEvent(tx, {
        dossierId,
        procedureId: context.procedure.id,
        type: 'code.failed',
        payload: { role: signer.role, attempts, ip: info.ip, userAgent: info.userAgent },
        at: now,
      });
      const left = Math.max(0, CODE_MAX_ATTEMPTS - attempts);
      return validationError(
        { code: [left > 0 ? 'signature.code_wrong' : 'signature.code_attempts'], attemptsLeft: [String(left)] },
        `Wrong code: ${left} attempt(s) left`,
      );
    }
    const documents = await currentDocuments(tx, context.procedure.id);
    const account = await repo.findUserRow(tx, user.id);
    const email = signer.role === 'school' ? (account?.email ?? signer.email) : signer.email;
    await repo.updateSigner(tx, signer.id, {
      status: 'signed',
      method: 'online',
      signedAt: now,
      signedByUserId: user.id,
      ip: info.ip,
      userAgent: info.userAgent,
      email,
      codeHash: null,
      codeAttempts: signer.codeAttempts + 1,
    });
    await appendSignatureEvent(tx, {
      dossierId,
      procedureId: context.procedure.id,
      type: 'signer.signed',
      payload: {
        role: signer.role,
        name: signer.name,
        email,
        userId: user.id,
        method: 'online',
        atMs: now.getTime(),
        ip: info.ip,
        userAgent: info.userAgent,
        codeAttempts: signer.codeAttempts + 1,
        consent: consentOf(consentLang),
        documents: documents.map((doc) => ({ id: doc.id, kind: doc.kind, version: doc.version, sha256: doc.sha256 })),
      },
      at: now,
    });
    context.signers = context.signers.map((row) => (row.id === signer.id ? { ...row, status: 'signed' } : row));
    await advance(deps, context, dossier, tx, signer, now, { method: 'online' });
    return readSignature(tx, user, dossierId);
  });
  // The last signature queued the seal (advance): this process's runner starts it now, off this request.
  if (response.state === 'signed') wakeQueueRunners(deps.db);
  return response;
}
