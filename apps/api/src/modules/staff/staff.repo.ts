import type { DossierTerms, PipelineSort, ProgressStep } from '@passerelle/contract';
import { and, asc, desc, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
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

// ---------- Back-office pipeline ----------

/** Accented letters folded to their base letter, on both sides of a search (no unaccent extension on PGlite). */
const ACCENTED = 'àáâãäåçèéêëìíîïñòóôõöùúûüýÿœæ';
const PLAIN = 'aaaaaaceeeeiiiinooooouuuuyyoa';
export const foldText = (text: string): string =>
  text
    .toLowerCase()
    .split('')
    .map((char) => {
      const at = ACCENTED.indexOf(char);
      return at === -1 ? char : (PLAIN[at] ?? char);
    })
    .join('');
const fold = (column: SQL | AnyColumn) => sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN})`;

/** Each base letter with its accented forms, lower case (the haystack is lower-cased). */
const letterForms = new Map<string, string>();
for (const [index, accented] of ACCENTED.split('').entries()) {
  const plain = PLAIN[index] ?? accented;
  letterForms.set(plain, (letterForms.get(plain) ?? plain) + accented);
}

/** A folded search text as a regular expression (PostgreSQL ARE) that matches it with or without accents. */
export function accentInsensitivePattern(folded: string): string {
  return folded
    .split('')
    .map((char) => {
      const forms = letterForms.get(char);
      if (forms) return `[${forms}]`;
      return /[\\^$.|?*+()[\]{}]/.test(char) ? `\\${char}` : char;
    })
    .join('');
}

export interface PipelineFilter {
  /** Already folded (foldText). */
  text?: string | undefined;
  caseNumber?: number | undefined;
  statuts?: number[] | undefined;
  school?: string | undefined;
  step?: ProgressStep | undefined;
  updatedFrom?: string | undefined;
  updatedTo?: string | undefined;
}

const stepStatusOf = (type: string) =>
  sql`(select ${dossierSteps.status} from ${dossierSteps} where ${dossierSteps.dossierId} = ${dossiers.id} and ${dossierSteps.type} = ${type})`;

/** SPEC 4, "Active when", on a step not done yet (as computeSteps in the contract). */
function activeStep(step: ProgressStep): SQL {
  switch (step) {
    case 'f1ca':
    case 'f1ce':
      return sql`${stepStatusOf(step)} in (1, 5)`;
    case 'modalites_re':
    case 'cfa':
      return sql`${stepStatusOf(step)} = 2`;
    case 'fiche':
      return sql`(${stepStatusOf('fre')} = 2 or ${stepStatusOf('fra')} = 2)
        and not (coalesce(${stepStatusOf('fre')}, 0) = 3 and coalesce(${stepStatusOf('fra')}, 0) = 3)`;
    case 'signature':
      return sql`exists (select 1 from ${dossierSteps} where ${dossierSteps.dossierId} = ${dossiers.id}
          and ${dossierSteps.type} in ('signature_admissible', 'signature_employeur', 'signature_ecole')
          and ${dossierSteps.status} in (1, 2))
        and coalesce(${stepStatusOf('signature_ecole')}, 0) <> 3`;
  }
}

function pipelineWhere(filter: PipelineFilter, withStatuts: boolean): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.text !== undefined) {
    // One lower-cased haystack per case matched by a regular expression whose letters accept their accented forms:
    // folding each row with translate() costs several times more on 10 000 cases (bench/staff-pipeline.ts).
    const haystack = sql`lower(concat_ws(chr(1), ${users.nom} || ' ' || ${users.prenom} || ' ' || ${users.nom}, ${users.email}, ${companies.name}, ${dossiers.dossierName}))`;
    parts.push(
      or(
        sql`${haystack} ~ ${accentInsensitivePattern(filter.text)}`,
        filter.caseNumber === undefined ? undefined : eq(dossiers.id, filter.caseNumber),
      ),
    );
  }
  if (withStatuts && filter.statuts) parts.push(inArray(dossiers.dossierStatut, filter.statuts));
  if (filter.school !== undefined) parts.push(eq(schools.code, filter.school));
  if (filter.step !== undefined) parts.push(activeStep(filter.step));
  // Dates are days in Paris: the back office works on French time.
  if (filter.updatedFrom !== undefined)
    parts.push(sql`${dossiers.lastUpdate} >= (${filter.updatedFrom}::date)::timestamp at time zone 'Europe/Paris'`);
  if (filter.updatedTo !== undefined)
    parts.push(sql`${dossiers.lastUpdate} < (${filter.updatedTo}::date + 1)::timestamp at time zone 'Europe/Paris'`);
  return and(...parts);
}

function pipelineOrder(sort: PipelineSort): SQL[] {
  switch (sort) {
    case '-updated':
      return [desc(dossiers.lastUpdate), desc(dossiers.id)];
    case 'updated':
      return [asc(dossiers.lastUpdate), asc(dossiers.id)];
    case 'id':
      return [asc(dossiers.id)];
    case 'name':
      return [asc(fold(users.nom)), asc(fold(users.prenom)), asc(dossiers.id)];
  }
}

const pipelineFields = {
  id: dossiers.id,
  dossierName: dossiers.dossierName,
  dossierStatut: dossiers.dossierStatut,
  lastUpdate: dossiers.lastUpdate,
  nom: users.nom,
  prenom: users.prenom,
  email: users.email,
  school: schools.code,
  formation: formations.libelle,
  companyName: companies.name,
};
export type PipelineRow = Awaited<ReturnType<typeof findPipelinePage>>[number];

/** One page of cases under every filter. */
export async function findPipelinePage(
  db: Db,
  filter: PipelineFilter,
  sort: PipelineSort,
  page: { limit: number; offset: number },
) {
  return db
    .select(pipelineFields)
    .from(dossiers)
    .innerJoin(users, eq(users.id, dossiers.admissibleUserId))
    .leftJoin(companies, eq(companies.id, dossiers.companyId))
    .leftJoin(formations, eq(formations.id, dossiers.formationId))
    .leftJoin(schools, eq(schools.id, formations.schoolId))
    .where(pipelineWhere(filter, true))
    .orderBy(...pipelineOrder(sort))
    .limit(page.limit)
    .offset(page.offset);
}

/** These cases, in the order given. */
export async function findPipelineRows(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select(pipelineFields)
    .from(dossiers)
    .innerJoin(users, eq(users.id, dossiers.admissibleUserId))
    .leftJoin(companies, eq(companies.id, dossiers.companyId))
    .leftJoin(formations, eq(formations.id, dossiers.formationId))
    .leftJoin(schools, eq(schools.id, formations.schoolId))
    .where(inArray(dossiers.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Cases per status under every filter but the statuses: the figures beside the status filter. */
export async function countPipelineByStatut(db: Db, filter: PipelineFilter): Promise<Map<number, number>> {
  const rows = await db
    .select({ statut: dossiers.dossierStatut, count: sql<number>`count(*)::int` })
    .from(dossiers)
    .innerJoin(users, eq(users.id, dossiers.admissibleUserId))
    .leftJoin(companies, eq(companies.id, dossiers.companyId))
    .leftJoin(formations, eq(formations.id, dossiers.formationId))
    .leftJoin(schools, eq(schools.id, formations.schoolId))
    .where(pipelineWhere(filter, false))
    .groupBy(dossiers.dossierStatut);
  return new Map(rows.map((row) => [row.statut, Number(row.count)]));
}

/**
 * Every case under the filters but the statuses, with its steps, in order: for the "waiting for" filter, which
 * the service decides with the employer home's rule rather than a copy of it in SQL.
 */
export async function findPipelineStates(db: Db, filter: PipelineFilter, sort: PipelineSort) {
  // One aggregate joined in: a subquery per case costs about twice as much on 10 000 cases.
  const stepsOf = db
    .select({
      dossierId: dossierSteps.dossierId,
      steps: sql<Record<string, number>>`json_object_agg(${dossierSteps.type}, ${dossierSteps.status})`.as('steps'),
    })
    .from(dossierSteps)
    .groupBy(dossierSteps.dossierId)
    .as('steps_of');
  return db
    .select({ id: dossiers.id, statut: dossiers.dossierStatut, steps: stepsOf.steps })
    .from(dossiers)
    .innerJoin(users, eq(users.id, dossiers.admissibleUserId))
    .leftJoin(companies, eq(companies.id, dossiers.companyId))
    .leftJoin(formations, eq(formations.id, dossiers.formationId))
    .leftJoin(schools, eq(schools.id, formations.schoolId))
    .leftJoin(stepsOf, eq(stepsOf.dossierId, dossiers.id))
    .where(pipelineWhere(filter, false))
    .orderBy(...pipelineOrder(sort));
}

export async function findStepsOfDossiers(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(dossierSteps).where(inArray(dossierSteps.dossierId, ids));
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
