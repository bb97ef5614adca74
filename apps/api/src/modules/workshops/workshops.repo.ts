import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { admissibles, atelierRegistrations, ateliers, formations, schools, users } from '../../db/schema/index.ts';

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

/** A workshop's columns and its registered count: the applicant's card and the back office read both. */
const countedColumns = {
  id: ateliers.id,
  schoolId: ateliers.schoolId,
  title: ateliers.title,
  date: ateliers.date,
  startHour: ateliers.startHour,
  endHour: ateliers.endHour,
  quota: ateliers.quota,
  registrationOpensAt: ateliers.registrationOpensAt,
  registrationClosesAt: ateliers.registrationClosesAt,
  registered: sql<number>`(select count(*)::int from ${atelierRegistrations} r where r.atelier_id = ${ateliers.id})`,
};

const withCounts = (userId: number) => ({
  ...countedColumns,
  nbIns: countedColumns.registered,
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

/** One person registered to a workshop, for the back office's list and the registrants CSV export. */
export interface Registrant {
  userId: number;
  nom: string;
  prenom: string;
  email: string;
  /** The applicant's formation label; null when they have none. */
  formation: string | null;
  registeredAt: Date;
}

/** A workshop's registrants, in the order they registered (then by name). Read by the JSON list and the CSV export. */
export async function findRegistrants(db: Db, workshopId: number): Promise<Registrant[]> {
  return db
    .select({
      userId: users.id,
      nom: users.nom,
      prenom: users.prenom,
      email: users.email,
      formation: formations.libelle,
      registeredAt: atelierRegistrations.createdAt,
    })
    .from(atelierRegistrations)
    .innerJoin(users, eq(users.id, atelierRegistrations.userId))
    .leftJoin(admissibles, eq(admissibles.userId, atelierRegistrations.userId))
    .leftJoin(formations, eq(formations.id, admissibles.formationId))
    .where(eq(atelierRegistrations.atelierId, workshopId))
    .orderBy(asc(atelierRegistrations.createdAt), asc(users.nom), asc(users.prenom), asc(users.id));
}

// ---------- Back office (issue 12) ----------

export interface StaffAtelierRow extends AtelierRow {
  school: { id: number; code: string; name: string } | null;
  registered: number;
}

const staffColumns = { ...countedColumns, schoolCode: schools.code, schoolName: schools.name };

type StaffSelect = AtelierRow & { schoolCode: string | null; schoolName: string | null; registered: number };

function toStaffRow({ schoolCode, schoolName, registered, ...row }: StaffSelect): StaffAtelierRow {
  const school =
    row.schoolId !== null && schoolCode !== null && schoolName !== null
      ? { id: row.schoolId, code: schoolCode, name: schoolName }
      : null;
  return { ...row, school, registered: Number(registered) };
}

/** Every workshop, the latest day first, with its school and registered count. */
export async function findStaffAteliers(db: Db): Promise<StaffAtelierRow[]> {
  const rows = await db
    .select(staffColumns)
    .from(ateliers)
    .leftJoin(schools, eq(schools.id, ateliers.schoolId))
    .orderBy(desc(ateliers.date), asc(ateliers.startHour), asc(ateliers.id));
  return rows.map(toStaffRow);
}

export async function findStaffAtelier(db: Db | Tx, id: number): Promise<StaffAtelierRow | undefined> {
  const [row] = await db
    .select(staffColumns)
    .from(ateliers)
    .leftJoin(schools, eq(schools.id, ateliers.schoolId))
    .where(eq(ateliers.id, id));
  return row ? toStaffRow(row) : undefined;
}

export async function schoolExists(db: Db | Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: schools.id }).from(schools).where(eq(schools.id, id));
  return row !== undefined;
}

export async function updateAtelier(tx: Tx, id: number, row: Omit<NewAtelierRow, 'id'>): Promise<void> {
  await tx.update(ateliers).set(row).where(eq(ateliers.id, id));
}

/** Deletes the workshop; its registrations go with it (foreign key on delete cascade). */
export async function deleteAtelier(tx: Tx, id: number): Promise<void> {
  await tx.delete(ateliers).where(eq(ateliers.id, id));
}

/** The languages and addresses of a workshop's registrants, for the cancellation mail. */
export async function findRegistrantMailTargets(
  tx: Tx,
  workshopId: number,
): Promise<{ email: string; prenom: string; lang: string }[]> {
  return tx
    .select({ email: users.email, prenom: users.prenom, lang: users.lang })
    .from(atelierRegistrations)
    .innerJoin(users, eq(users.id, atelierRegistrations.userId))
    .where(eq(atelierRegistrations.atelierId, workshopId));
}
