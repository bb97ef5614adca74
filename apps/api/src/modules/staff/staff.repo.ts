import type { DossierTerms, PipelineSort, PipelineWaitingFor, ProgressStep } from '@passerelle/contract';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  like,
  lt,
  not,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { readTogether, type Db, type Tx } from '../../db/client.ts';
import {
  admissibles,
  auditLog,
  companies,
  dossierSteps,
  dossierTerms,
  dossiers,
  files,
  formations,
  schools,
  sheetAttachments,
  sheets,
  users,
} from '../../db/schema/index.ts';

export async function upsertTermsOf(tx: Tx, dossierId: number, terms: DossierTerms, recordedBy: number): Promise<void> {
  const values = { data: terms, recordedBy, recordedAt: new Date() };
  await tx
    .insert(dossierTerms)
    .values({ dossierId, ...values })
    .onConflictDoUpdate({ target: dossierTerms.dossierId, set: values });
}

/** The terms the school recorded for a case (null before). */
export async function findTermsOf(db: Db, dossierId: number): Promise<DossierTerms | null> {
  const [row] = await db
    .select({ data: dossierTerms.data })
    .from(dossierTerms)
    .where(eq(dossierTerms.dossierId, dossierId));
  return row ? (row.data as DossierTerms) : null;
}

// ---------- Back-office pipeline ----------

/**
 * The pipeline's filters, on the dossiers table alone (docs/decisions/0013-staff-pipeline-queries.md): whom a case
 * waits for, since when and its folded search text are columns the lifecycle keeps (dossiers service).
 */
export interface PipelineFilter {
  /** LIKE pattern on `search_text` (already folded and escaped). */
  textPattern?: string | undefined;
  caseNumber?: number | undefined;
  /** LIKE pattern on the company part of `search_text`. */
  employerPattern?: string | undefined;
  statuts?: number[] | undefined;
  school?: string | undefined;
  formation?: number | undefined;
  step?: ProgressStep | undefined;
  waitingFor?: PipelineWaitingFor | undefined;
  /** Applicants registered before this, on a case open and not signed yet. */
  registeredBefore?: Date | undefined;
  /** Waiting on the same party since before this. */
  waitingBefore?: Date | undefined;
  updatedFrom?: string | undefined;
  updatedTo?: string | undefined;
}

/** A case open and not signed yet: the statuses the "stale" alert names (signed: 8, 10, 11, 12; over: 6, 9, 13). */
export const unsignedStatuts: readonly number[] = [1, 2, 3, 4, 5, 7];

/** The cases whose step `type` has one of these values: a semi-join, one pass over the steps, not one per case. */
const withStep = (type: string, statuses: number[]) =>
  inArray(
    dossiers.id,
    sql`(select ${dossierSteps.dossierId} from ${dossierSteps}
      where ${dossierSteps.type} = ${type} and ${dossierSteps.status} in ${statuses})`,
  );

/** SPEC 4, "Active when", on a step not done yet (as computeSteps in the contract). */
function activeStep(step: ProgressStep): SQL | undefined {
  switch (step) {
    case 'f1ca':
    case 'f1ce':
      return withStep(step, [1, 5]);
    case 'modalites_re':
    case 'cfa':
      return withStep(step, [2]);
    case 'fiche':
      return and(
        or(withStep('fre', [2]), withStep('fra', [2])),
        not(and(withStep('fre', [3]), withStep('fra', [3])) ?? sql`false`),
      );
    case 'signature':
      return and(
        or(
          withStep('signature_admissible', [1, 2]),
          withStep('signature_employeur', [1, 2]),
          withStep('signature_ecole', [1, 2]),
        ),
        not(withStep('signature_ecole', [3])),
      );
  }
}

function pipelineWhere(filter: PipelineFilter, withStatuts: boolean): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.textPattern !== undefined)
    parts.push(
      or(
        like(dossiers.searchText, filter.textPattern),
        filter.caseNumber === undefined ? undefined : eq(dossiers.id, filter.caseNumber),
      ),
    );
  if (filter.employerPattern !== undefined) parts.push(like(dossiers.searchText, filter.employerPattern));
  if (withStatuts && filter.statuts) parts.push(inArray(dossiers.dossierStatut, filter.statuts));
  if (filter.school !== undefined)
    parts.push(
      inArray(
        dossiers.formationId,
        sql`(select ${formations.id} from ${formations} join ${schools} on ${schools.id} = ${formations.schoolId}
          where ${schools.code} = ${filter.school})`,
      ),
    );
  if (filter.formation !== undefined) parts.push(eq(dossiers.formationId, filter.formation));
  if (filter.step !== undefined) parts.push(activeStep(filter.step));
  if (filter.waitingFor !== undefined) parts.push(eq(dossiers.waitingFor, filter.waitingFor));
  if (filter.registeredBefore !== undefined)
    parts.push(
      inArray(dossiers.dossierStatut, [...unsignedStatuts]),
      inArray(
        dossiers.admissibleUserId,
        sql`(select ${users.id} from ${users} where ${users.createdAt} < ${filter.registeredBefore})`,
      ),
    );
  if (filter.waitingBefore !== undefined)
    parts.push(isNotNull(dossiers.waitingFor), lt(dossiers.waitingSince, filter.waitingBefore));
  // Dates are days in Paris: the back office works on French time.
  if (filter.updatedFrom !== undefined)
    parts.push(sql`${dossiers.lastUpdate} >= (${filter.updatedFrom}::date)::timestamp at time zone 'Europe/Paris'`);
  if (filter.updatedTo !== undefined)
    parts.push(sql`${dossiers.lastUpdate} < (${filter.updatedTo}::date + 1)::timestamp at time zone 'Europe/Paris'`);
  return and(...parts);
}

interface OrderColumns {
  id: AnyColumn;
  lastUpdate: AnyColumn;
  searchText: AnyColumn;
}

/** The order of a sort, on the dossiers table or on the page's rows selected from it. */
function pipelineOrder(sort: PipelineSort, c: OrderColumns = dossiers): SQL[] {
  switch (sort) {
    case '-updated':
      return [desc(c.lastUpdate), desc(c.id)];
    case 'updated':
      return [asc(c.lastUpdate), asc(c.id)];
    case 'id':
      return [asc(c.id)];
    case 'name':
      // The search text starts with the folded "nom prénom": the names' order without reading the users.
      return [asc(c.searchText), asc(c.id)];
  }
}

/**
 * A case's steps as `type=status,…` (parseSteps, dossiers service), read for the rows shown only: string_agg costs a
 * tenth of json_object_agg per row on PGlite.
 */
const stepsOf = (id: AnyColumn) =>
  sql<string | null>`(select string_agg(${dossierSteps.type} || '=' || ${dossierSteps.status}, ',')
    from ${dossierSteps} where ${dossierSteps.dossierId} = ${id})`;

const pipelineFields = {
  id: dossiers.id,
  dossierName: dossiers.dossierName,
  dossierStatut: dossiers.dossierStatut,
  lastUpdate: dossiers.lastUpdate,
  waitingSince: dossiers.waitingSince,
  nom: users.nom,
  prenom: users.prenom,
  email: users.email,
  school: schools.code,
  formation: formations.libelle,
  companyName: companies.name,
  steps: stepsOf(dossiers.id),
};

function pipelineRowsWhere(db: Db, where: SQL | undefined) {
  return db
    .select(pipelineFields)
    .from(dossiers)
    .innerJoin(users, eq(users.id, dossiers.admissibleUserId))
    .leftJoin(companies, eq(companies.id, dossiers.companyId))
    .leftJoin(formations, eq(formations.id, dossiers.formationId))
    .leftJoin(schools, eq(schools.id, formations.schoolId))
    .where(where);
}
export type PipelineRow = Awaited<ReturnType<typeof pipelineRowsWhere>>[number];

/**
 * One page of cases under every filter, one statement: the page is chosen on the dossiers table alone, then only its
 * rows are joined to their applicant, school, formation and company, with their steps (a derived table plans and runs
 * in about half the time of `id in (…)` on PGlite).
 */
export async function findPipelinePage(
  db: Db,
  filter: PipelineFilter,
  sort: PipelineSort,
  page: { limit: number; offset: number; afterId?: number | undefined },
): Promise<PipelineRow[]> {
  // `afterId` pages by case number (keyset, the export's way through every case) and needs the `id` sort.
  const after = page.afterId === undefined ? undefined : gt(dossiers.id, page.afterId);
  const chosen = db
    .select({
      id: dossiers.id,
      dossierName: dossiers.dossierName,
      dossierStatut: dossiers.dossierStatut,
      lastUpdate: dossiers.lastUpdate,
      waitingSince: dossiers.waitingSince,
      searchText: dossiers.searchText,
      admissibleUserId: dossiers.admissibleUserId,
      companyId: dossiers.companyId,
      formationId: dossiers.formationId,
    })
    .from(dossiers)
    .where(and(pipelineWhere(filter, true), after))
    .orderBy(...pipelineOrder(sort))
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
  return db
    .select({
      ...pipelineFields,
      id: chosen.id,
      dossierName: chosen.dossierName,
      dossierStatut: chosen.dossierStatut,
      lastUpdate: chosen.lastUpdate,
      waitingSince: chosen.waitingSince,
      steps: stepsOf(chosen.id),
    })
    .from(chosen)
    .innerJoin(users, eq(users.id, chosen.admissibleUserId))
    .leftJoin(companies, eq(companies.id, chosen.companyId))
    .leftJoin(formations, eq(formations.id, chosen.formationId))
    .leftJoin(schools, eq(schools.id, formations.schoolId))
    .orderBy(...pipelineOrder(sort, chosen));
}

/** These cases, in the order given. */
export async function findPipelineRows(db: Db, ids: number[]): Promise<PipelineRow[]> {
  if (ids.length === 0) return [];
  const rows = await pipelineRowsWhere(db, inArray(dossiers.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Cases per status under every filter but the statuses: the figures beside the status filter. */
export async function countPipelineByStatut(db: Db, filter: PipelineFilter): Promise<Map<number, number>> {
  const rows = await db
    .select({ statut: dossiers.dossierStatut, count: sql<number>`count(*)::int` })
    .from(dossiers)
    .where(pipelineWhere(filter, false))
    .groupBy(dossiers.dossierStatut);
  return new Map(rows.map((row) => [row.statut, Number(row.count)]));
}

/** How many cases each alert names, in one pass. */
export async function countAlerts(db: Db, registeredBefore: Date, waitingBefore: Date) {
  const stale = pipelineWhere({ registeredBefore }, false) ?? sql`true`;
  const waiting = pipelineWhere({ waitingBefore }, false) ?? sql`true`;
  const [row] = await db
    .select({
      stale: sql<number>`(count(*) filter (where ${stale}))::int`,
      waiting: sql<number>`(count(*) filter (where ${waiting}))::int`,
    })
    .from(dossiers);
  return { stale: Number(row?.stale ?? 0), waiting: Number(row?.waiting ?? 0) };
}

/** The schools and formations the pipeline's filters offer. */
export async function findFilterChoices(db: Db) {
  const [schoolRows, formationRows] = await readTogether(db, [
    () => db.select({ code: schools.code, name: schools.name }).from(schools).orderBy(asc(schools.code)),
    () =>
      db
        .select({ id: formations.id, libelle: formations.libelle, school: schools.code })
        .from(formations)
        .leftJoin(schools, eq(schools.id, formations.schoolId))
        .orderBy(asc(schools.code), asc(formations.libelle), asc(formations.id)),
  ]);
  return { schools: schoolRows, formations: formationRows };
}

// ---------- One case ----------

export async function findSheetsOf(db: Db, dossierId: number) {
  return db.select().from(sheets).where(eq(sheets.dossierId, dossierId)).orderBy(asc(sheets.id));
}

/** The audit entries of a case, oldest first, with who acted. */
export async function findEventsOf(db: Db, dossierId: number) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      details: auditLog.details,
      actorNom: users.nom,
      actorPrenom: users.prenom,
      actorEmail: users.email,
      actorType: users.userType,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(eq(auditLog.dossierId, dossierId))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
}

const fileFields = {
  id: files.id,
  kind: files.kind,
  name: files.filename,
  size: files.size,
  createdAt: files.createdAt,
};

/**
 * The case's documents: the applicant's latest CV, CVEC and bac attestation, the job description, and the
 * contract documents.
 */
export async function findDocumentsOf(
  db: Db,
  dossier: { id: number; admissibleUserId: number; cerfaFileId: string | null; cerfaAvenantFileId: string | null },
) {
  const [admissible] = await db
    .select({ cvec: admissibles.cvecFileId, bac: admissibles.attestationBacFileId })
    .from(admissibles)
    .where(eq(admissibles.userId, dossier.admissibleUserId));
  const [cv] = await db
    .select(fileFields)
    .from(files)
    .where(and(eq(files.ownerUserId, dossier.admissibleUserId), eq(files.kind, 'cv')))
    .orderBy(desc(files.createdAt))
    .limit(1);
  const attachments = await db
    .select({ fileId: sheetAttachments.fileId })
    .from(sheetAttachments)
    .where(eq(sheetAttachments.dossierId, dossier.id));
  const ids = [
    admissible?.cvec,
    admissible?.bac,
    ...attachments.map((row) => row.fileId),
    dossier.cerfaFileId,
    dossier.cerfaAvenantFileId,
  ].filter((id): id is string => typeof id === 'string');
  const others = ids.length === 0 ? [] : await db.select(fileFields).from(files).where(inArray(files.id, ids));
  const byId = new Map(others.map((row) => [row.id, row]));
  return [...(cv ? [cv] : []), ...ids.flatMap((id) => byId.get(id) ?? [])];
}
