import {
  DOSSIER_STATUS,
  sheetKinds,
  stepTypes,
  userTypes,
  type DossierStateResponse,
  type DossierTerms,
  type PipelineWaitingFor,
  type SheetKind,
  type SmicRate,
  type StaffDossierDetailResponse,
  type StaffDossierItem,
  type StaffDossiersQuery,
  type StaffDossiersResponse,
  type UserType,
  type WaitingFor,
} from '@passerelle/contract';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { getDossierForUser, stateOf, withDossier, type DossierState } from '../dossiers/dossiers.service.ts';
import { waitingForOf } from '../employers/employers.service.ts';
import { fileUrl } from '../files/files.service.ts';
import { findSmicRows, mailFundingTermsReady, saveSmicRate, type SheetsDeps } from '../sheets/sheets.service.ts';
import {
  countPipelineByStatut,
  findDocumentsOf,
  findEventsOf,
  findPipelinePage,
  findPipelineRows,
  findPipelineStates,
  findSheetsOf,
  findStepsOfDossiers,
  foldText,
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
  db: Db,
  user: AuthUser,
  dossierId: number,
  decision: 'accept' | 'refuse',
  reason: string | undefined,
): Promise<DossierStateResponse> {
  const state = await withDossier(db, user, dossierId, { access: 'staff', lock: true }, (dossier) =>
    dossier.apply({ type: 'firstContactDecided', decision }, reason ? { reason } : {}),
  );
  return toResponse(dossierId, state);
}

/** Records (or, until the employer answers on funding, corrects) the terms set by the employer-relations service. */
export async function recordTerms(
  deps: Pick<SheetsDeps, 'db' | 'config'>,
  user: AuthUser,
  dossierId: number,
  terms: DossierTerms,
): Promise<DossierStateResponse> {
  const state = await withDossier(deps.db, user, dossierId, { access: 'staff', lock: true }, async (dossier, tx) => {
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

/** The CFA has prepared the contract from the sent information sheet: the signatures open. */
export async function markContractPrepared(db: Db, user: AuthUser, dossierId: number): Promise<DossierStateResponse> {
  const state = await withDossier(db, user, dossierId, { access: 'staff', lock: true }, (dossier) =>
    dossier.apply({ type: 'contractPrepared' }),
  );
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
    updatedAt: row.updatedBy === null ? null : row.updatedAt.toISOString(),
  }));
}

export async function addSmicRate(db: Db, user: AuthUser, rate: SmicRate) {
  await saveSmicRate(db, user, rate);
  return findSmicTableRows(db);
}

// ---------- Back-office pipeline ----------

const actorOf: Record<PipelineWaitingFor, WaitingFor['actor']> = {
  applicant: 'admissible',
  company: 'company',
  school: 'staff',
};

function toFilter(query: StaffDossiersQuery): PipelineFilter {
  const text = query.q === undefined ? undefined : foldText(query.q);
  const caseNumber = text !== undefined && /^\d{1,9}$/.test(text) ? Number(text) : undefined;
  return {
    text,
    caseNumber,
    statuts: query.statut,
    school: query.school,
    step: query.step,
    updatedFrom: query.updatedFrom,
    updatedTo: query.updatedTo,
  };
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

async function toItems(db: Db, rows: PipelineRow[]): Promise<StaffDossierItem[]> {
  const steps = await findStepsOfDossiers(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const state = stateOf(
      row.dossierStatut,
      steps.filter((step) => step.dossierId === row.id),
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
      updatedAt: row.lastUpdate.toISOString(),
    };
  });
}

/**
 * GET /staff/dossiers. The counts per status (every filter but the statuses) give the total too, so a page is two
 * queries run side by side. "Waiting for" is the employer home's rule (employers service), decided on each case's
 * status and steps: with that filter, the cases under the other filters are read light (id, status, steps) first.
 */
export async function findStaffDossiers(db: Db, query: StaffDossiersQuery): Promise<StaffDossiersResponse> {
  const filter = toFilter(query);
  const offset = (query.page - 1) * query.pageSize;
  if (query.waitingFor === undefined) {
    const [byStatut, rows] = await Promise.all([
      countPipelineByStatut(db, filter),
      findPipelinePage(db, filter, query.sort, { limit: query.pageSize, offset }),
    ]);
    return { items: await toItems(db, rows), total: totalOf(byStatut, query.statut), counts: countsOf(byStatut) };
  }
  const actor = actorOf[query.waitingFor];
  const waiting = (await findPipelineStates(db, filter, query.sort)).filter(
    (row) =>
      waitingForOf(
        row.id,
        stateOf(
          row.statut,
          Object.entries(row.steps ?? {}).map(([type, status]) => ({ type, status })),
        ),
      ).actor === actor,
  );
  const byStatut = new Map<number, number>();
  for (const row of waiting) byStatut.set(row.statut, (byStatut.get(row.statut) ?? 0) + 1);
  const statuts = query.statut;
  const matching = statuts ? waiting.filter((row) => statuts.includes(row.statut)) : waiting;
  const pageIds = matching.slice(offset, offset + query.pageSize).map((row) => row.id);
  return {
    items: await toItems(db, await findPipelineRows(db, pageIds)),
    total: matching.length,
    counts: countsOf(byStatut),
  };
}

/** Audit details staff may read: what changed and why; anything else an entry holds stays out. */
const eventDetailKeys = ['statut', 'steps', 'decision', 'reason', 'kind', 'companyId'] as const;

function eventDetails(details: unknown): Record<string, unknown> {
  if (typeof details !== 'object' || details === null) return {};
  const source = details as Record<string, unknown>;
  return Object.fromEntries(eventDetailKeys.flatMap((key) => (key in source ? [[key, source[key]]] : [])));
}

/** GET /staff/dossiers/:id: the case as in the pipeline, with its sheets, documents and audit trail. */
export async function getStaffDossier(db: Db, user: AuthUser, dossierId: number): Promise<StaffDossierDetailResponse> {
  const dossier = await getDossierForUser(db, user, dossierId);
  const [rows, sheetRows, documents, events] = await Promise.all([
    findPipelineRows(db, [dossier.id]),
    findSheetsOf(db, dossier.id),
    findDocumentsOf(db, dossier),
    findEventsOf(db, dossier.id),
  ]);
  const [item] = await toItems(db, rows);
  if (!item) throw notFound('Dossier not found');
  return {
    ...item,
    dossierAccessible: dossier.dossierAccessible,
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
