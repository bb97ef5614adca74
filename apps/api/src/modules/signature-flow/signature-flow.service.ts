import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  type ContractPreparedBody,
  type SignatureResponse,
  type SignatureState,
  type SignerRole,
  type SignerStatus,
  type StaffSignature,
  SIGNATURE_SCAN_MAX_BYTES,
} from '@passerelle/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, forbidden, notFound, validationError } from '../../lib/app-error.ts';
import { keyedHash, loadDataKeys, type DataKeys } from '../../lib/crypto.ts';
import { detectFileType, hasExtension } from '../../lib/file-type.ts';
import { hitRateLimit, rateLimitKey } from '../../lib/rate-limit.ts';
import type { Storage } from '../../lib/storage.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  buildContractDocuments,
  prepareDocumentFiles,
  storeDocumentVersions,
  type CfaIdentity,
} from '../documents/documents.service.ts';
import { transition, withDossier, type DossierRow, type DossierState, type LockedDossier } from '../dossiers/dossiers.service.ts';
import {
  createUploadGuard,
  discardFileBytes,
  fileUrl,
  getFile,
  insertFileRow,
  putFileBytes,
  readFileBytes,
  safeFilename,
  type UploadGuard,
} from '../files/files.service.ts';
import {
  mailSignatureCode,
  markJobDone,
  notifyContractSigned,
  notifyScanRejected,
  notifySignatureRefused,
  notifySignatureTurn,
} from '../notifications/notifications.service.ts';
import { readContractSources } from '../sheets/sheets.service.ts';
import { sendSurveyInvitations } from '../survey/survey.service.ts';
import {
  appendSignatureEvent,
  chainHead,
  createSealCertificateStore,
  listSignatureEvents,
  finalizeSignedPdf,
  renderCompletionCertificate,
  sha256Hex,
  type CompletionEvidence,
  type JsonValue,
  type SealCertificate,
} from '../signing/signing.service.ts';
import { findOrCreateUserByEmail, findUserByAddress } from '../users/users.service.ts';
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
type ConsentLang = keyof typeof CONSENT.texts;
const consentOf = (lang: ConsentLang) => ({ version: CONSENT.version, lang, sha256: sha256Hex(CONSENT.texts[lang]) });

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
/** One-time codes a signer may ask for per window. */
const CODE_RATE = { limit: 5, windowSeconds: 15 * 60 };
export { SIGNATURE_SCAN_MAX_BYTES };
const DAY_MS = 86_400_000;
const staffTypes: ReadonlySet<string> = new Set(['staff', 'admin']);
const isStaff = (user: AuthUser) => staffTypes.has(user.userType);

type ProcedureRow = repo.ProcedureRow;
type SignerRow = repo.SignerRow;

// ---------- Preparing the contract (staff) ----------

export function cfaIdentityOf(config: Config): CfaIdentity | undefined {
  if (!config.CFA_DENOMINATION && !config.CFA_UAI && !config.CFA_SIRET) return undefined;
  const adresse = {
    ...(config.CFA_ADDRESS_STREET ? { voie: config.CFA_ADDRESS_STREET } : {}),
    ...(config.CFA_ADDRESS_POSTCODE ? { codePostal: config.CFA_ADDRESS_POSTCODE } : {}),
    ...(config.CFA_ADDRESS_CITY ? { commune: config.CFA_ADDRESS_CITY } : {}),
  };
  return {
    denomination: config.CFA_DENOMINATION ?? 'CFA',
    uai: config.CFA_UAI,
    siret: config.CFA_SIRET,
    ...(Object.keys(adresse).length > 0 ? { adresse } : {}),
    representant: config.CFA_REPRESENTATIVE,
  };
}

/** What staff can never override: the NIR and the previous contract's DECA number (SPEC 5, "required to sign"). */
const isNeverOverridable = (field: string) => field === 'apprenti.nir' || field.includes('numeroContratPrecedent');

type Data = Record<string, unknown>;
const obj = (value: unknown): Data => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : {});
const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function ageAt(birth: string, on: string): number {
  const [by = 0, bm = 0, bd = 0] = birth.split('-').map(Number);
  const [oy = 0, om = 0, od = 0] = on.split('-').map(Number);
  return oy - by - (om < bm || (om === bm && od < bd) ? 1 : 0);
}

interface NewSigner {
  role: SignerRole;
  userId: number | null;
  name: string;
  email: string;
}

/** The signers in order, from the sent sheets; the signatory and the legal representative get an account if needed. */
async function resolveSigners(tx: Tx, deps: FlowDeps, row: DossierRow): Promise<NewSigner[]> {
  const sources = await readContractSources(tx, deps.keys, row);
  const fre = obj(sources.sheets.fre?.data);
  const f1ce = obj(sources.sheets.f1ce?.data);
  const fra = obj(sources.sheets.fra?.data);
  const f1ca = obj(sources.sheets.f1ca?.data);
  const signatory = [obj(obj(fre['contacts'])['signataire']), obj(obj(f1ce['contacts'])['signataire'])].find(
    (person) => str(person['courriel']) !== '',
  );
  if (!signatory)
    throw new AppError('CONTRACT_INCOMPLETE', "The employer's signatory is not named", {
      'contacts.signataire.courriel': ['field.required'],
    });
  const signers: NewSigner[] = [];

  const signatoryEmail = str(signatory['courriel']).toLowerCase();
  const known = await findUserByAddress(tx, signatoryEmail);
  const signatoryUser =
    known ??
    (await findOrCreateUserByEmail(tx, {
      email: signatoryEmail,
      userType: 'company',
      prenom: str(signatory['prenom']),
      nom: str(signatory['nom']),
      lang: 'fr-FR',
    }));
  // Like the first-contact invitation: the signatory joins the company (the only company person who signs, SPEC 6).
  if (signatoryUser.userType === 'company' && row.companyId !== null)
    await repo.linkCompanyUser(tx, row.companyId, signatoryUser.id);
  signers.push({
    role: 'employer',
    userId: signatoryUser.id,
    name: `${str(signatory['prenom'])} ${str(signatory['nom'])}`.trim() || signatoryEmail,
    email: signatoryEmail,
  });

  const applicant = await repo.findUserRow(tx, row.admissibleUserId);
  if (!applicant) throw notFound('Applicant not found');
  signers.push({
    role: 'apprentice',
    userId: applicant.id,
    name: `${applicant.prenom} ${applicant.nom}`.trim() || applicant.email,
    email: applicant.email,
  });

  const apprenti = { ...obj(f1ca['apprenti']), ...obj(fra['apprenti']) };
  const birth = str(apprenti['dateNaissance']);
  const start = str(obj(fre['contrat'])['dateDebutContrat']) || str(obj(f1ce['contrat'])['dateDebutContrat']);
  const minor = /^\d{4}-\d{2}-\d{2}$/.test(birth) && ageAt(birth, start || new Date().toISOString().slice(0, 10)) < 18;
  if (minor && apprenti['apprentiMineurEmancipe'] !== true) {
    const representative = obj(fra['representantLegal']);
    const email = str(representative['courriel']).toLowerCase();
    if (!email)
      throw new AppError('CONTRACT_INCOMPLETE', 'The legal representative of a minor is not named', {
        'representantLegal.courriel': ['field.required'],
      });
    const user =
      (await findUserByAddress(tx, email)) ??
      (await findOrCreateUserByEmail(tx, {
        email,
        userType: 'parent',
        prenom: str(representative['prenom']),
        nom: str(representative['nom']),
        lang: 'fr-FR',
      }));
    signers.push({
      role: 'legal_representative',
      userId: user.id,
      name: `${str(representative['prenom'])} ${str(representative['nom'])}`.trim() || email,
      email,
    });
  }
  signers.push({ role: 'school', userId: null, name: deps.config.CFA_DENOMINATION ?? 'CFA', email: deps.config.CFA_CONTACT_EMAIL });
  return signers;
}

/**
 * POST /staff/dossiers/:id/contract-prepared: the documents are generated from the sent sheets and stored as new
 * versions, a pending procedure is superseded, a new one opens with its signers, and the first signer is mailed.
 * Refused (409 CONTRACT_INCOMPLETE, the missing fields in `errors`) while the annex lists anything, unless staff
 * override it with a reason; the NIR and DECA number never.
 */
export async function prepareContract(
  deps: FlowDeps,
  user: AuthUser,
  dossierId: number,
  body: ContractPreparedBody | undefined,
): Promise<DossierState> {
  const view = await withDossier(deps.db, user, dossierId, { access: 'staff' }, (dossier) => dossier);
  const allowed = transition(view.state, { type: 'contractPrepared' });
  if (!allowed.ok) throw new AppError(allowed.code, allowed.reason);

  const built = await buildContractDocuments(deps.db, deps.keys, dossierId, {
    templatesDir: deps.config.CERFA_TEMPLATES_DIR,
    cfa: cfaIdentityOf(deps.config),
    shortContractMonths: deps.config.SHORT_CONTRACT_MONTHS,
  });
  if (built.missing.length > 0) {
    const errors = Object.fromEntries(built.missing.map((entry) => [entry.field, [`${entry.label} : ${entry.message}`]]));
    const blocking = built.missing.filter((entry) => isNeverOverridable(entry.field));
    if (blocking.length > 0 || !body?.override)
      throw new AppError(
        'CONTRACT_INCOMPLETE',
        blocking.length > 0
          ? 'The NIR (and the DECA number where required) cannot be overridden'
          : 'The contract documents list missing information: complete it, or override with a reason',
        errors,
      );
  }

  const prepared = await prepareDocumentFiles(deps.storage, built.documents);
  try {
    return await withDossier(deps.db, user, dossierId, { access: 'staff', lock: true }, async (dossier, tx) => {
      const now = new Date();
      const { stored } = await storeDocumentVersions(tx, dossierId, prepared, user.id);
      const override =
        built.missing.length > 0 ? { reason: body?.reason ?? '', missing: built.missing.map((entry) => entry.field) } : null;
      const next = await dossier.apply(
        { type: 'contractPrepared' },
        { documents: stored.map((doc) => ({ id: doc.id, kind: doc.kind, version: doc.version })), ...(override ? { override } : {}) },
      );
      const ended = await repo.endPendingProcedure(tx, dossierId, 'superseded', now);
      if (ended)
        await appendSignatureEvent(tx, {
          dossierId,
          procedureId: ended.id,
          type: 'procedure.superseded',
          payload: { byUserId: user.id, reason: 'documents regenerated' },
          at: now,
        });
      const signers = await resolveSigners(tx, deps, dossier.row);
      const procedure = await repo.insertProcedure(tx, {
        dossierId,
        startedBy: user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + deps.config.SIGNATURE_EXPIRY_DAYS * DAY_MS),
      });
      await repo.insertProcedureDocuments(
        tx,
        stored.map((doc, position) => ({ procedureId: procedure.id, contractDocumentId: doc.id, sha256: doc.sha256, position })),
      );
      const rows = await repo.insertSigners(
        tx,
        signers.map((signer, index) => ({
          procedureId: procedure.id,
          role: signer.role,
          signOrder: index + 1,
          userId: signer.userId,
          name: signer.name,
          email: signer.email,
          notifiedAt: index === 0 ? now : null,
        })),
      );
      await appendSignatureEvent(tx, {
        dossierId,
        procedureId: procedure.id,
        type: 'procedure.created',
        payload: {
          startedByUserId: user.id,
          expiresAt: procedure.expiresAt?.toISOString() ?? null,
          documents: stored.map((doc) => ({
            id: doc.id,
            kind: doc.kind,
            version: doc.version,
            edition: doc.edition,
            pages: doc.pages,
            sha256: doc.sha256,
          })),
          signers: rows.map((row) => ({ role: row.role, order: row.signOrder, name: row.name, email: row.email })),
          ...(override ? { override } : {}),
        },
        at: now,
      });
      const first = rows[0];
      if (first) await notifyTurn(tx, deps, dossier.row, procedure.id, first, now);
      return next;
    });
  } catch (err) {
    await discardFileBytes(
      deps.storage,
      prepared.map((doc) => doc.file.storageKey),
    );
    throw err;
  }
}

async function notifyTurn(
  tx: Tx,
  deps: FlowDeps,
  dossier: Pick<DossierRow, 'id' | 'admissibleUserId'>,
  procedureId: string,
  signer: SignerRow,
  at: Date,
  reminderDays?: number,
): Promise<void> {
  const mails = await notifySignatureTurn(tx, deps.config, dossier, signer.userId, reminderDays);
  await appendSignatureEvent(tx, {
    dossierId: dossier.id,
    procedureId,
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

const isExpired = (procedure: ProcedureRow, now: Date) => procedure.expiresAt !== null && procedure.expiresAt <= now;

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
}

/** The latest procedure and who this user is in it: 404 without a procedure for staff, 403 for anyone not a signer. */
async function contextOf(conn: Db | Tx, user: AuthUser, dossierId: number, procedure: ProcedureRow | undefined): Promise<Context> {
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
  return { dossierId, procedure, signers, me, staff };
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

async function responseOf(db: Db | Tx, context: Context, now = new Date()): Promise<SignatureResponse> {
  const { procedure, signers, me, staff, dossierId } = context;
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
    },
    consent: { version: CONSENT.version, texts: CONSENT.texts },
    signedDocumentUrl: procedure.resultFileId ? fileUrl(procedure.resultFileId) : null,
  };
}

/** The reason staff gave when they rejected this role's last scan, if the last scan event of the role is that rejection. */
async function lastScanRejection(db: Db | Tx, procedure: ProcedureRow, role: string): Promise<string | null> {
  const events = await listSignatureEvents(db, procedure.dossierId);
  const last = events.findLast(
    (event) => event.procedureId === procedure.id && event.payload['role'] === role && event.type.startsWith('scan.'),
  );
  return last?.type === 'scan.rejected' ? (textOf(last.payload['reason']) ?? '') : null;
}

/** GET /signature/:id: the procedure as this signer sees it. Reads only. */
export async function getSignature(deps: FlowDeps, user: AuthUser, dossierId: number): Promise<SignatureResponse> {
  return withDossier(deps.db, user, dossierId, { access: 'signer' }, async (_dossier, db) => {
    const context = await contextOf(db, user, dossierId, await repo.findLatestProcedure(db, dossierId));
    return responseOf(db, context);
  });
}

/** GET /signature/:id/documents/:docId: a document version of the procedure, to a signer only. */
export async function readSignatureDocument(
  deps: FlowDeps,
  user: AuthUser,
  dossierId: number,
  documentId: number,
): Promise<{ name: string; bytes: Uint8Array }> {
  const document = await withDossier(deps.db, user, dossierId, { access: 'signer' }, async (_dossier, db) => {
    const context = await contextOf(db, user, dossierId, await repo.findLatestProcedure(db, dossierId));
    const found = (await repo.findProcedureDocuments(db, context.procedure.id)).find((doc) => doc.id === documentId);
    if (!found) throw notFound('Document not found');
    return found;
  });
  const file = await getFile(deps.db, document.fileId);
  return { name: document.name, bytes: await readFileBytes(deps.storage, file) };
}

// ---------- Actions ----------

interface ActionInfo {
  ip: string;
  userAgent: string;
}

/**
 * An action under the dossier's lock: the procedure re-read and locked, the caller's signer found, and the procedure
 * checked available (pending, not expired: checked at request time, the sweep only notifies). `work` may return an
 * AppError to throw after the commit (a wrong code's attempt count must be kept).
 */
async function act<T>(
  deps: FlowDeps,
  user: AuthUser,
  dossierId: number,
  work: (context: Context, dossier: LockedDossier, tx: Tx, now: Date) => Promise<T | AppError>,
): Promise<T> {
  const result = await withDossier(deps.db, user, dossierId, { access: 'signer', lock: true }, async (dossier, tx) => {
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

function requireTurn(context: Context): SignerRow {
  const turn = turnOf(context.signers);
  if (turn?.id !== context.me.id) throw new AppError('CONFLICT', 'It is not this signer’s turn');
  return turn;
}

/** POST /signature/:id/method: the first signer or staff choose online or manual, until the first signature. */
export async function chooseMethod(deps: FlowDeps, user: AuthUser, dossierId: number, method: 'online' | 'manual'): Promise<SignatureResponse> {
  await act(deps, user, dossierId, async (context, _dossier, tx, now) => {
    const { procedure, signers, me, staff } = context;
    if (!staff && signers[0]?.id !== me.id) throw new AppError('CONFLICT', 'Only the first signer or the CFA chooses the method');
    if (signers.some((signer) => signer.status === 'signed' || signer.status === 'submitted'))
      throw new AppError('CONFLICT', 'The method cannot change after the first signature');
    await repo.updateProcedure(tx, procedure.id, { method });
    // A code asked for online is void once the method changes.
    for (const signer of signers)
      if (signer.codeHash) await repo.updateSigner(tx, signer.id, { codeHash: null, codeExpiresAt: null, codeAttempts: 0 });
    await appendSignatureEvent(tx, {
      dossierId,
      procedureId: procedure.id,
      type: 'method.chosen',
      payload: { method, previous: procedure.method, byRole: me.role, byUserId: user.id },
      at: now,
    });
    return true;
  });
  return getSignature(deps, user, dossierId);
}

const codeHashOf = (keys: DataKeys, signerId: number, code: string) => keyedHash(keys, `signature-code:${signerId}:${code}`);

/** POST /signature/:id/code: a 6-digit code by e-mail to the signer whose turn it is (online method). */
export async function sendCode(deps: FlowDeps, user: AuthUser, dossierId: number): Promise<{ expiresAt: string; sentTo: string }> {
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

const roleSteps = {
  employer: 'signature_employeur',
  apprentice: 'signature_admissible',
  legal_representative: 'signature_admissible',
  school: 'signature_ecole',
} as const;

/**
 * The signer is done (online or confirmed on paper): their step moves, the next signer is mailed; after the school,
 * the case is accepted (8). Answers whether the result must now be sealed.
 */
async function advance(
  deps: FlowDeps,
  context: Context,
  dossier: LockedDossier,
  tx: Tx,
  signer: SignerRow,
  now: Date,
  details: Record<string, unknown>,
): Promise<boolean> {
  const role = signer.role as SignerRole;
  if (role === 'school') {
    await dossier.apply({ type: 'signatureCompleted' }, { role, ...details });
    await sendSurveyInvitations(tx, deps.config, dossier.row);
    return true;
  }
  const hasRepresentative = context.signers.some((other) => other.role === 'legal_representative');
  await dossier.apply(
    { type: 'signerSigned', step: roleSteps[role], done: !(role === 'apprentice' && hasRepresentative) },
    { role, ...details },
  );
  const next = context.signers.find((other) => other.signOrder > signer.signOrder && other.status !== 'signed');
  if (next) {
    await repo.updateSigner(tx, next.id, { notifiedAt: now });
    await notifyTurn(tx, deps, dossier.row, context.procedure.id, next, now);
  }
  return false;
}

async function currentDocuments(tx: Tx, procedureId: string) {
  const documents = await repo.findProcedureDocuments(tx, procedureId);
  // A document regenerated since makes the procedure unavailable (its consent would apply to other bytes).
  if (documents.some((doc) => doc.supersededAt !== null)) throw new AppError('SIGNATURE_UNAVAILABLE');
  return documents;
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
  const finalize = await act(deps, user, dossierId, async (context, dossier, tx, now) => {
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
    return advance(deps, context, dossier, tx, signer, now, { method: 'online' });
  });
  if (finalize) await finalizeProcedure(deps, dossierId);
  return getSignature(deps, user, dossierId);
}

/** POST /signature/:id/refuse: a signer not signed yet refuses with a reason; the case goes back to staff. */
export async function refuse(deps: FlowDeps, user: AuthUser, dossierId: number, reason: string, info: ActionInfo): Promise<SignatureResponse> {
  await act(deps, user, dossierId, async (context, dossier, tx, now) => {
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
    return true;
  });
  return getSignature(deps, user, dossierId);
}

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
  try {
    await act(deps, user, dossierId, async (locked, _dossier, tx, now) => {
      const signer = requireTurn(locked);
      if (locked.procedure.method !== 'manual') throw new AppError('CONFLICT', 'The manual method is not chosen');
      if (signer.status !== 'pending') throw new AppError('CONFLICT', 'A signed scan awaits the CFA’s check already');
      const documents = await currentDocuments(tx, locked.procedure.id);
      const stored = await insertFileRow(tx, prepared);
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
      return true;
    });
  } catch (err) {
    await discardFileBytes(deps.storage, [prepared.storageKey]);
    throw err;
  }
  return getSignature(deps, user, dossierId);
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
  const finalize = await act(deps, user, dossierId, async (context, dossier, tx, now) => {
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
      return false;
    }
    await repo.updateSigner(tx, signer.id, { status: 'signed', method: 'manual', signedAt: now, signedByUserId: user.id });
    await appendSignatureEvent(tx, {
      dossierId,
      procedureId: context.procedure.id,
      type: 'scan.confirmed',
      payload: { ...payload, name: signer.name, email: signer.email, method: 'manual' },
      at: now,
    });
    context.signers = context.signers.map((row) => (row.id === signer.id ? { ...row, status: 'signed' } : row));
    return advance(deps, context, dossier, tx, signer, now, { method: 'manual' });
  });
  if (finalize) await finalizeProcedure(deps, dossierId);
  return getSignature(deps, user, dossierId);
}

// ---------- The sealed result and the certificate of completion ----------

async function evidenceOf(db: Db | Tx, procedure: ProcedureRow, signers: SignerRow[], at: Date): Promise<CompletionEvidence> {
  const documents = await repo.findProcedureDocuments(db, procedure.id);
  const head = await chainHead(db, procedure.dossierId);
  const people = await repo.findUserRows(
    db,
    [procedure.startedBy, ...signers.map((signer) => signer.signedByUserId)].filter((id): id is number => id !== null),
  );
  const nameOf = (id: number | null) => {
    const person = people.find((row) => row.id === id);
    return person ? `${person.prenom} ${person.nom}`.trim() || person.email : null;
  };
  const method = (procedure.method as 'online' | 'manual' | null) ?? 'online';
  const mailsOf = await mailIdsOf(db, procedure);
  return {
    procedureId: procedure.id,
    dossierId: procedure.dossierId,
    method,
    createdAt: procedure.createdAt,
    sentAt: procedure.sentAt,
    expiresAt: procedure.expiresAt,
    startedBy: nameOf(procedure.startedBy),
    documents: documents.map((doc) => ({
      name: doc.name,
      kind: doc.kind,
      version: doc.version,
      edition: doc.edition,
      pages: doc.pages,
      sha256: doc.sha256,
    })),
    signers: signers.map((signer) => {
      const signerMethod = (signer.method as 'online' | 'manual' | null) ?? method;
      return {
        role: signer.role as SignerRole,
        name: signer.name,
        email: signer.email,
        status: signer.status === 'signed' ? 'signed' : signer.status === 'refused' ? 'refused' : 'pending',
        method: signerMethod,
        at: signer.signedAt ?? signer.refusedAt,
        ip: signer.ip,
        userAgent: signer.userAgent,
        codeAttempts: signerMethod === 'online' && signer.status === 'signed' ? signer.codeAttempts : null,
        manual:
          signerMethod === 'manual' && signer.status === 'signed' && signer.scanSha256 && signer.scanUploadedAt && signer.signedAt
            ? {
                scanSha256: signer.scanSha256,
                uploadedAt: signer.scanUploadedAt,
                confirmedBy: nameOf(signer.signedByUserId) ?? 'CFA',
                confirmedAt: signer.signedAt,
              }
            : null,
        signedBy: signer.role === 'school' ? nameOf(signer.signedByUserId) : null,
        refusalReason: signer.refusalReason,
        ...mailsOf(signer),
      };
    }),
    consent: { ...consentOf('fr-FR'), text: CONSENT.texts['fr-FR'] },
    chain: { headHash: head.hash, events: head.count },
    generatedAt: at,
  };
}

const textOf = (value: JsonValue | undefined) => (typeof value === 'string' ? value : null);

/**
 * The SMTP Message-IDs of a signer's mails, from the evidence chain (SIGNING.md 3): the latest personal link sent to the
 * address they signed with (the school: the staff member who signed, of the links every staff member got), and the
 * latest one-time code.
 */
async function mailIdsOf(db: Db | Tx, procedure: ProcedureRow) {
  const events = (await listSignatureEvents(db, procedure.dossierId)).filter((event) => event.procedureId === procedure.id);
  return (signer: SignerRow) => {
    let linkMessageId: string | null = null;
    let codeMessageId: string | null = null;
    let consent: { version: string; sha256: string } | null = null;
    for (const { type, payload } of events) {
      if (payload['role'] !== signer.role) continue;
      const given = payload['consent'];
      if (type === 'signer.signed' && given && typeof given === 'object' && !Array.isArray(given)) {
        const version = textOf(given['version']);
        const sha256 = textOf(given['sha256']);
        const lang = textOf(given['lang']);
        if (version && sha256) consent = { version: lang ? `${version} (${lang})` : version, sha256 };
      }
      if (type === 'code.sent') codeMessageId = textOf(payload['messageId']) ?? codeMessageId;
      if ((type === 'signer.notified' || type === 'signer.reminded') && Array.isArray(payload['mails'])) {
        const mails = payload['mails'].filter((mail): mail is { [key: string]: JsonValue } => typeof mail === 'object' && mail !== null && !Array.isArray(mail));
        const mine = mails.find((mail) => mail['to'] === signer.email) ?? (signer.role === 'school' ? undefined : mails[0]);
        linkMessageId = textOf(mine?.['messageId']) ?? linkMessageId;
      }
    }
    return { linkMessageId, codeMessageId, consent };
  };
}

async function mergePdfs(parts: Uint8Array[]): Promise<Uint8Array> {
  // pdf-lib is loaded with the first signed contract, not with the portal.
  const { PDFDocument } = await import('@cantoo/pdf-lib');
  const merged = await PDFDocument.create();
  for (const part of parts) {
    const source = await PDFDocument.load(part, { ignoreEncryption: true });
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
  }
  return merged.save();
}

/**
 * Every signer signed: the documents (then the paper scans of a manual procedure) merged, the certificate of completion
 * appended, the whole sealed with the school's certificate; stored as the dossier's signed contract (`cerfa_file_id`,
 * which the applicant's cases and the employer's home download). Run after the commit of the last signature, and again
 * by the sweep should it have failed; storing it twice is prevented under the procedure's lock.
 */
export async function finalizeProcedure(deps: FlowDeps, dossierId: number): Promise<void> {
  const procedure = await repo.findLatestProcedure(deps.db, dossierId);
  if (!procedure || procedure.state !== 'pending' || procedure.resultFileId) return;
  const signers = await repo.findSigners(deps.db, procedure.id);
  if (!signers.every((signer) => signer.status === 'signed')) return;
  const documents = await repo.findProcedureDocuments(deps.db, procedure.id);
  const parts: Uint8Array[] = [];
  for (const doc of documents) parts.push(await readFileBytes(deps.storage, await getFile(deps.db, doc.fileId)));
  for (const signer of signers)
    if (signer.scanFileId) parts.push(await readFileBytes(deps.storage, await getFile(deps.db, signer.scanFileId)));
  const at = new Date();
  const evidence = await evidenceOf(deps.db, procedure, signers, at);
  const { bytes, sha256 } = await finalizeSignedPdf(await mergePdfs(parts), evidence, await deps.seal.get());
  const prepared = await putFileBytes(deps.storage, {
    ownerUserId: null,
    kind: 'cerfa',
    filename: `contrat-signe-dossier-${dossierId}.pdf`,
    contentType: 'application/pdf',
    bytes,
  });
  const stored = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockProcedure(tx, procedure.id);
    if (!locked || locked.state !== 'pending' || locked.resultFileId) return false;
    const file = await insertFileRow(tx, prepared);
    await repo.updateProcedure(tx, procedure.id, {
      state: 'completed',
      endedAt: at,
      resultFileId: file.id,
      resultSha256: sha256,
      chainHeadHash: evidence.chain.headHash,
    });
    await repo.setDossierCerfa(tx, dossierId, file.id);
    await appendSignatureEvent(tx, {
      dossierId,
      procedureId: procedure.id,
      type: 'procedure.completed',
      payload: { resultSha256: sha256, fileId: file.id, certifiedChainHead: evidence.chain.headHash, certifiedEvents: evidence.chain.events },
      at,
    });
    // Every party learns the contract is signed, with where to download it: queued with the result, or not at all.
    const parties = await repo.findDossierParties(tx, dossierId);
    if (parties)
      await notifyContractSigned(
        tx,
        deps.config,
        parties,
        signers.map((signer) => signer.userId).filter((id): id is number => id !== null),
      );
    return true;
  });
  if (!stored) await discardFileBytes(deps.storage, [prepared.storageKey]);
}

/** GET /staff/dossiers/:id/evidence: the certificate of completion of the case's latest procedure, as of now. */
export async function evidencePdf(deps: FlowDeps, user: AuthUser, dossierId: number): Promise<Uint8Array> {
  const procedure = await withDossier(deps.db, user, dossierId, { access: 'staff' }, async (_dossier, db) =>
    repo.findLatestProcedure(db, dossierId),
  );
  if (!procedure) throw notFound('No signature procedure for this case');
  const signers = await repo.findSigners(deps.db, procedure.id);
  const certificate = await deps.seal.get();
  return renderCompletionCertificate({
    ...(await evidenceOf(deps.db, procedure, signers, new Date())),
    seal: { subject: certificate.subject, fingerprintSha256: certificate.fingerprintSha256 },
  });
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
    })),
    signedDocumentUrl: procedure.resultFileId ? fileUrl(procedure.resultFileId) : null,
    evidenceUrl: `/api/staff/dossiers/${dossierId}/evidence`,
  };
}

/** File access rule: the sealed result is read by the signers of its procedure (staff read every file already). */
export async function canReadSignedResult(db: Db, user: AuthUser, fileId: string): Promise<boolean> {
  return repo.isSignerOfResult(db, user.id, fileId);
}

// ---------- Reminders and expiry (job `signature-reminders`) ----------

export const signatureRemindersJob = 'signature-reminders';

/**
 * The sweep: pending procedures past SIGNATURE_EXPIRY_DAYS become expired (an action re-checks expiry at request time
 * anyway); a signer whose turn has lasted SIGNATURE_REMINDER_DAYS is reminded once per such period (a `job_marks` row
 * in the mail's transaction); a finished procedure whose seal failed is sealed again.
 */
export async function runSignatureSweep(deps: FlowDeps, now = new Date()): Promise<{ expired: number; reminded: number; finalized: number }> {
  const expired = await repo.expireDueProcedures(deps.db, now);
  for (const procedure of expired)
    await appendSignatureEvent(deps.db, {
      dossierId: procedure.dossierId,
      procedureId: procedure.id,
      type: 'procedure.expired',
      payload: { expiresAt: iso(procedure.expiresAt) },
      at: now,
    });
  const periodMs = deps.config.SIGNATURE_REMINDER_DAYS * DAY_MS;
  let reminded = 0;
  for (const { procedure, signer, admissibleUserId } of await repo.findWaitingTurns(deps.db, new Date(now.getTime() - periodMs))) {
    if (!signer.notifiedAt) continue;
    const period = Math.floor((now.getTime() - signer.notifiedAt.getTime()) / periodMs);
    const key = `${signer.id}:${signer.notifiedAt.toISOString()}:${period}`;
    const sent = await deps.db.transaction(async (tx) => {
      if (!(await markJobDone(tx, signatureRemindersJob, key))) return false;
      await notifyTurn(tx, deps, { id: procedure.dossierId, admissibleUserId }, procedure.id, signer, now, deps.config.SIGNATURE_REMINDER_DAYS);
      return true;
    });
    if (sent) reminded += 1;
  }
  let finalized = 0;
  for (const { dossierId } of await repo.findUnfinalized(deps.db)) {
    await finalizeProcedure(deps, dossierId);
    finalized += 1;
  }
  return { expired: expired.length, reminded, finalized };
}
