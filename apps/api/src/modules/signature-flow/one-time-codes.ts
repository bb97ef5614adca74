import { randomInt, timingSafeEqual } from 'node:crypto';
import { SIGNATURE_CODE_MAX_FAILURES, type SignatureResponse } from '@passerelle/contract';
import { AppError, rateLimited, validationError } from '../../lib/app-error.ts';
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
  CODE_MAX_ATTEMPTS,
  consentOf,
  currentDocuments,
  isCodeLocked,
  readSignature,
  requireTurn,
  type ActionInfo,
  type ConsentLang,
  type FlowDeps,
} from './procedure.ts';
import * as repo from './signature-flow.repo.ts';

export const CODE_TTL_MINUTES = 10;
export { CODE_MAX_ATTEMPTS };
/** Wrong codes in all, per signer and procedure: 10 tries at a 6-digit code leave a guesser 1 chance in 100 000. */
export const CODE_MAX_FAILURES = SIGNATURE_CODE_MAX_FAILURES;
/** One-time codes a signer may ask for per window. */
const CODE_RATE = { limit: 5, windowSeconds: 15 * 60 };

const codeHashOf = (keys: DataKeys, signerId: number, code: string) => keyedHash(keys, `signature-code:${signerId}:${code}`);

/** The signer tried too many wrong codes: nothing more online until staff restart the procedure. */
const lockedAnswer = () =>
  new AppError('LOCKED', 'Too many wrong codes: online signing is locked until the CFA restarts the procedure', {
    code: ['signature.code_locked'],
  });

/** POST /signature/:id/code: a 6-digit code by e-mail to the signer whose turn it is (online method). */
export async function sendCode(deps: FlowDeps, user: AuthUser, dossierId: number): Promise<{ expiresAt: string; sentTo: string }> {
  // A double click: answered the first click's code, neither counted nor a second code (which would void the first).
  const answered = deps.once ? await answerOf<{ expiresAt: string; sentTo: string }>(deps.db, deps.once) : undefined;
  if (answered) return answered;
  // Counted before and whatever comes next: asking for codes in a loop is what it stops.
  const limit = await hitRateLimit(deps.db, rateLimitKey('signature-code', `${dossierId}:${user.id}`), CODE_RATE);
  if (!limit.allowed) throw rateLimited(limit.retryAfterSeconds, 'Too many codes asked for: try again later');
  return act(deps, user, dossierId, async (context, dossier, tx, now) => {
    const signer = requireTurn(context);
    if (context.procedure.method !== 'online') throw new AppError('CONFLICT', 'The online method is not chosen');
    if (signer.status !== 'pending') throw new AppError('CONFLICT', 'This signer has acted already');
    if (isCodeLocked(signer)) throw lockedAnswer();
    // The school signs through the staff member who asks: the code goes to their own address.
    const account = await repo.findUserRow(tx, user.id);
    if (!account) throw new AppError('UNAUTHORIZED');
    const to = signer.role === 'school' ? account.email : signer.email;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(now.getTime() + CODE_TTL_MINUTES * 60_000);
    // Bound to who asked and where it went: only that account signs with it, and the evidence names that mailbox.
    await repo.updateSigner(tx, signer.id, {
      codeHash: codeHashOf(deps.keys, signer.id, code),
      codeAttempts: 0,
      codeExpiresAt: expiresAt,
      codeSentAt: now,
      codeUserId: user.id,
      codeEmail: to,
    });
    const mail = await mailSignatureCode(
      tx,
      deps.config,
      deps.keys,
      { email: to, lang: account.lang },
      dossier.row.id,
      code,
      CODE_TTL_MINUTES,
    );
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

/** What the signer sends: the code, the document versions they were shown, the language of the consent they read. */
export interface SignRequest {
  code: string;
  documents: { id: number; sha256: string }[];
  consentLang?: ConsentLang | undefined;
}

/** Whether the versions shown are exactly the procedure's (each id with its hash, none missing, none more). */
function isShownSet(documents: { id: number; sha256: string }[], shown: SignRequest['documents']): boolean {
  const given = new Map(shown.map((doc) => [doc.id, doc.sha256]));
  return shown.length === documents.length && given.size === documents.length && documents.every((doc) => given.get(doc.id) === doc.sha256);
}

/**
 * POST /signature/:id/sign: the signer whose turn it is consents, with the code mailed to them, to the document versions
 * they were shown; two at once: one 200, one 409.
 */
export async function sign(deps: FlowDeps, user: AuthUser, dossierId: number, request: SignRequest, info: ActionInfo): Promise<SignatureResponse> {
  const response = await act(deps, user, dossierId, async (context, dossier, tx, now) => {
    const signer = requireTurn(context);
    if (context.procedure.method !== 'online') throw new AppError('CONFLICT', 'The online method is not chosen');
    if (signer.status !== 'pending') throw new AppError('CONFLICT', 'This signer has acted already');
    // The consent applies to the bytes read (SIGNING.md 2): other versions than those shown void it. The code stays valid.
    const documents = await currentDocuments(tx, context.procedure.id);
    if (!isShownSet(documents, request.documents))
      throw new AppError('CONFLICT', 'The documents have changed since they were shown: read them again, then sign', {
        documents: ['signature.documents_changed'],
      });
    if (isCodeLocked(signer)) throw lockedAnswer();
    if (!signer.codeHash || !signer.codeExpiresAt || signer.codeExpiresAt <= now)
      return validationError({ code: ['signature.code_expired'] }, 'The code has expired or was not asked for');
    if (signer.codeAttempts >= CODE_MAX_ATTEMPTS)
      return validationError({ code: ['signature.code_attempts'] }, 'Too many attempts: ask for a new code');
    const expected = Buffer.from(signer.codeHash, 'hex');
    const given = Buffer.from(codeHashOf(deps.keys, signer.id, request.code), 'hex');
    const sameCode = expected.length === given.length && timingSafeEqual(expected, given);
    // A code mailed to someone else (a colleague's, for the school) is answered as a wrong one, and counted.
    if (!sameCode || signer.codeUserId !== user.id) {
      const attempts = signer.codeAttempts + 1;
      const failures = signer.codeFailures + 1;
      const locked = failures >= CODE_MAX_FAILURES;
      await repo.updateSigner(tx, signer.id, {
        codeAttempts: attempts,
        codeFailures: failures,
        ...(locked ? { codeHash: null, codeExpiresAt: null } : {}),
      });
      await appendSignatureEvent(tx, {
        dossierId,
        procedureId: context.procedure.id,
        type: 'code.failed',
        payload: { role: signer.role, userId: user.id, attempts, failures, ip: info.ip, userAgent: info.userAgent },
        at: now,
      });
      if (locked) {
        await appendSignatureEvent(tx, {
          dossierId,
          procedureId: context.procedure.id,
          type: 'code.locked',
          payload: { role: signer.role, failures, max: CODE_MAX_FAILURES },
          at: now,
        });
        return lockedAnswer();
      }
      const left = Math.max(0, Math.min(CODE_MAX_ATTEMPTS - attempts, CODE_MAX_FAILURES - failures));
      return validationError(
        { code: [left > 0 ? 'signature.code_wrong' : 'signature.code_attempts'], attemptsLeft: [String(left)] },
        `Wrong code: ${left} attempt(s) left`,
      );
    }
    // The mailbox the code went to (the school: the staff member who asked, who is the one signing).
    const email = signer.codeEmail ?? signer.email;
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
        codeFailures: signer.codeFailures,
        consent: consentOf(request.consentLang ?? 'fr-FR'),
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
