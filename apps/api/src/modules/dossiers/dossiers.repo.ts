import { DOSSIER_STATUS, type StepType } from '@passerelle/contract';
import { and, asc, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { admissibles, auditLog, companyUsers, dossierSteps, dossiers, formations, schools, sheets, users } from '../../db/schema/index.ts';

type Conn = Db | Tx;

export type DossierRow = typeof dossiers.$inferSelect;
export type DossierStepRow = typeof dossierSteps.$inferSelect;

export async function findDossierById(db: Db, id: number): Promise<DossierRow | undefined> {
  const [row] = await db.select().from(dossiers).where(eq(dossiers.id, id));
  return row;
}

/** The applicant's dossiers, most recently updated first. */
export async function findDossiersOfAdmissible(db: Db, userId: number): Promise<DossierRow[]> {
  return db
    .select()
    .from(dossiers)
    .where(eq(dossiers.admissibleUserId, userId))
    .orderBy(desc(dossiers.lastUpdate), desc(dossiers.id));
}

export async function findStepsOfDossiers(db: Db, dossierIds: number[]): Promise<DossierStepRow[]> {
  if (dossierIds.length === 0) return [];
  return db.select().from(dossierSteps).where(inArray(dossierSteps.dossierId, dossierIds)).orderBy(asc(dossierSteps.dossierId));
}

export async function isCompanyUser(db: Conn, companyId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: companyUsers.userId })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)));
  return row !== undefined;
}

export async function findAdmissible(db: Conn, userId: number) {
  const [row] = await db
    .select({ formationId: admissibles.formationId, contractType: admissibles.contractType })
    .from(admissibles)
    .where(eq(admissibles.userId, userId));
  return row;
}

export async function findFormationWithSchool(db: Conn, formationId: number) {
  const [row] = await db
    .select({
      libelle: formations.libelle,
      contractTypes: formations.contractTypes,
      trainingStart: formations.trainingStart,
      trainingEnd: formations.trainingEnd,
      proStartAfter: formations.proStartAfter,
      proEndBefore: formations.proEndBefore,
      rncp: formations.rncp,
      rncpEndDate: formations.rncpEndDate,
      codeDiplome: formations.codeDiplome,
      hours: formations.hours,
      remoteHours: formations.remoteHours,
      rncpLevel: formations.rncpLevel,
      school: schools.code,
    })
    .from(formations)
    .innerJoin(schools, eq(schools.id, formations.schoolId))
    .where(eq(formations.id, formationId));
  return row;
}

/** The dossier row, locked until the transaction ends: events on one dossier apply one after the other. */
export async function lockDossier(tx: Tx, dossierId: number): Promise<DossierRow | undefined> {
  const [row] = await tx.select().from(dossiers).where(eq(dossiers.id, dossierId)).for('update');
  return row;
}

export async function findSteps(db: Conn, dossierId: number): Promise<{ type: string; status: number }[]> {
  return db
    .select({ type: dossierSteps.type, status: dossierSteps.status })
    .from(dossierSteps)
    .where(eq(dossierSteps.dossierId, dossierId));
}

export async function writeSteps(tx: Conn, dossierId: number, steps: Partial<Record<StepType, number>>): Promise<void> {
  const rows = Object.entries(steps).map(([type, status]) => ({ dossierId, type, status }));
  if (rows.length === 0) return;
  await tx
    .insert(dossierSteps)
    .values(rows)
    .onConflictDoUpdate({ target: [dossierSteps.dossierId, dossierSteps.type], set: { status: sql`excluded.status` } });
}

/** A new status (when given) and the last-update time. */
export async function touchDossier(tx: Conn, dossierId: number, values: { dossierStatut?: number }): Promise<void> {
  await tx
    .update(dossiers)
    .set({ ...values, lastUpdate: new Date() })
    .where(eq(dossiers.id, dossierId));
}

export async function insertAudit(
  tx: Conn,
  entry: { dossierId: number; actorUserId: number; action: string; details: Record<string, unknown> },
): Promise<void> {
  await tx.insert(auditLog).values(entry);
}

export async function insertDossier(
  tx: Conn,
  values: { admissibleUserId: number; formationId: number | null; dossierStatut: number },
): Promise<DossierRow> {
  const [row] = await tx.insert(dossiers).values(values).returning();
  if (!row) throw new Error('dossier not written');
  return row;
}

/** Holds the user's row until the transaction ends: the limits counted for one person apply one request at a time. */
export async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Refused (6), archived (9) and broken (13) dossiers are over; the others, accepted ones included, are open. */
const closedStatuts = [DOSSIER_STATUS.REFUSED, DOSSIER_STATUS.ARCHIVED, DOSSIER_STATUS.BROKEN];

export async function countOpenDossiers(db: Conn, admissibleUserId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(dossiers)
    .where(and(eq(dossiers.admissibleUserId, admissibleUserId), notInArray(dossiers.dossierStatut, closedStatuts)));
  return row?.n ?? 0;
}

export async function hasSubmittedSheet(db: Conn, dossierId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sheets.id })
    .from(sheets)
    .where(and(eq(sheets.dossierId, dossierId), eq(sheets.status, 'submitted')))
    .limit(1);
  return row !== undefined;
}

/** Sheets, steps, personal data and attachments go with it (on delete cascade). */
export async function deleteDossierRow(tx: Conn, dossierId: number): Promise<void> {
  await tx.delete(dossiers).where(eq(dossiers.id, dossierId));
}
