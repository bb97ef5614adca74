import { and, asc, count, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { admissibles, atelierRegistrations, ateliers, formations } from '../../db/schema/index.ts';

export type AtelierRow = typeof ateliers.$inferSelect;
export type NewAtelierRow = typeof ateliers.$inferInsert;
export interface AtelierWithCounts extends AtelierRow {
  nbIns: number;
  isInscrit: boolean;
}

/** The applicant's school, through their formation; null when they have none. */
export async function findSchoolIdOfApplicant(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ schoolId: formations.schoolId })
    .from(admissibles)
    .innerJoin(formations, eq(formations.id, admissibles.formationId))
    .where(eq(admissibles.userId, userId));
  return row?.schoolId ?? null;
}

const withCounts = (userId: number) => ({
  id: ateliers.id,
  schoolId: ateliers.schoolId,
  title: ateliers.title,
  date: ateliers.date,
  startHour: ateliers.startHour,
  endHour: ateliers.endHour,
  quota: ateliers.quota,
  registrationOpensAt: ateliers.registrationOpensAt,
  registrationClosesAt: ateliers.registrationClosesAt,
  nbIns: sql<number>`(select count(*)::int from ${atelierRegistrations} r where r.atelier_id = ${ateliers.id})`,
  isInscrit: sql<boolean>`exists (select 1 from ${atelierRegistrations} r where r.atelier_id = ${ateliers.id} and r.user_id = ${userId})`,
});

/** A school's workshops from `fromDay` on, soonest first. */
export async function findSchoolAteliers(
  db: Db,
  schoolId: number,
  fromDay: string,
  userId: number,
): Promise<AtelierWithCounts[]> {
  return db
    .select(withCounts(userId))
    .from(ateliers)
    .where(and(eq(ateliers.schoolId, schoolId), gte(ateliers.date, fromDay)))
    .orderBy(asc(ateliers.date), asc(ateliers.startHour), asc(ateliers.id));
}

export async function findAtelierWithCounts(
  db: Db,
  id: number,
  userId: number,
): Promise<AtelierWithCounts | undefined> {
  const [row] = await db.select(withCounts(userId)).from(ateliers).where(eq(ateliers.id, id));
  return row;
}

/** Locks the workshop row until the transaction ends: registrations to one workshop queue up behind it. */
export async function lockAtelier(tx: Tx, id: number): Promise<AtelierRow | undefined> {
  const [row] = await tx.select().from(ateliers).where(eq(ateliers.id, id)).for('update');
  return row;
}

export async function findRegistrationOf(tx: Tx, userId: number): Promise<{ atelierId: number } | undefined> {
  const [row] = await tx
    .select({ atelierId: atelierRegistrations.atelierId })
    .from(atelierRegistrations)
    .where(eq(atelierRegistrations.userId, userId));
  return row;
}

export async function countRegistrations(tx: Tx, atelierId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(atelierRegistrations)
    .where(eq(atelierRegistrations.atelierId, atelierId));
  return row?.n ?? 0;
}

export async function insertRegistration(tx: Tx, userId: number, atelierId: number): Promise<void> {
  await tx.insert(atelierRegistrations).values({ userId, atelierId });
}

export async function deleteRegistration(tx: Tx, userId: number, atelierId: number): Promise<void> {
  await tx
    .delete(atelierRegistrations)
    .where(and(eq(atelierRegistrations.userId, userId), eq(atelierRegistrations.atelierId, atelierId)));
}

export async function insertAteliers(db: Db, rows: NewAtelierRow[]): Promise<AtelierRow[]> {
  return db.insert(ateliers).values(rows).returning();
}

export async function insertRegistrations(db: Db, rows: { userId: number; atelierId: number }[]): Promise<void> {
  if (rows.length > 0) await db.insert(atelierRegistrations).values(rows).onConflictDoNothing();
}
