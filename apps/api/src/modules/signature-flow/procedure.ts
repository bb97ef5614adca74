import {
  SIGNATURE_CODE_MAX_FAILURES,
  pdfRefusals,
  signerRoles,
  type SignatureResponse,
  type SignatureState,
  type SignerRole,
  type SignerStatus,
  type StaffSignature,
} from '@passerelle/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { queueJob } from '../../db/job-queue.ts';
import type { RequestKey } from '../../db/request-keys.ts';
import { loadDataKeys } from '../../db/secrets.ts';
import type { Storage } from '../../db/storage.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { DataKeys } from '../../lib/crypto.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { withDossier, type DossierRow, type LockedDossier } from '../dossiers/dossiers.service.ts';
import { createUploadGuard, type UploadGuard } from '../../db/upload-guard.ts';
import { fileUrl, getFile, readFileBytes } from '../files/files.service.ts';
import { notifySignatureRefused, notifySignatureTurn } from '../notifications/notifications.service.ts';
import {
  appendSignatureEvent,
  createSealCertificateStore,
  listSignatureEvents,
  sha256Hex,
  type JsonValue,
  type SealCertificate,
} from '../signing/signing.service.ts';
import * as repo from './signature-flow.repo.ts';

/**
 * The signing flow of a case's contract documents (issue 11, docs/decisions/0016-signing-flow.md): preparing the
 * contract opens a procedure with its signers in order (the employer's designated signatory, the applicant, a minor's
 * legal representative, the school); each signs online (consent and a one-time code by e-mail) or on paper (a scan
 * staff confirm), in turn; the school's signature accepts the case (status 8) and the documents, with a certificate of
 * completion, are sealed with the school's certificate. Every fact goes to the append-only evidence chain (signing).
 * A GET changes nothing (a mail scanner opening the link consumes nothing): every action is a POST.
 */
export interface FlowDeps {
  db: Db;
  config: Config;
  keys: DataKeys;
  storage: Storage;
  seal: { get(): Promise<SealCertificate> };
  guard: UploadGuard;
  /** The request's Idempotency-Key, set by the routes (db/request-keys.ts): an action answered before is answered again. */
  once?: RequestKey | undefined;
  /** Where the sweep writes a case it could not seal (codes only, no personal data). */
  log?: Pick<FastifyBaseLogger, 'error'>;
}

const depsOfApp = new WeakMap<FastifyInstance, Promise<FlowDeps>>();

/** One set of dependencies per app (the data keys are read once, the seal certificate loaded at first use). */
export function signatureFlowDeps(app: FastifyInstance): Promise<FlowDeps> {
  let deps = depsOfApp.get(app);
  if (!deps) {
    deps = loadDataKeys(app.db, app.config).then((keys) => ({
      db: app.db,
      config: app.config,
      keys,
      storage: app.storage,
      seal: createSealCertificateStore(app.db, app.config),
      guard: createUploadGuard(app.config, app.log),
      log: app.log,
    }));
    depsOfApp.set(app, deps);
  }
  return deps;
}

/**
 * The consent sentence beside the box, in the page's language; its version, language and SHA-256 go to the evidence with
 * every signature (SIGNING.md 4). A new wording is a new version.
 */
export const CONSENT = {
  version: '2026-11-25',
  texts: {
    'fr-FR':
      "J'ai lu chacun des documents ci-dessus. En cochant cette case puis en saisissant le code reçu par e-mail, je les " +
      "signe électroniquement et j'accepte que cette signature électronique m'engage comme une signature manuscrite.",
    'en-US':
      'I have read each of the documents above. By ticking this box and then entering the code received by e-mail, I sign ' +
      'them electronically and I accept that this electronic signature binds me as a handwritten signature does.',
  },
} as const;
export type ConsentLang = keyof typeof CONSENT.texts;
export const consentOf = (lang: ConsentLang) => ({ version: CONSENT.version, lang, sha256: sha256Hex(CONSENT.texts[lang]) });

export const DAY_MS = 86_400_000;
const staffTypes: ReadonlySet<string> = new Set(['staff', 'admin']);
const isStaff = (user: AuthUser) => staffTypes.has(user.userType);

export type ProcedureRow = repo.ProcedureRow;
export type SignerRow = repo.SignerRow;

/** Too many wrong codes over the procedure: no more online signing for this signer until staff restart the procedure. */
export const isCodeLocked = (signer: Pick<SignerRow, 'codeFailures'>) => signer.codeFailures >= SIGNATURE_CODE_MAX_FAILURES;

export async function notifyTurn(
  tx: Tx,
  deps: FlowDeps,
  dossier: Pick<DossierRow, 'id' | 'admissibleUserId'>,
  procedure: Pick<ProcedureRow, 'id' | 'method'>,
  signer: SignerRow,
  at: Date,
  reminderDays?: number,
): Promise<void> {
  // The mail names the method chosen: the next signer signs the same way as the previous ones (issue 29).
  const method = procedure.method === 'online' || procedure.method === 'manual' ? procedure.method : null;
  const mails = await notifySignatureTurn(tx, deps.config, dossier, signer.userId, { method, reminderDays });
  await appendSignatureEvent(tx, {
    dossierId: dossier.id,
    procedureId: procedure.id,
    type: reminderDays ? 'signer.reminded' : 'signer.notified',
    payload: {
      role: signer.role,
      email: signer.email,
      path: `/signature/${dossier.id}`,
      // The address each personal link went to and the SMTP Message-ID it leaves with (SIGNING.md 3).
      mails: mails.map((mail) => ({ to: mail.to, messageId: mail.messageId })),
    },
    at,
  });
}

/** Staff recorded the contract as signed on paper outside the portal: the pending procedure is cancelled. */
export async function cancelPendingProcedure(tx: Tx, dossierId: number, userId: number, reason: string): Promise<void> {
  const now = new Date();
  const ended = await repo.endPendingProcedure(tx, dossierId, 'cancelled', now);
  if (ended)
    await appendSignatureEvent(tx, {
      dossierId,
      procedureId: ended.id,
      type: 'procedure.cancelled',
      payload: { byUserId: userId, reason },
      at: now,
    });
}

// ---------- Reading ----------

export const isExpired = (procedure: ProcedureRow, now: Date) => procedure.expiresAt !== null && procedure.expiresAt <= now;

/** The signer whose turn it is: the first one not signed (null when every signer signed or the procedure ended). */
function turnOf(signers: SignerRow[]): SignerRow | null {
  return signers.find((signer) => signer.status !== 'signed') ?? null;
}

function stateOf(procedure: ProcedureRow, signers: SignerRow[], now: Date): { state: SignatureState; reason: string | null } {
  switch (procedure.state) {
    case 'completed':
      return { state: 'signed', reason: null };
    case 'refused':
      return { state: 'refused', reason: 'refused' };
    case 'pending':
      if (signers.every((signer) => signer.status === 'signed')) return { state: 'signed', reason: null };
      if (isExpired(procedure, now)) return { state: 'unavailable', reason: 'expired' };
      return { state: procedure.method === null ? 'choose' : 'pending', reason: null };
    default:
      return { state: 'unavailable', reason: procedure.state };
  }
}

function statusOf(signer: SignerRow, turn: SignerRow | null): SignerStatus {
  if (signer.status === 'signed' || signer.status === 'refused' || signer.status === 'submitted') return signer.status;
  return turn?.id === signer.id ? 'pending' : 'waiting';
}

interface Context {
  dossierId: number;
  procedure: ProcedureRow;
  signers: SignerRow[];
  /** The signer this user is (the school for staff and admins). */
  me: SignerRow;
  staff: boolean;
  /** The user who asks: a school's code is the staff member's who asked for it. */
  userId: number;
}

/** Wrong tries of one code; then a new code is asked for. */
export const CODE_MAX_ATTEMPTS = 5;

/**
 * The code this user asked for and may still enter (issue 29): when it expires and where it went, never the code. The
 * signing page reads it on a reload to show the code's field again rather than ask for a new code.
 */
function pendingCodeOf(me: SignerRow, userId: number, now: Date): SignatureResponse['me']['pendingCode'] {
  if (me.status !== 'pending' || !me.codeHash || !me.codeExpiresAt || me.codeExpiresAt <= now) return null;
  if (me.codeAttempts >= CODE_MAX_ATTEMPTS || me.codeUserId !== userId || !me.codeEmail) return null;
  return { expiresAt: me.codeExpiresAt.toISOString(), sentTo: me.codeEmail };
}

/** The latest procedure and who this user is in it: 404 without a procedure for staff, 403 for anyone not a signer. */
export async function contextOf(conn: Db | Tx, user: AuthUser, dossierId: number, procedure: ProcedureRow | undefined): Promise<Context> {
  const staff = isStaff(user);
  if (!procedure) {
    if (staff) throw notFound('No signature procedure for this case');
    throw forbidden();
  }
  const signers = await repo.findSigners(conn, procedure.id);
  const me = staff
    ? signers.find((signer) => signer.role === 'school')
    : signers.find((signer) => signer.role !== 'school' && signer.userId === user.id);
  if (!me) throw forbidden();
  return { dossierId, procedure, signers, me, staff, userId: user.id };
}

export const iso = (at: Date | null) => (at ? at.toISOString() : null);

async function responseOf(db: Db | Tx, context: Context, now = new Date()): Promise<SignatureResponse> {
  const { procedure, signers, me, staff, dossierId, userId } = context;
  const documents = await repo.findProcedureDocuments(db, procedure.id);
  const computed = stateOf(procedure, signers, now);
  // Documents regenerated since the procedure opened: its consents would apply to other bytes (SPEC 8).
  const { state, reason } =
    (computed.state === 'choose' || computed.state === 'pending') && documents.some((doc) => doc.supersededAt !== null)
      ? { state: 'unavailable' as const, reason: 'superseded' }
      : computed;
  const turn = procedure.state === 'pending' ? turnOf(signers) : null;
  const started = signers.some((signer) => signer.status === 'signed' || signer.status === 'submitted');
  const first = signers[0];
  const dossier = await repo.findDossierForResponse(db, dossierId);
  const scanRejectedReason =
    procedure.method === 'manual' && me.status === 'pending' ? await lastScanRejection(db, procedure, me.role) : null;
  return {
    state,
    method: (procedure.method as SignatureResponse['method']) ?? null,
    stateReason: reason,
    dossier: { id: dossierId, applicantName: dossier.applicantName, companyName: dossier.companyName },
    documents: documents.map((doc) => ({
      id: doc.id,
      kind: doc.kind,
      name: doc.name,
      sha256: doc.sha256,
      url: `/api/signature/${dossierId}/documents/${doc.id}`,
      pages: doc.pages,
    })),
    signers: signers.map((signer) => ({
      role: signer.role as SignerRole,
      name: signer.name,
      status: statusOf(signer, turn),
      at: iso(signer.signedAt ?? signer.refusedAt ?? signer.scanUploadedAt),
      method: signer.status === 'signed' ? ((signer.method as 'online' | 'manual' | null) ?? null) : null,
    })),
    me: {
      role: me.role as SignerRole,
      canSign: (state === 'pending' || state === 'choose') && turn?.id === me.id && me.status === 'pending',
      canChooseMethod: (state === 'choose' || state === 'pending') && !started && (staff || first?.id === me.id),
      scanRejectedReason,
      codeLocked: state === 'pending' && me.status === 'pending' && isCodeLocked(me),
      pendingCode:
        state === 'pending' && procedure.method === 'online' && !isCodeLocked(me) ? pendingCodeOf(me, userId, now) : null,
    },
    consent: { version: CONSENT.version, texts: CONSENT.texts },
    signedDocumentUrl: procedure.resultFileId ? fileUrl(procedure.resultFileId) : null,
  };
}

export const textOf = (value: JsonValue | undefined) => (typeof value === 'string' ? value : null);

/** The reason staff gave when they rejected this role's last scan, if the last scan event of the role is that rejection. */
async function lastScanRejection(db: Db | Tx, procedure: ProcedureRow, role: string): Promise<string | null> {
  const events = await listSignatureEvents(db, procedure.dossierId);
  const last = events.findLast(
    (event) => event.procedureId === procedure.id && event.payload['role'] === role && event.type.startsWith('scan.'),
  );
  return last?.type === 'scan.rejected' ? (textOf(last.payload['reason']) ?? '') : null;
}

/** The procedure as this signer sees it; in an action's transaction, its answer (stored with a request key). */
export async function readSignature(db: Db | Tx, user: AuthUser, dossierId: number): Promise<SignatureResponse> {
  return responseOf(db, await contextOf(db, user, dossierId, await repo.findLatestProcedure(db, dossierId)));
}

/** GET /signature/:id: the procedure as this signer sees it. Reads only. */
export async function getSignature(deps: FlowDeps, user: AuthUser, dossierId: number): Promise<SignatureResponse> {
  return withDossier(deps.db, user, dossierId, { access: 'signer' }, (_dossier, db) => readSignature(db, user, dossierId));
}

/**
 * GET /signature/:id/documents/:docId: a document version of the procedure, to a signer only. Each reading goes to the
 * evidence chain (`document.viewed` in the page's reader, `document.downloaded` otherwise), with the version's hash: what
 * the signer had before them when they consented (SIGNING.md 2 and 4). It records a fact and changes no state.
 */
export async function readSignatureDocument(
  deps: FlowDeps,
  user: AuthUser,
  dossierId: number,
  documentId: number,
  read: { as: 'view' | 'download'; info: ActionInfo },
): Promise<{ name: string; bytes: Uint8Array }> {
  const { document, context } = await withDossier(deps.db, user, dossierId, { access: 'signer' }, async (_dossier, db) => {
    const context = await contextOf(db, user, dossierId, await repo.findLatestProcedure(db, dossierId));
    const found = (await repo.findProcedureDocuments(db, context.procedure.id)).find((doc) => doc.id === documentId);
    if (!found) throw notFound('Document not found');
    return { document: found, context };
  });
  const file = await getFile(deps.db, document.fileId);
  const bytes = await readFileBytes(deps.storage, file);
  const now = new Date();
  await appendSignatureEvent(deps.db, {
    dossierId,
    procedureId: context.procedure.id,
    type: read.as === 'view' ? 'document.viewed' : 'document.downloaded',
    payload: {
      role: context.me.role,
      userId: user.id,
      documentId: document.id,
      kind: document.kind,
      version: document.version,
      sha256: document.sha256,
      atMs: now.getTime(),
      ip: read.info.ip,
      userAgent: read.info.userAgent,
    },
    at: now,
  });
  return { name: document.name, bytes };
}

// ---------- Actions ----------

export interface ActionInfo {
  ip: string;
  userAgent: string;
}

/**
 * An action under the dossier's lock: the procedure re-read and locked, the caller's signer found, and the procedure
 * checked available (pending, not expired: checked at request time, the sweep only notifies). `work` may return an
 * AppError to throw after the commit (a wrong code's attempt count must be kept). With a request key (deps.once), the
 * same request again is answered `work`'s first result, read before any of these checks (issue 27).
 */
export async function act<T>(
  deps: FlowDeps,
  user: AuthUser,
  dossierId: number,
  work: (context: Context, dossier: LockedDossier, tx: Tx, now: Date) => Promise<T | AppError>,
): Promise<T> {
  const lock = { access: 'signer', lock: true, once: deps.once } as const;
  const result = await withDossier(deps.db, user, dossierId, lock, async (dossier, tx) => {
    const latest = await repo.findLatestProcedure(tx, dossierId);
    const procedure = latest ? await repo.lockProcedure(tx, latest.id) : undefined;
    const context = await contextOf(tx, user, dossierId, procedure);
    const now = new Date();
    if (context.procedure.state !== 'pending' || isExpired(context.procedure, now) || turnOf(context.signers) === null)
      throw new AppError('SIGNATURE_UNAVAILABLE');
    await currentDocuments(tx, context.procedure.id);
    return work(context, dossier, tx, now);
  });
  if (result instanceof AppError) throw result;
  return result;
}

export function requireTurn(context: Context): SignerRow {
  const turn = turnOf(context.signers);
  if (turn?.id !== context.me.id) throw new AppError('CONFLICT', 'It is not this signer’s turn');
  return turn;
}

/** POST /signature/:id/method: the first signer or staff choose online or manual, until the first signature. */
export async function chooseMethod(deps: FlowDeps, user: AuthUser, dossierId: number, method: 'online' | 'manual'): Promise<SignatureResponse> {
  return act(deps, user, dossierId, async (context, _dossier, tx, now) => {
    const { procedure, signers, me, staff } = context;
    if (!staff && signers[0]?.id !== me.id) throw new AppError('CONFLICT', 'Only the first signer or the CFA chooses the method');
    if (signers.some((signer) => signer.status === 'signed' || signer.status === 'submitted'))
      throw new AppError('CONFLICT', 'The method cannot change after the first signature');
    await repo.updateProcedure(tx, procedure.id, { method });
    // A code asked for online is void once the method changes.
    for (const signer of signers)
      if (signer.codeHash)
        await repo.updateSigner(tx, signer.id, { codeHash: null, codeExpiresAt: null, codeAttempts: 0, codeUserId: null, codeEmail: null });
    await appendSignatureEvent(tx, {
      dossierId,
      procedureId: procedure.id,
      type: 'method.chosen',
      payload: { method, previous: procedure.method, byRole: me.role, byUserId: user.id },
      at: now,
    });
    return readSignature(tx, user, dossierId);
  });
}

const roleSteps = {
  employer: 'signature_employeur',
  apprentice: 'signature_admissible',
  legal_representative: 'signature_admissible',
  school: 'signature_ecole',
} as const;

/** The job that seals a procedure's result (completion.ts), queued with its last signature (modules/jobs runs it). */
export const SEAL_JOB = 'seal-contract';

/**
 * The signer is done (online or confirmed on paper): their step moves, the next signer is mailed; after the school,
 * the case is accepted (8) and the seal is queued in this transaction, so that a process that dies after the commit
 * leaves it to another (docs/decisions/0040-queued-jobs.md) rather than to the hourly sweep.
 */
export async function advance(
  deps: FlowDeps,
  context: Context,
  dossier: LockedDossier,
  tx: Tx,
  signer: SignerRow,
  now: Date,
  details: Record<string, unknown>,
): Promise<void> {
  const role = signer.role as SignerRole;
  if (role === 'school') {
    await dossier.apply({ type: 'signatureCompleted' }, { role, ...details });
    await queueJob(tx, { kind: SEAL_JOB, key: context.procedure.id, payload: { dossierId: dossier.row.id } });
    return;
  }
  const hasRepresentative = context.signers.some((other) => other.role === 'legal_representative');
  await dossier.apply(
    { type: 'signerSigned', step: roleSteps[role], done: !(role === 'apprentice' && hasRepresentative) },
    { role, ...details },
  );
  const next = context.signers.find((other) => other.signOrder > signer.signOrder && other.status !== 'signed');
  if (next) {
    await repo.updateSigner(tx, next.id, { notifiedAt: now });
    await notifyTurn(tx, deps, dossier.row, context.procedure, next, now);
  }
}

export async function currentDocuments(tx: Tx, procedureId: string) {
  const documents = await repo.findProcedureDocuments(tx, procedureId);
  // A document regenerated since makes the procedure unavailable (its consent would apply to other bytes).
  if (documents.some((doc) => doc.supersededAt !== null)) throw new AppError('SIGNATURE_UNAVAILABLE');
  return documents;
}

/** POST /signature/:id/refuse: a signer not signed yet refuses with a reason; the case goes back to staff. */
export async function refuse(deps: FlowDeps, user: AuthUser, dossierId: number, reason: string, info: ActionInfo): Promise<SignatureResponse> {
  return act(deps, user, dossierId, async (context, dossier, tx, now) => {
    const { me, procedure } = context;
    if (me.status === 'signed') throw new AppError('CONFLICT', 'This signer has signed already');
    await repo.updateSigner(tx, me.id, {
      status: 'refused',
      refusedAt: now,
      refusalReason: reason,
      ip: info.ip,
      userAgent: info.userAgent,
      signedByUserId: user.id,
    });
    await repo.updateProcedure(tx, procedure.id, { state: 'refused', endedAt: now });
    await appendSignatureEvent(tx, {
      dossierId,
      procedureId: procedure.id,
      type: 'signer.refused',
      payload: { role: me.role, email: me.email, userId: user.id, reason, atMs: now.getTime(), ip: info.ip, userAgent: info.userAgent },
      at: now,
    });
    await dossier.apply({ type: 'signatureRefused' }, { role: me.role, reason });
    // The school learns it at once (the case is back on its desk), in this transaction: nothing is mailed if it fails.
    await notifySignatureRefused(tx, deps.config, dossier.row, { role: me.role as SignerRole, reason });
    return readSignature(tx, user, dossierId);
  });
}

/** Why the procedure's contract could not be sealed, as recorded in the evidence chain (completion.ts). */
async function sealFailureOf(db: Db, procedure: ProcedureRow): Promise<StaffSignature['sealFailure']> {
  const failure = await repo.findSealFailure(db, procedure);
  if (!failure) return null;
  const payload = failure.payload as { reason?: unknown; role?: unknown };
  const reason = pdfRefusals.find((known) => known === payload.reason) ?? 'damaged';
  const role = signerRoles.find((known) => known === payload.role) ?? null;
  return { reason, role, at: failure.at.toISOString() };
}

/** The back office's block of the case page (GET /staff/dossiers/:id); null before any procedure. */
export async function staffSignatureOf(db: Db, dossierId: number, now = new Date()): Promise<StaffSignature | null> {
  const procedure = await repo.findLatestProcedure(db, dossierId);
  if (!procedure) return null;
  const signers = await repo.findSigners(db, procedure.id);
  const turn = procedure.state === 'pending' ? turnOf(signers) : null;
  return {
    procedureId: procedure.id,
    state: stateOf(procedure, signers, now).state,
    procedureState: procedure.state,
    method: (procedure.method as StaffSignature['method']) ?? null,
    createdAt: procedure.createdAt.toISOString(),
    expiresAt: iso(procedure.expiresAt),
    signers: signers.map((signer) => ({
      role: signer.role as SignerRole,
      name: signer.name,
      email: signer.email,
      status: statusOf(signer, turn),
      at: iso(signer.signedAt ?? signer.refusedAt ?? signer.scanUploadedAt),
      method: signer.status === 'signed' ? ((signer.method as 'online' | 'manual' | null) ?? null) : null,
      refusalReason: signer.refusalReason,
      scanUrl: signer.scanFileId ? fileUrl(signer.scanFileId) : null,
      codeLocked: procedure.state === 'pending' && signer.status === 'pending' && isCodeLocked(signer),
    })),
    signedDocumentUrl: procedure.resultFileId ? fileUrl(procedure.resultFileId) : null,
    sealFailure: procedure.resultFileId ? null : await sealFailureOf(db, procedure),
    evidenceUrl: `/api/staff/dossiers/${dossierId}/evidence`,
  };
}
