import {
  DOSSIER_STATUS,
  sheetKinds,
  stepTypes,
  todayIso,
  userTypes,
  type DossierStateResponse,
  type DossierTerms,
  type SheetKind,
  type SmicRate,
  type StaffAlertsResponse,
  type StaffContractOutlook,
  type StaffDossierDetailResponse,
  type StaffDossierItem,
  type StaffDossiersQuery,
  type StaffDossiersResponse,
  type StaffFiltersResponse,
  type UserType,
} from '@passerelle/contract';
import type { Config } from '../../config.ts';
import { readTogether, type Db } from '../../db/client.ts';
import type { RequestKey } from '../../db/request-keys.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  foldText,
  parseSteps,
  pipelineChangedAt,
  SEARCH_COMPANY_MARK,
  stateOf,
  waitingForOf,
  withDossier,
  type DossierState,
} from '../dossiers/dossiers.service.ts';
import {
  cerfaTemplateState,
  contractOutlook,
  mergeSentSheets,
  type ContractDocumentsOptions,
} from '../documents/documents.service.ts';
import { fileUrl } from '../files/files.service.ts';
import { notifyFirstContactDecided, type NotifyConfig } from '../notifications/notifications.service.ts';
import { caseActionsOf } from './staff-actions.service.ts';
import { staffSignatureOf } from '../signature-flow/signature-flow.service.ts';
import { mailFundingTermsReady } from '../sheets/funding.service.ts';
import { getSheetFormation, type SheetsDeps } from '../sheets/sheets.service.ts';
import { findSmicRows, saveSmicRate } from '../smic/smic.service.ts';
import {
  countAlerts,
  countPipelineByStatut,
  findDocumentsOf,
  findEventsOf,
  findFilterChoices,
  findPipelinePage,
  findPipelineRows,
  findSheetsOf,
  findTermsOf,
  upsertTermsOf,
  type PipelineFilter,
  type PipelineRow,
} from './staff.repo.ts';

function toResponse(id: number, state: DossierState): DossierStateResponse {
  return {
    id,
    dossierStatut: state.statut,
    etapeStatus: Object.entries(state.steps).map(([type, status]) => ({ type, status })),
  };
}

/** Accepts the first contact (the terms come next) or refuses the dossier, with the reason kept in the audit trail. */
export async function decideFirstContact(
  deps: { db: Db; config: NotifyConfig; once?: RequestKey | undefined },
  user: AuthUser,
  dossierId: number,
  decision: 'accept' | 'refuse',
  reason: string | undefined,
): Promise<DossierStateResponse> {
  const lock = { access: 'staff', lock: true, once: deps.once } as const;
  const state = await withDossier(deps.db, user, dossierId, lock, async (dossier, tx) => {
    const next = await dossier.apply({ type: 'firstContactDecided', decision }, reason ? { reason } : {});
    await notifyFirstContactDecided(tx, deps.config, dossier.row, decision, reason);
    return next;
  });
  return toResponse(dossierId, state);
}

/** Records (or, until the employer answers on funding, corrects) the terms set by the employer-relations service. */
export async function recordTerms(
  deps: Pick<SheetsDeps, 'db' | 'config'> & { once?: RequestKey | undefined },
  user: AuthUser,
  dossierId: number,
  terms: DossierTerms,
): Promise<DossierStateResponse> {
  const lock = { access: 'staff', lock: true, once: deps.once } as const;
  const state = await withDossier(deps.db, user, dossierId, lock, async (dossier, tx) => {
    const before = dossier.state.statut;
    const next = await dossier.apply({ type: 'termsRecorded' });
    await upsertTermsOf(tx, dossierId, terms, user.id);
    // The first time only (a correction leaves the status at 5): the company is told the funding validation waits.
    if (before !== DOSSIER_STATUS.FUNDING && next.statut === DOSSIER_STATUS.FUNDING)
      await mailFundingTermsReady(tx, deps.config, dossier.row);
    return next;
  });
  return toResponse(dossierId, state);
}

export async function findSmicTableRows(db: Db) {
  const rows = await findSmicRows(db);
  return rows.map((row) => ({
    validFrom: row.validFrom,
    monthly: row.monthly,
    hourly: row.hourly,
    ...(row.mayotteMonthly !== null && row.mayotteHourly !== null
      ? { mayotte: { monthly: row.mayotteMonthly, hourly: row.mayotteHourly } }
      : {}),
    ...(row.source ? { source: row.source } : {}),
    updatedAt: row.updatedBy === null ? null : row.updatedAt.toISOString(),
  }));
}

export async function addSmicRate(db: Db, user: AuthUser, rate: SmicRate) {
  await saveSmicRate(db, user, rate);
  return findSmicTableRows(db);
}

// ---------- Back-office pipeline ----------

/** LIKE's wildcards and its escape character, taken literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The alerts' thresholds as instants: cases waiting since before `waitingBefore`, applicants registered before. */
function alertLimits(config: StaffAlertConfig, at = Date.now()) {
  // To the minute: the same filter from one request to the next (counts cache).
  const now = at - (at % 60_000);
  return {
    registeredBefore: new Date(now - config.STAFF_ALERT_REGISTERED_DAYS * DAY_MS),
    waitingBefore: new Date(now - config.STAFF_ALERT_WAITING_DAYS * DAY_MS),
  };
}
const DAY_MS = 86_400_000;

export type StaffAlertConfig = Pick<Config, 'STAFF_ALERT_REGISTERED_DAYS' | 'STAFF_ALERT_WAITING_DAYS'>;

function toFilter(query: StaffDossiersQuery, config: StaffAlertConfig): PipelineFilter {
  const text = query.q === undefined ? undefined : foldText(query.q);
  const caseNumber = text !== undefined && /^\d{1,9}$/.test(text) ? Number(text) : undefined;
  const limits = alertLimits(config);
  return {
    textPattern: text === undefined ? undefined : `%${escapeLike(text)}%`,
    caseNumber,
    // The company's name is the last part of the search text, after its mark.
    employerPattern:
      query.employer === undefined ? undefined : `%${SEARCH_COMPANY_MARK}%${escapeLike(foldText(query.employer))}%`,
    statuts: query.statut,
    school: query.school,
    formation: query.formation,
    step: query.step,
    waitingFor: query.waitingFor,
    registeredBefore: query.alert === 'stale' ? limits.registeredBefore : undefined,
    waitingBefore: query.alert === 'waiting' ? limits.waitingBefore : undefined,
    updatedFrom: query.updatedFrom,
    updatedTo: query.updatedTo,
  };
}

/**
 * The counts per status of one filter (every filter but the statuses), kept COUNTS_TTL_MS: counting reads every case
 * under the filter (~3 ms on PGlite at 10 000 cases, more than the rest of the page), while the pages of one filter
 * are read again and again. Concurrent requests share one count. Counts are kept only when computed COUNTS_SETTLE_MS
 * or more after the latest change of a case in this process (its transaction has committed by then), and dropped at
 * the next change; another API process's change shows within COUNTS_TTL_MS.
 */
const COUNTS_TTL_MS = 2000;
const COUNTS_SETTLE_MS = 1000;
const COUNTS_CACHE_SIZE = 200;
interface KeptCounts {
  at: number;
  counts: Promise<Map<number, number>>;
}
const countsCaches = new WeakMap<Db, Map<string, KeptCounts>>();

function countsUnder(db: Db, filter: PipelineFilter): Promise<Map<number, number>> {
  const cache = countsCaches.get(db) ?? new Map<string, KeptCounts>();
  countsCaches.set(db, cache);
  const key = JSON.stringify({ ...filter, statuts: undefined });
  const now = Date.now();
  const changedAt = pipelineChangedAt();
  const hit = cache.get(key);
  if (hit && now - hit.at < COUNTS_TTL_MS && hit.at - changedAt >= COUNTS_SETTLE_MS) return hit.counts;
  cache.delete(key);
  const counts = countPipelineByStatut(db, filter);
  if (now - changedAt < COUNTS_SETTLE_MS) return counts;
  cache.set(key, { at: now, counts });
  counts.catch(() => {
    if (cache.get(key)?.counts === counts) cache.delete(key);
  });
  // The oldest entry goes first (a Map keeps insertion order).
  if (cache.size > COUNTS_CACHE_SIZE) for (const oldest of cache.keys()) if (cache.delete(oldest)) break;
  return counts;
}

function countsOf(byStatut: Map<number, number>): StaffDossiersResponse['counts'] {
  const counts: StaffDossiersResponse['counts'] = {};
  for (let statut = 1; statut <= 13; statut += 1) counts[String(statut)] = byStatut.get(statut) ?? 0;
  return counts;
}

function totalOf(byStatut: Map<number, number>, statuts: number[] | undefined): number {
  let total = 0;
  for (const [statut, count] of byStatut) if (!statuts || statuts.includes(statut)) total += count;
  return total;
}

/** The page's cases as the list shows them: their steps (read with these rows only) and whom they wait for. */
function toItems(rows: PipelineRow[]): StaffDossierItem[] {
  return rows.map((row) => {
    const steps = parseSteps(row.steps);
    const state = stateOf(
      row.dossierStatut,
      Object.entries(steps).map(([type, status]) => ({ type, status })),
    );
    return {
      id: row.id,
      dossierName: row.dossierName,
      dossierStatut: row.dossierStatut,
      etapeStatus: stepTypes.flatMap((type) => {
        const status = state.steps[type];
        return status === undefined ? [] : [{ type, status }];
      }),
      applicant: { nom: row.nom, prenom: row.prenom, email: row.email },
      school: row.school,
      formation: row.formation,
      companyName: row.companyName,
      waitingFor: waitingForOf(row.id, state),
      waitingSince: row.waitingSince.toISOString(),
      updatedAt: row.lastUpdate.toISOString(),
    };
  });
}

/**
 * GET /staff/dossiers, on the dossiers table alone (docs/decisions/0013-staff-pipeline-queries.md): whom a case waits
 * for and its folded search text are columns the lifecycle keeps. The counts per status (every filter but the
 * statuses) give the total too, so a page is two queries run side by side; the page's query joins only its own rows to
 * their applicant, school, formation, company and steps.
 */
export async function findStaffDossiers(
  db: Db,
  config: StaffAlertConfig,
  query: StaffDossiersQuery,
): Promise<StaffDossiersResponse> {
  const filter = toFilter(query, config);
  const offset = (query.page - 1) * query.pageSize;
  const [byStatut, rows] = await readTogether(db, [
    () => countsUnder(db, filter),
    () => findPipelinePage(db, filter, query.sort, { limit: query.pageSize, offset }),
  ]);
  return { items: toItems(rows), total: totalOf(byStatut, query.statut), counts: countsOf(byStatut) };
}

/**
 * Every case under the pipeline's filters (the cases export, docs/decisions/0024-exports.md), `pageSize` at a time in
 * case-number order, each page read after the last case of the one before (keyset paging: the thousandth page costs
 * what the first does). The query's sort and page are the screen's and are not read.
 */
export async function* pipelinePagesByCaseNumber(
  db: Db,
  config: StaffAlertConfig,
  query: StaffDossiersQuery,
  pageSize = 1000,
): AsyncGenerator<StaffDossierItem[]> {
  const filter = toFilter(query, config);
  let afterId = 0;
  for (;;) {
    const rows = await findPipelinePage(db, filter, 'id', { limit: pageSize, offset: 0, afterId });
    if (rows.length > 0) yield toItems(rows);
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    afterId = last.id;
  }
}

/**
 * The back office's alerts (GET /staff/alerts, and the staff digest): `stale`, the open cases not signed yet (status
 * 1–5 or 7) of applicants registered more than STAFF_ALERT_REGISTERED_DAYS ago; `waiting`, the cases waiting on the
 * same party (applicant, company or school) for more than STAFF_ALERT_WAITING_DAYS. Each with its threshold in days;
 * `?alert=stale|waiting` on the pipeline lists the same cases.
 */
export async function countStaffAlerts(db: Db, config: StaffAlertConfig): Promise<StaffAlertsResponse> {
  const limits = alertLimits(config);
  const counts = await countAlerts(db, limits.registeredBefore, limits.waitingBefore);
  return {
    stale: { count: counts.stale, days: config.STAFF_ALERT_REGISTERED_DAYS },
    waiting: { count: counts.waiting, days: config.STAFF_ALERT_WAITING_DAYS },
  };
}

/** GET /staff/filters: the schools and formations the pipeline's filters offer. */
export async function findStaffFilters(db: Db): Promise<StaffFiltersResponse> {
  return findFilterChoices(db);
}

/** Audit details staff may read: what changed and why; anything else an entry holds stays out. */
const eventDetailKeys = [
  'statut',
  'steps',
  'decision',
  'reason',
  'kind',
  'companyId',
  'signedOn',
  'filedOn',
  'decaNumber',
  'date',
] as const;

function eventDetails(details: unknown): Record<string, unknown> {
  if (typeof details !== 'object' || details === null) return {};
  const source = details as Record<string, unknown>;
  return Object.fromEntries(eventDetailKeys.flatMap((key) => (key in source ? [[key, source[key]]] : [])));
}

/**
 * The contract's CERFA edition and funding rules as the case page shows them (decision 0044): from the sent sheets, the
 * formation and the terms, judged at the conclusion date (today, in France, while none is given).
 */
async function contractOutlookOf(
  sheetRows: Awaited<ReturnType<typeof findSheetsOf>>,
  formation: Awaited<ReturnType<typeof getSheetFormation>>,
  terms: DossierTerms | null,
  cerfaTemplates: Pick<ContractDocumentsOptions, 'templatesDir' | 'templatePins'>,
): Promise<StaffContractOutlook> {
  const sent = Object.fromEntries(
    sheetRows.flatMap((row) =>
      isSheetKind(row.kind) && row.status === 'submitted' && isRecord(row.data)
        ? [[row.kind, { status: 'submitted' as const, data: row.data }]]
        : [],
    ),
  );
  const outlook = contractOutlook(mergeSentSheets(sent), formation, terms, todayIso('Europe/Paris'));
  return {
    typeContrat: outlook.typeContrat,
    dateConclusion: outlook.dateConclusion,
    cerfa: { edition: outlook.edition, template: await cerfaTemplateState(cerfaTemplates, outlook.edition) },
    terms,
    formation: formation
      ? {
          heures: formation.heures,
          heuresDistanciel: formation.heuresDistanciel ?? null,
          niveauRncp: formation.niveauRncp ?? null,
        }
      : null,
    funding: outlook.funding,
  };
}

/** GET /staff/dossiers/:id: the case as in the pipeline, with its sheets, documents and audit trail. */
export async function getStaffDossier(
  db: Db,
  user: AuthUser,
  dossierId: number,
  cerfaTemplates: Pick<ContractDocumentsOptions, 'templatesDir' | 'templatePins'> = {},
): Promise<StaffDossierDetailResponse> {
  const { row: dossier, state } = await withDossier(db, user, dossierId, { access: 'staff' }, (view) => view);
  const [rows, sheetRows, documents, events, actions, signature, formation, terms] = await readTogether(db, [
    () => findPipelineRows(db, [dossier.id]),
    () => findSheetsOf(db, dossier.id),
    () => findDocumentsOf(db, dossier),
    () => findEventsOf(db, dossier.id),
    () => caseActionsOf(db, dossier, state),
    () => staffSignatureOf(db, dossier.id),
    () => getSheetFormation(db, dossier),
    () => findTermsOf(db, dossier.id),
  ]);
  const [item] = toItems(rows);
  if (!item) throw notFound('Dossier not found');
  return {
    ...item,
    dossierAccessible: dossier.dossierAccessible,
    ...actions,
    signature,
    contract: await contractOutlookOf(sheetRows, formation, terms, cerfaTemplates),
    sheets: sheetRows.flatMap((row) =>
      isSheetKind(row.kind) && (row.status === 'draft' || row.status === 'submitted')
        ? [
            {
              kind: row.kind,
              status: row.status,
              data: isRecord(row.data) ? row.data : {},
              submittedAt: row.submittedAt?.toISOString() ?? null,
              updatedAt: row.updatedAt.toISOString(),
            },
          ]
        : [],
    ),
    documents: documents.map((file) => ({
      id: file.id,
      kind: file.kind,
      name: file.name,
      size: file.size,
      url: fileUrl(file.id),
    })),
    events: events.map((event) => ({
      at: event.at.toISOString(),
      type: event.action,
      actor:
        event.actorEmail === null || !isUserType(event.actorType)
          ? null
          : {
              name: `${event.actorPrenom ?? ''} ${event.actorNom ?? ''}`.trim(),
              email: event.actorEmail,
              userType: event.actorType,
            },
      details: eventDetails(event.details),
    })),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isSheetKind = (kind: string): kind is SheetKind => (sheetKinds as readonly string[]).includes(kind);
const isUserType = (type: string | null): type is UserType =>
  type !== null && (userTypes as readonly string[]).includes(type);
