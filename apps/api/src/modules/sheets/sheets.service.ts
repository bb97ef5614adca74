import {
  DOSSIER_STATUS,
  issuesToWarnings,
  JOB_DESCRIPTION_MAX_BYTES,
  ruleIssuesToErrors,
  ruleIssuesToParams,
  sheetDrafts,
  sheetIssues,
  STEP_STATUS,
  stepTypes,
  type DossierHeading,
  type DossierTerms,
  type Language,
  type ReferenceLookups,
  type SheetFormation,
  type SheetKind,
  type SheetResponse,
  type SmicRate,
} from '@passerelle/contract';
import type { Config } from '../../config.ts';
import { readTogether, type Db, type Tx } from '../../db/client.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { decryptText, encryptText, keyedHash, maskNir, type DataKeys } from '../../lib/crypto.ts';
import type { ReceivedFile } from '../../lib/multipart-file.ts';
import type { Storage } from '../../db/storage.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { createLoginLink } from '../auth/auth.service.ts';
import {
  cerfaParamsOf,
  refreshPipelineColumns,
  sheetOpenRefusal,
  withDossier,
  type DossierAccess,
  type DossierState,
  type DossierView,
  type LockedDossier,
} from '../dossiers/dossiers.service.ts';
import {
  deleteFileRows,
  discardFileBytes,
  fileUrl,
  insertFileRow,
  putFileBytes,
  safeFilename,
} from '../files/files.service.ts';
import type { UploadGuard } from '../../db/upload-guard.ts';
import { enqueueMail } from '../mail/mail.service.ts';
import { notifyEmployerFirstContactSent } from '../notifications/notifications.service.ts';
import { findOrCreateUserByEmail, findUserByAddress, mailLanguageOf, normalizeEmail } from '../users/users.service.ts';
import { detectFileType, hasExtension, type DetectedFileType } from '../../lib/file-type.ts';
import { loadRuleReferences } from '../lookups/lookups.service.ts';
import { findSmicTable } from '../smic/smic.service.ts';
import { renderEmployerInvitation } from './sheet-mails.ts';
import * as repo from './sheets.repo.ts';
import { readCfaSettings, type CfaEnvironment } from '../settings/settings.service.ts';

export interface SheetsDeps {
  db: Db;
  keys: DataKeys;
  config: Pick<
    Config,
    | 'publicUrl'
    | 'LOGIN_LINK_TTL'
    | 'MAIL_FROM'
    | 'REFRESH_TOKEN_TTL'
    | 'LOGIN_RATE_PER_ADDRESS'
    | 'LOGIN_RATE_WINDOW'
    | 'SHORT_CONTRACT_MONTHS'
    | 'APPLICANT_INVITATIONS_PER_DAY'
    | 'APPLICANT_INVITATIONS_TOTAL'
  > &
    CfaEnvironment;
}

type Data = Record<string, unknown>;
type SheetsByKind = Partial<Record<SheetKind, repo.SheetRow>>;

/** The sheets holding the applicant's identity: their `apprenti.nir` lives encrypted in dossier_personal. */
const nirKinds: ReadonlySet<SheetKind> = new Set(['f1ca', 'fra']);
/** Later sheets restate the earlier ones' blocks: a block is read from the latest sheet holding it. */
const sheetOrder: readonly SheetKind[] = ['f1ca', 'f1ce', 'missions', 'fra', 'fre'];
const staffTypes: ReadonlySet<string> = new Set(['staff', 'admin']);

const isObject = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const blockOf = (data: Data, block: string): Data => (isObject(data[block]) ? data[block] : {});

// ---------- State ----------

/** The party that fills each sheet in (staff may act on every sheet): the access withDossier checks. */
const sheetAccess: Record<SheetKind, DossierAccess> = {
  f1ca: 'applicant',
  fra: 'applicant',
  f1ce: 'company',
  missions: 'company',
  fre: 'company',
};

/** The steps reached, in SPEC's order, as the wire carries them (`etapeStatus`). */
function etapeStatusOf(state: DossierState): SheetResponse['etapeStatus'] {
  return stepTypes.flatMap((type) => {
    const status = state.steps[type];
    return status === undefined ? [] : [{ type, status }];
  });
}

// ---------- Reading a sheet ----------

function byKind(rows: repo.SheetRow[]): SheetsByKind {
  const result: SheetsByKind = {};
  for (const row of rows) result[row.kind as SheetKind] = row;
  return result;
}

const dataOf = (row: repo.SheetRow | undefined): Data => (row && isObject(row.data) ? row.data : {});

function pick(block: Data, keys: string[]): Data {
  return Object.fromEntries(keys.filter((key) => block[key] !== undefined).map((key) => [key, block[key]]));
}

/**
 * What the applicant already told the portal about themselves, for a sheet asking it again: their account's name and
 * e-mail, and from their sheets on other dossiers (latest first) their identity, birth and address. The NIR stays with
 * its own dossier.
 */
const applicantIdentityFields = [
  'nom',
  'prenom',
  'sexe',
  'dateNaissance',
  'departementNaissance',
  'communeNaissance',
  'nationalite',
  'courriel',
  'telephone',
  'adresse',
];

async function applicantPrefill(db: Db | Tx, dossier: repo.DossierRow): Promise<Data> {
  const [account, earlier] = await readTogether(db, [
    () => repo.findAccount(db, dossier.admissibleUserId),
    () => repo.findApplicantSheets(db, dossier.admissibleUserId, dossier.id, ['f1ca', 'fra']),
  ]);
  const apprenti: Data = {};
  if (account) {
    if (account.nom) apprenti['nom'] = account.nom;
    if (account.prenom) apprenti['prenom'] = account.prenom;
    apprenti['courriel'] = account.email;
  }
  // Oldest first, so that the latest sheet has the last word; the account only fills what no sheet says.
  for (const row of [...earlier].reverse())
    Object.assign(apprenti, pick(blockOf(isObject(row.data) ? row.data : {}, 'apprenti'), applicantIdentityFields));
  return apprenti;
}

/** What a sheet starts from before its first save: what the earlier sheets (and, for the applicant, the portal) already say. */
function initialData(kind: SheetKind, sheets: SheetsByKind, prefill: Data = {}): Data {
  const f1ca = dataOf(sheets.f1ca);
  const f1ce = dataOf(sheets.f1ce);
  let seed: Data = {};
  switch (kind) {
    case 'f1ca':
      seed = Object.keys(prefill).length > 0 ? { apprenti: prefill } : {};
      break;
    case 'missions':
      break;
    case 'f1ce':
      seed = {
        employeur: pick(blockOf(f1ca, 'employeur'), ['denomination', 'siret', 'adresse']),
        contrat: pick(blockOf(f1ca, 'contrat'), ['typeContrat', 'intitulePoste', 'dateDebutContrat']),
      };
      break;
    case 'fra':
      seed = { apprenti: { ...prefill, ...blockOf(f1ca, 'apprenti') } };
      break;
    case 'fre':
      seed = {
        employeur: blockOf(f1ce, 'employeur'),
        maitre1: blockOf(f1ce, 'maitre1'),
        // The previous contract's DECA number is the applicant's to give; the rest of the contract, the employer's.
        contrat: { ...pick(blockOf(f1ca, 'contrat'), ['numeroContratPrecedent']), ...blockOf(f1ce, 'contrat') },
        contacts: blockOf(f1ce, 'contacts'),
      };
      break;
  }
  const parsed = sheetDrafts[kind].safeParse(seed);
  if (parsed.success) return parsed.data;
  // A prefilled value the schema refuses (an old sheet's) must not cost the rest.
  return Object.keys(prefill).length === 0 ? {} : initialData(kind, sheets);
}

/** Blocks of the dossier this sheet does not hold, from the latest sheet holding each. */
function otherBlocks(kind: SheetKind, sheets: SheetsByKind): Data {
  const own = new Set(Object.keys(sheetDrafts[kind].shape));
  const context: Data = {};
  for (const other of sheetOrder) {
    if (other === kind) continue;
    for (const [block, value] of Object.entries(dataOf(sheets[other]))) if (!own.has(block)) context[block] = value;
  }
  return context;
}

/** Sheets the company fills before the information sheet, while the dossier is still being considered. */
const firstContactKinds: ReadonlySet<SheetKind> = new Set(['f1ce', 'missions']);
/**
 * What the company reads of the applicant at first contact (data minimisation, GDPR art. 5(1)(c)): who they are, how
 * to reach them, and the birth date that sets the minimum salary. Address, birth place, nationality, background,
 * France Travail, recognitions (RQTH) and the NIR wait for the information sheet, which goes on the CERFA they sign.
 */
const applicantFieldsAtFirstContact = ['nom', 'prenom', 'dateNaissance', 'courriel', 'telephone'];
/** Blocks only the applicant's information sheet holds (the legal representative, the applicant's consent). */
const applicantOnlyBlocks = ['representantLegal', 'consentements'];

/**
 * The other party's blocks as the caller may read them: everything for the applicant and staff, and for the company
 * from the information sheet on; at first contact the company gets the applicant's identity and contact details only.
 * The employer's first contact also shows the previous contract's number the applicant gave (its own `contrat` block
 * does not hold that field). The rules always run on the full blocks.
 */
function contextFor(user: AuthUser, kind: SheetKind, sheets: SheetsByKind, other: Data, nir: string | undefined): Data {
  const context: Data = { ...other };
  if (kind === 'f1ce') {
    const previous = pick(blockOf(dataOf(sheets.f1ca), 'contrat'), ['numeroContratPrecedent']);
    if (Object.keys(previous).length > 0) context['contrat'] = previous;
  }
  const shownNir = nirFor(user, nir);
  if (user.userType === 'company' && firstContactKinds.has(kind)) {
    for (const block of applicantOnlyBlocks) delete context[block];
    if (isObject(other['apprenti'])) context['apprenti'] = pick(other['apprenti'], applicantFieldsAtFirstContact);
  } else if (isObject(other['apprenti']) && shownNir !== undefined) {
    context['apprenti'] = { ...other['apprenti'], nir: shownNir };
  }
  return context;
}

function withNir(data: Data, nir: string | undefined): Data {
  if (nir === undefined) return data;
  return { ...data, apprenti: { ...blockOf(data, 'apprenti'), nir } };
}

/** Only the applicant and staff read the NIR in full; the employer's people see it masked. */
function nirFor(user: AuthUser, nir: string | undefined): string | undefined {
  if (nir === undefined) return undefined;
  return user.userType === 'admissible' || staffTypes.has(user.userType) ? nir : maskNir(nir);
}

async function readNir(db: Db | Tx, keys: DataKeys, dossierId: number): Promise<string | undefined> {
  const personal = await repo.findPersonal(db, dossierId);
  return personal?.nirCiphertext ? decryptText(keys, personal.nirCiphertext) : undefined;
}

function idccBefore(sheets: SheetsByKind): string | null {
  const fromFre = blockOf(dataOf(sheets.fre), 'employeur')['codeIdcc'];
  const fromF1ce = blockOf(dataOf(sheets.f1ce), 'employeur')['codeIdcc'];
  if (typeof fromFre === 'string') return fromFre;
  return typeof fromF1ce === 'string' ? fromF1ce : null;
}

export async function getSheetFormation(db: Db | Tx, dossier: repo.DossierRow): Promise<SheetFormation | null> {
  const params = await cerfaParamsOf(db, dossier);
  const formation = params.formation;
  if (!formation) return null;
  return {
    libelle: formation.libelle,
    school: formation.school,
    dateDebutFormation: formation.trainingStart,
    dateFinFormation: formation.trainingEnd,
    contractTypes: params.contractType ? [params.contractType] : ['APP', 'PRO'],
    proStartAfter: formation.proStartAfter,
    proEndBefore: formation.proEndBefore,
    rncp: formation.rncp,
    rncpEndDate: formation.rncpEndDate,
    codeDiplome: formation.codeDiplome,
    heures: formation.hours,
    heuresDistanciel: formation.remoteHours ?? null,
    niveauRncp: formation.rncpLevel ?? null,
  };
}

/** Whose case the page is about (issue 9): the case's number and name, and the apprentice's name. */
export async function getDossierHeading(
  db: Db | Tx,
  dossier: { id: number; dossierName: string | null; admissibleUserId: number },
): Promise<DossierHeading> {
  const account = await repo.findUserNames(db, dossier.admissibleUserId);
  return {
    id: dossier.id,
    dossierName: dossier.dossierName,
    applicant: { prenom: account?.prenom ?? '', nom: account?.nom ?? '' },
  };
}

interface SheetSnapshot {
  sheets: SheetsByKind;
  state: DossierState;
  nir: string | undefined;
  /** The applicant's details the portal already holds (applicantPrefill), for a sheet not saved yet. */
  prefill?: Data | undefined;
}

/** The tables the rules read besides the dossier: the SMIC values and the reference tables (IDCC, NAF, OPCO). */
interface RuleTables {
  smicTable: readonly SmicRate[];
  references: ReferenceLookups;
}

/** Read outside the dossier's transaction (PGlite's one connection is the transaction's while it runs). */
async function readRuleTables(db: Db): Promise<RuleTables> {
  const [smicTable, references] = await readTogether(db, [() => findSmicTable(db), () => loadRuleReferences(db)]);
  return { smicTable, references };
}

function evaluate(
  deps: SheetsDeps,
  kind: SheetKind,
  snapshot: SheetSnapshot,
  formation: SheetFormation | null,
  tables: RuleTables,
) {
  const row = snapshot.sheets[kind];
  const own = row ? dataOf(row) : initialData(kind, snapshot.sheets, snapshot.prefill);
  const data = nirKinds.has(kind) ? withNir(own, snapshot.nir) : own;
  const other = otherBlocks(kind, snapshot.sheets);
  const issues = sheetIssues(kind, data, {
    formation,
    smicTable: tables.smicTable,
    references: tables.references,
    other,
    idccBefore: kind === 'fre' ? idccBefore(snapshot.sheets) : null,
    shortContractMonths: deps.config.SHORT_CONTRACT_MONTHS,
  });
  return { row, data, other, issues };
}

export async function getSheet<K extends SheetKind>(
  deps: SheetsDeps,
  user: AuthUser,
  kind: K,
  dossierId: number,
): Promise<SheetResponse<K>> {
  return withDossier(deps.db, user, dossierId, { access: sheetAccess[kind] }, (dossier) =>
    readSheet(deps, user, kind, dossier),
  );
}

/** The sheet as its reader sees it, for a dossier whose access withDossier has checked (after a write: as it left it). */
async function readSheet<K extends SheetKind>(
  deps: SheetsDeps,
  user: AuthUser,
  kind: K,
  view: DossierView,
): Promise<SheetResponse<K>> {
  const { row: dossier, state } = view;
  const dossierId = dossier.id;
  const [rows, nir, formation, tables, attachment, heading] = await readTogether(deps.db, [
    () => repo.findSheets(deps.db, dossierId),
    () => readNir(deps.db, deps.keys, dossierId),
    () => getSheetFormation(deps.db, dossier),
    () => readRuleTables(deps.db),
    () => (kind === 'missions' ? repo.findAttachment(deps.db, dossierId, kind) : Promise.resolve(undefined)),
    () => getDossierHeading(deps.db, dossier),
  ]);
  const sheets = byKind(rows);
  const snapshot = { sheets, state, nir, prefill: await prefillFor(deps.db, dossier, kind, sheets) };
  const { row, data, other, issues } = evaluate(deps, kind, snapshot, formation, tables);
  const context = contextFor(user, kind, snapshot.sheets, other, nir);
  const [submittedBy, statusNote] = await readTogether(deps.db, [
    () => senderOf(deps.db, row),
    () => statusNoteOf(deps.db, dossier, state, kind, row),
  ]);
  return {
    data,
    status: row?.status === 'submitted' ? 'submitted' : 'draft',
    submittedAt: row?.submittedAt?.toISOString() ?? null,
    submittedBy,
    statusNote,
    warnings: issuesToWarnings(issues),
    readOnly: row?.status === 'submitted' || sheetOpenRefusal(snapshot.state, kind) !== undefined,
    formation,
    context,
    etapeStatus: etapeStatusOf(snapshot.state),
    dossier: heading,
    attachment: attachment
      ? {
          id: attachment.id,
          filename: attachment.filename,
          contentType: attachment.contentType,
          size: attachment.size,
          url: fileUrl(attachment.id),
          uploadedAt: attachment.createdAt.toISOString(),
        }
      : null,
  } as SheetResponse<K>;
}

/** The applicant's known details, only for their own sheets not saved yet (the first opening). */
async function prefillFor(
  db: Db | Tx,
  dossier: repo.DossierRow,
  kind: SheetKind,
  sheets: SheetsByKind,
): Promise<Data | undefined> {
  if (!nirKinds.has(kind) || sheets[kind]) return undefined;
  return applicantPrefill(db, dossier);
}

const senderTypes = ['admissible', 'company', 'staff', 'admin'] as const;
type SenderType = (typeof senderTypes)[number];
const isSenderType = (type: string): type is SenderType => (senderTypes as readonly string[]).includes(type);

async function senderOf(db: Db, row: repo.SheetRow | undefined): Promise<SheetResponse['submittedBy']> {
  if (row?.status !== 'submitted' || row.updatedBy === null) return null;
  const sender = await repo.findSender(db, row.updatedBy);
  if (!sender || !isSenderType(sender.userType)) return null;
  return { prenom: sender.prenom, nom: sender.nom, userType: sender.userType };
}

/** Audit actions that record why a case or a sheet stands still, with the reason given in `details.reason`. */
const noteActions = {
  returned: ['sheet.returned', 'missions.complement_requested'],
  refused: ['first_contact.refuse', 'funding.denied'],
  archived: ['dossier.archived'],
} as const;
const RETURNED_STEP = STEP_STATUS.RETURNED;
const STATUT_REFUSED = DOSSIER_STATUS.REFUSED;
const STATUT_ARCHIVED = DOSSIER_STATUS.ARCHIVED;

/**
 * Why the sheet is back with its author (step 5) or the case closed (6, 9), and the reason recorded. The missions have
 * no step: they are back with the employer while a return or a complement request (issue 10) waits for a new send.
 */
async function statusNoteOf(
  db: Db,
  dossier: repo.DossierRow,
  state: DossierState,
  kind: SheetKind,
  row: repo.SheetRow | undefined,
): Promise<SheetResponse['statusNote']> {
  const note =
    state.statut === STATUT_ARCHIVED
      ? 'archived'
      : state.statut === STATUT_REFUSED
        ? 'refused'
        : (kind === 'missions' ? row?.status !== 'submitted' : state.steps[kind] === RETURNED_STEP)
          ? 'returned'
          : null;
  if (note === null) return null;
  const entry = await repo.findLatestAudit(db, dossier.id, noteActions[note], note === 'returned' ? kind : undefined);
  // Missions never returned nor asked to be completed: nothing to say.
  if (note === 'returned' && entry === undefined && kind === 'missions') return null;
  const details = entry && isObject(entry.details) ? entry.details : {};
  let reason = typeof details['reason'] === 'string' && details['reason'].trim() !== '' ? details['reason'] : null;
  // A funding denied before its reason went into the audit trail: the funding row holds it.
  if (reason === null && entry?.action === 'funding.denied')
    reason = (await repo.findLatestFunding(db, dossier.id))?.reason ?? null;
  return { kind: note, reason, at: entry?.at.toISOString() ?? null };
}

// ---------- Writing a sheet ----------

/**
 * For the staff module (issue 10), in the transaction that returns a sheet: the sent sheet becomes a draft its author
 * may edit again, holding what was sent. A sheet never saved stays absent.
 */
export async function reopenSheetForAuthor(tx: Tx, dossierId: number, kind: SheetKind): Promise<void> {
  await repo.markSheetDraft(tx, dossierId, kind);
}

function splitNir(kind: SheetKind, body: Data): { data: Data; nir: string | undefined } {
  if (!nirKinds.has(kind)) return { data: body, nir: undefined };
  const apprenti = blockOf(body, 'apprenti');
  const { nir, ...rest } = apprenti;
  if (body['apprenti'] === undefined) return { data: body, nir: undefined };
  return { data: { ...body, apprenti: rest }, nir: typeof nir === 'string' ? nir : undefined };
}

async function storeNir(tx: Tx, keys: DataKeys, dossierId: number, nir: string | undefined): Promise<void> {
  await repo.upsertNir(
    tx,
    dossierId,
    nir === undefined ? null : { ciphertext: encryptText(keys, nir), hash: keyedHash(keys, nir) },
  );
}

function ensureWritable(kind: SheetKind, row: repo.SheetRow | undefined, state: DossierState): void {
  if (row?.status === 'submitted')
    throw new AppError('LOCKED', 'This sheet is already sent and can no longer be changed');
  const refusal = sheetOpenRefusal(state, kind);
  if (refusal && !refusal.ok) throw new AppError(refusal.code, refusal.reason);
}

/**
 * Replaces the sheet's draft in the dossier's transaction (partial, but well formed: the route's schema checked it). A
 * draft moves no step; it is recorded as an event all the same (audit, last update).
 */
async function writeDraft(
  deps: SheetsDeps,
  user: AuthUser,
  kind: SheetKind,
  dossier: LockedDossier,
  tx: Tx,
  body: Data,
  references: ReferenceLookups,
) {
  const dossierId = dossier.row.id;
  const split = splitNir(kind, body);
  const nir = split.nir;
  const sheets = byKind(await repo.findSheets(tx, dossierId));
  ensureWritable(kind, sheets[kind], dossier.state);
  const data = kind === 'fre' ? withDerivedOpco(split.data, references) : split.data;
  if (kind === 'fre') {
    const errors = ruleIssuesToErrors(
      sheetIssues('fre', data, { formation: null, smicTable: [], other: {}, idccBefore: idccBefore(sheets) }).filter(
        (issue) => issue.code === 'idcc.change_blocked',
      ),
    );
    if (errors) throw validationError(errors, 'The IDCC code can no longer change on the information sheet');
  }
  await repo.upsertSheet(tx, { dossierId, kind, data, updatedBy: user.id });
  if (nirKinds.has(kind)) await storeNir(tx, deps.keys, dossierId, nir);
  await dossier.apply({ type: 'sheetSaved', kind }, { kind });
}

/**
 * The employer's OPCO follows from its IDCC (FILING.md, issue 28): the server stores the one the IDCC -> OPCO table
 * gives when the sheet names none. One the employer named stays in the draft, like any other value, and the rules
 * refuse it at the send (and in GET's warnings) when it is not the IDCC's (`opco.idcc_mismatch`, on `opco.nom`).
 */
function withDerivedOpco(data: Data, references: ReferenceLookups): Data {
  const codeIdcc = blockOf(data, 'employeur')['codeIdcc'];
  const opco = blockOf(data, 'opco');
  const nom = opco['nom'];
  if (typeof codeIdcc !== 'string' || (typeof nom === 'string' && nom.trim() !== '')) return data;
  const derived = references.opco?.(codeIdcc);
  return derived ? { ...data, opco: { ...opco, nom: derived } } : data;
}

/** What a write answers: the sheet as the transaction left the dossier. */
export const viewOf = (dossier: DossierView, row: repo.DossierRow = dossier.row): DossierView => ({
  row,
  state: dossier.state,
});

/** PUT: replaces the sheet's draft. */
export async function saveSheetDraft<K extends SheetKind>(
  deps: SheetsDeps,
  user: AuthUser,
  kind: K,
  dossierId: number,
  body: Data,
): Promise<SheetResponse<K>> {
  const references = await loadRuleReferences(deps.db);
  const view = await withDossier(
    deps.db,
    user,
    dossierId,
    { access: sheetAccess[kind], lock: true },
    async (dossier, tx) => {
      await writeDraft(deps, user, kind, dossier, tx, body, references);
      return viewOf(dossier);
    },
  );
  return readSheet(deps, user, kind, view);
}

/**
 * POST submit / send with `?dryRun=true`: judges the sheet as given (or as saved) exactly as the send would, and changes
 * nothing. The pages ask it before their "this cannot be undone" confirmation, so that only a sheet that can be sent is
 * confirmed and every error shows at once, under its field.
 */
export async function checkSheet(
  deps: SheetsDeps,
  user: AuthUser,
  kind: SheetKind,
  dossierId: number,
  body: Data | undefined,
): Promise<void> {
  const { row: dossier, state } = await withDossier(
    deps.db,
    user,
    dossierId,
    { access: sheetAccess[kind] },
    (view) => view,
  );
  const [rows, storedNir, formation, tables] = await readTogether(deps.db, [
    () => repo.findSheets(deps.db, dossierId),
    () => readNir(deps.db, deps.keys, dossierId),
    () => getSheetFormation(deps.db, dossier),
    () => readRuleTables(deps.db),
  ]);
  const sheets = byKind(rows);
  ensureWritable(kind, sheets[kind], state);
  let nir = storedNir;
  if (body !== undefined) {
    const split = splitNir(kind, body);
    nir = split.nir;
    // As the send would store it: the OPCO derived from the IDCC when none is given.
    const data = kind === 'fre' ? withDerivedOpco(split.data, tables.references) : split.data;
    const given = { ...(sheets[kind] ?? ({ kind, status: 'draft' } as repo.SheetRow)), data };
    sheets[kind] = given;
  }
  const snapshot = { sheets, state, nir, prefill: await prefillFor(deps.db, dossier, kind, sheets) };
  const { issues } = evaluate(deps, kind, snapshot, formation, tables);
  const errors = ruleIssuesToErrors(issues);
  if (errors) throw validationError(errors, 'The sheet is incomplete or breaks a rule', ruleIssuesToParams(issues));
}

/**
 * POST submit / send: the sheet as saved (or as given, saved first so that nothing typed is lost: the draft commits even
 * when the send is refused) must be complete and pass every rule; all errors come back at once. Then it is locked and
 * the dossier moves on; the applicant's first contact also invites the employer's contact. One access check, one lock.
 */
export async function submitSheet<K extends SheetKind>(
  deps: SheetsDeps,
  user: AuthUser,
  kind: K,
  dossierId: number,
  body: Data | undefined,
): Promise<SheetResponse<K>> {
  const tables = await readRuleTables(deps.db);
  const outcome = await withDossier(
    deps.db,
    user,
    dossierId,
    { access: sheetAccess[kind], lock: true },
    async (dossier, tx) => {
      if (body === undefined)
        return { ok: true as const, view: await sendSheet(deps, user, kind, dossier, tx, tables) };
      await writeDraft(deps, user, kind, dossier, tx, body, tables.references);
      try {
        // In a savepoint: a refused send (rules, invitation limits, state) rolls back to the draft, which commits.
        return {
          ok: true as const,
          view: await tx.transaction(() => sendSheet(deps, user, kind, dossier, tx, tables)),
        };
      } catch (error) {
        return { ok: false as const, error };
      }
    },
  );
  if (!outcome.ok) throw outcome.error;
  return readSheet(deps, user, kind, outcome.view);
}

/** The send itself, on the dossier locked by submitSheet: complete and rule-abiding, then locked and moved on. */
async function sendSheet(
  deps: SheetsDeps,
  user: AuthUser,
  kind: SheetKind,
  dossier: LockedDossier,
  tx: Tx,
  tables: RuleTables,
): Promise<DossierView> {
  const dossierId = dossier.row.id;
  const formation = await getSheetFormation(tx, dossier.row);
  const sheets = byKind(await repo.findSheets(tx, dossierId));
  ensureWritable(kind, sheets[kind], dossier.state);
  const nir = nirKinds.has(kind) ? await readNir(tx, deps.keys, dossierId) : undefined;
  const { row, data, issues } = evaluate(deps, kind, { sheets, state: dossier.state, nir }, formation, tables);
  const errors = ruleIssuesToErrors(issues);
  if (errors) throw validationError(errors, 'The sheet is incomplete or breaks a rule', ruleIssuesToParams(issues));
  if (!row) await repo.upsertSheet(tx, { dossierId, kind, data: splitNir(kind, data).data, updatedBy: user.id });
  await repo.markSheetSubmitted(tx, dossierId, kind, user.id);
  const employerStep = dossier.state.steps.f1ce;
  await dossier.apply({ type: 'sheetSubmitted', kind }, { kind });
  if (kind === 'f1ce') await notifyEmployerFirstContactSent(tx, deps.config, dossier.row);
  if (kind !== 'f1ca') return viewOf(dossier);
  const dossierName = await nameDossier(tx, dossierId, data);
  // Re-sent after a return (issue 10): the employer is invited again only while its first contact is still to fill in
  // for the first time; one sent, or returned to it, has had its invitation.
  if (employerStep === undefined || employerStep === STEP_STATUS.TODO)
    await inviteEmployer(tx, deps, dossier.row, data, user);
  // The case's name and company are in the pipeline's search text.
  await refreshPipelineColumns(tx, dossierId);
  return viewOf(dossier, { ...dossier.row, dossierName: dossierName ?? dossier.row.dossierName });
}

/**
 * SPEC 2 (cases): a dossier is shown by its name, "new case" until it has one. The applicant's first contact names it
 * after the company and the position, as the applicant wrote them ("Capgemini — Chargé de marketing digital").
 */
function dossierNameOf(data: Data): string | null {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const parts = [text(blockOf(data, 'employeur')['denomination']), text(blockOf(data, 'contrat')['intitulePoste'])];
  const name = parts.filter((part) => part !== '').join(' — ');
  return name === '' ? null : name;
}

async function nameDossier(tx: Tx, dossierId: number, data: Data): Promise<string | null> {
  const name = dossierNameOf(data);
  if (name !== null) await repo.updateDossier(tx, dossierId, { dossierName: name });
  return name;
}

const contactField = 'contacts.contactEntreprise.courriel';
const dayMs = 24 * 3600 * 1000;

/**
 * Each first contact an applicant sends asks for an employer invitation (a mail with the CFA's sender): at most
 * APPLICANT_INVITATIONS_TOTAL over the account's life and APPLICANT_INVITATIONS_PER_DAY a day. Counted before the
 * address is even looked up, withheld invitations included, so that the answer never depends on the address.
 */
async function checkInvitationBudget(tx: Tx, config: SheetsDeps['config'], applicant: AuthUser): Promise<void> {
  if (applicant.userType !== 'admissible') return;
  await repo.lockUser(tx, applicant.id);
  if ((await repo.countInvitations(tx, applicant.id)) >= config.APPLICANT_INVITATIONS_TOTAL)
    throw new AppError('LIMIT_REACHED', 'This account has invited as many employers as it may', {
      [contactField]: ['contact.invitations_total'],
    });
  if (
    (await repo.countInvitations(tx, applicant.id, new Date(Date.now() - dayMs))) >=
    config.APPLICANT_INVITATIONS_PER_DAY
  )
    throw new AppError('RATE_LIMITED', 'This account has invited as many employers as it may today', {
      [contactField]: ['contact.invitations_per_day'],
    });
}

/**
 * The contact named on the applicant's first contact, for a dossier without a company yet: an unknown address gets an
 * employer account, linked to a new company; a known employer account brings its own company. Either receives a
 * personal link that signs them in on the employer first-contact sheet.
 *
 * Once the dossier has a company, the applicant's sheet adds nobody to it (a person joins a company only when the
 * company or staff invite them): the address is invited only when it already belongs to one of the company's people,
 * and is otherwise kept as what the applicant said, in the sheet, for staff. An address holding another kind of
 * account is neither linked nor mailed. The applicant's answer is the same in every case, so that the sheet cannot be
 * used to learn which addresses hold accounts; an audit entry (without the address) tells staff what was withheld.
 */
async function inviteEmployer(
  tx: Tx,
  deps: SheetsDeps,
  dossier: repo.DossierRow,
  data: Data,
  applicant: AuthUser,
): Promise<void> {
  await checkInvitationBudget(tx, deps.config, applicant);
  const contact = blockOf(blockOf(data, 'contacts'), 'contactEntreprise');
  const employeur = blockOf(data, 'employeur');
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const requested = contact['langue'] === 'en-US' || contact['langue'] === 'fr-FR' ? contact['langue'] : undefined;
  const email = normalizeEmail(text(contact['courriel']));
  const withhold = (companyId: number, reason: 'not_company_member' | 'not_company_account') =>
    repo.insertAudit(tx, {
      dossierId: dossier.id,
      actorUserId: applicant.id,
      action: 'employer.invitation_withheld',
      details: { companyId, reason },
    });

  if (dossier.companyId !== null) {
    const member = await repo.findCompanyMember(tx, dossier.companyId, email);
    if (!member) return withhold(dossier.companyId, 'not_company_member');
    return sendInvitation(tx, deps, dossier, data, applicant, dossier.companyId, { ...member, requested });
  }

  const newCompany = () =>
    repo.insertCompany(tx, { name: text(employeur['denomination']), siret: text(employeur['siret']) || null });
  const known = await findUserByAddress(tx, email);
  if (known && known.userType !== 'company') {
    // As for an unknown address, the dossier gets the company the applicant described, with nobody in it yet.
    const companyId = await newCompany();
    await repo.updateDossier(tx, dossier.id, { companyId });
    return withhold(companyId, 'not_company_account');
  }
  const user =
    known ??
    (await findOrCreateUserByEmail(tx, {
      email,
      userType: 'company',
      prenom: text(contact['prenom']),
      nom: text(contact['nom']),
      lang: requested ?? 'fr-FR',
    }));
  const companyId = (await repo.findCompanyOfUser(tx, user.id)) ?? (await newCompany());
  await repo.linkCompanyUser(tx, companyId, user.id);
  await repo.updateDossier(tx, dossier.id, { companyId });
  await sendInvitation(tx, deps, dossier, data, applicant, companyId, { ...user, requested });
}

async function sendInvitation(
  tx: Tx,
  deps: SheetsDeps,
  dossier: repo.DossierRow,
  data: Data,
  applicant: AuthUser,
  companyId: number,
  contact: { id: number; email: string; lang: string; requested: Language | undefined },
): Promise<void> {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const person = blockOf(blockOf(data, 'contacts'), 'contactEntreprise');
  const apprenti = blockOf(data, 'apprenti');
  // The names the CFA's records hold for the dossier's applicant (staff may send the sheet for them) and for the
  // person invited, the case's programme and school, and the CFA's name: the mail is the CFA's own words.
  const [account, invited, formation, cfa] = await Promise.all([
    repo.findUserNames(tx, dossier.admissibleUserId),
    repo.findUserNames(tx, contact.id),
    getSheetFormation(tx, dossier),
    readCfaSettings(tx, deps.config),
  ]);
  // The web app signs in with `t` wherever the link lands and then stays on that page.
  const url = new URL(await createLoginLink(tx, deps.config, contact.id));
  url.pathname = `/employeur/fiche-premier-contact/${dossier.id}`;
  const mail = renderEmployerInvitation(contact.requested ?? mailLanguageOf(contact), {
    applicantAccountName: `${account?.prenom ?? ''} ${account?.nom ?? ''}`.trim(),
    contactAccountName: `${invited?.prenom ?? ''} ${invited?.nom ?? ''}`.trim(),
    formation: formation?.libelle ?? '',
    school: formation?.school ?? '',
    cfa: cfa.values.denomination,
    typed: {
      applicantName: `${text(apprenti['prenom'])} ${text(apprenti['nom'])}`,
      companyName: text(blockOf(data, 'employeur')['denomination']),
      position: text(blockOf(data, 'contrat')['intitulePoste']),
      contactName: `${text(person['prenom'])} ${text(person['nom'])}`,
    },
    url: url.toString(),
    validitySeconds: deps.config.LOGIN_LINK_TTL,
  });
  await enqueueMail(tx, { to: contact.email, ...mail }, deps.config);
  await repo.insertAudit(tx, {
    dossierId: dossier.id,
    actorUserId: applicant.id,
    action: 'employer.invited',
    details: { companyId, userId: contact.id },
  });
}

// ---------- Missions: job description ----------

export const jobDescriptionMaxBytes = JOB_DESCRIPTION_MAX_BYTES;

/** The job description as received (lib/multipart-file.ts); `truncated` when it went over the size limit. */
export type UploadedFile = Pick<ReceivedFile, 'filename' | 'bytes' | 'truncated'>;

/**
 * POST missions attachment: a .pdf, .doc or .docx of 5 MB at most, recognised by its content; replaces the previous
 * one. Scanned before it is stored; the uploader's and the dossier's budgets are checked before the rows commit.
 */
/** SPEC 5: a job description is a .pdf, .doc or .docx. */
const jobDescriptionTypes: readonly DetectedFileType['mime'][] = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
];

export async function uploadJobDescription(
  deps: SheetsDeps,
  storage: Storage,
  guard: UploadGuard,
  user: AuthUser,
  dossierId: number,
  file: UploadedFile | undefined,
): Promise<SheetResponse<'missions'>> {
  // Checked before the file is even read, so that an outsider's bytes are neither scanned nor stored; the write below
  // goes through withDossier again, under the lock, since the scan and the storage happen outside any transaction.
  await withDossier(deps.db, user, dossierId, { access: 'company' }, () => undefined);
  if (!file || file.bytes.byteLength === 0) throw validationError({ file: ['field.required'] });
  if (file.truncated || file.bytes.byteLength > jobDescriptionMaxBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', 'The job description is larger than 5 MB', { file: ['file.too_large'] });
  const type = await detectFileType(file.bytes);
  if (!type || !jobDescriptionTypes.includes(type.mime)) {
    // A right extension over other content is told so; a wrong one gets SPEC 5's wrong-type text on the web.
    const refusal = hasExtension(file.filename, ['.pdf', '.doc', '.docx'])
      ? 'file.content_not_document'
      : 'file.unsupported_type';
    throw new AppError('UNSUPPORTED_FILE_TYPE', 'Allowed: .pdf, .doc, .docx', { file: [refusal] });
  }
  await guard.scan(user.id, [{ field: 'file', bytes: file.bytes }]);

  const prepared = await putFileBytes(storage, {
    ownerUserId: user.id,
    kind: 'ficheMission',
    filename: safeFilename(file.filename, 'fiche-de-poste', type.extension),
    contentType: type.mime,
    bytes: file.bytes,
  });
  let replacedKeys: string[] = [];
  let view: DossierView;
  try {
    [replacedKeys, view] = await withDossier(
      deps.db,
      user,
      dossierId,
      { access: 'company', lock: true },
      async (dossier, tx) => {
        const sheets = byKind(await repo.findSheets(tx, dossierId));
        ensureWritable('missions', sheets.missions, dossier.state);
        const stored = await insertFileRow(tx, prepared);
        const previous = await repo.replaceAttachment(tx, {
          dossierId,
          sheetKind: 'missions',
          fileId: stored.id,
          createdBy: user.id,
        });
        await dossier.apply(
          { type: 'sheetSaved', kind: 'missions' },
          { kind: 'missions', fileId: stored.id },
          'sheet.attachment_uploaded',
        );
        const keys = previous ? await deleteFileRows(tx, [previous]) : [];
        await guard.checkBudget(tx, { userId: user.id, userType: user.userType, dossierId, fields: ['file'] });
        return [keys, viewOf(dossier)] as const;
      },
    );
  } catch (err) {
    await discardFileBytes(storage, [prepared.storageKey]);
    throw err;
  }
  await discardFileBytes(storage, replacedKeys);
  return readSheet(deps, user, 'missions', view);
}

/** File access rule: a job description is read by the people who may read its dossier. */
export async function canReadSheetAttachment(db: Db, user: AuthUser, fileId: string): Promise<boolean> {
  const dossierId = await repo.findAttachmentDossier(db, fileId);
  if (dossierId === undefined) return false;
  try {
    await withDossier(db, user, dossierId, { access: 'party' }, () => undefined);
    return true;
  } catch {
    return false;
  }
}

// ---------- Contract documents ----------

/** A sheet as the contract documents read it (the NIR is apart, decrypted). */
export interface ContractSheet {
  data: Data;
  status: 'draft' | 'submitted';
  submittedAt: Date | null;
}

/** What the contract documents are drawn from (issue 11): the dossier's sheets, its NIR, formation, recorded terms, SMIC table. */
export interface ContractSources {
  sheets: Partial<Record<SheetKind, ContractSheet>>;
  nir: string | undefined;
  formation: SheetFormation | null;
  terms: DossierTerms | null;
  smicTable: SmicRate[];
  /** The reference tables the rules check the IDCC, NAF codes and OPCO against. */
  references: ReferenceLookups;
}

/** For the documents module, on the dossier's row; the caller decides who may read the result. */
export async function readContractSources(
  db: Db | Tx,
  keys: DataKeys,
  dossier: repo.DossierRow,
): Promise<ContractSources> {
  const [rows, nir, formation, terms, smicTable, references] = await readTogether(db, [
    () => repo.findSheets(db, dossier.id),
    () => readNir(db, keys, dossier.id),
    () => getSheetFormation(db, dossier),
    () => repo.findTerms(db, dossier.id),
    () => findSmicTable(db as Db),
    () => loadRuleReferences(db),
  ]);
  const sheets: ContractSources['sheets'] = {};
  for (const row of rows)
    sheets[row.kind as SheetKind] = {
      data: dataOf(row),
      status: row.status === 'submitted' ? 'submitted' : 'draft',
      submittedAt: row.submittedAt,
    };
  return { sheets, nir, formation, terms: terms ? (terms.data as DossierTerms) : null, smicTable, references };
}
