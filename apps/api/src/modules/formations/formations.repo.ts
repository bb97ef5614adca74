import { asc, eq, sql } from 'drizzle-orm';
import { defaultSchoolRules } from '@passerelle/contract';
import type { Db, Tx } from '../../db/client.ts';
import { formations, schools } from '../../db/schema/index.ts';

export type FormationRow = typeof formations.$inferSelect;
export type NewFormationRow = Omit<typeof formations.$inferInsert, 'id'>;
export type SchoolRow = typeof schools.$inferSelect;

/** The values given: a rule left out keeps the school's own (or, new, the default by its code). */
const definedOnly = <T extends object>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as T;

// Written with qualified names: drizzle leaves columns unqualified inside sql``, where "id" would be the inner table's.
const applicantsOf = sql<number>`(select count(*) from "admissibles" as a where a."formation_id" = "formations"."id")`.mapWith(Number);
/** A case belongs to its own formation, else to its applicant's (as the sheets read it: dossiers.service cerfaParamsOf). */
const dossiersOf = sql<number>`(select count(*) from "dossiers" as d left join "admissibles" as a on a."user_id" = d."admissible_user_id"
  where coalesce(d."formation_id", a."formation_id") = "formations"."id")`.mapWith(Number);

const formationColumns = {
  formation: formations,
  school: { id: schools.id, code: schools.code, name: schools.name },
  applicants: applicantsOf,
  dossiers: dossiersOf,
};

export type FormationWithCounts = {
  formation: FormationRow;
  school: { id: number; code: string; name: string };
  applicants: number;
  dossiers: number;
};

export async function findFormationsWithCounts(db: Db | Tx): Promise<FormationWithCounts[]> {
  return db
    .select(formationColumns)
    .from(formations)
    .innerJoin(schools, eq(schools.id, formations.schoolId))
    .orderBy(asc(schools.code), asc(formations.year), asc(formations.etape), asc(formations.libelle));
}

export async function findFormationWithCounts(db: Db | Tx, id: number): Promise<FormationWithCounts | undefined> {
  const [row] = await db
    .select(formationColumns)
    .from(formations)
    .innerJoin(schools, eq(schools.id, formations.schoolId))
    .where(eq(formations.id, id));
  return row;
}

export async function findFormationByCode(db: Db | Tx, code: string): Promise<FormationRow | undefined> {
  const [row] = await db.select().from(formations).where(sql`lower(${formations.code}) = lower(${code})`);
  return row;
}

export async function lockFormation(tx: Tx, id: number): Promise<FormationRow | undefined> {
  const [row] = await tx.select().from(formations).where(eq(formations.id, id)).for('update');
  return row;
}

export async function insertFormation(db: Db | Tx, values: NewFormationRow): Promise<number> {
  const [row] = await db.insert(formations).values(values).returning({ id: formations.id });
  if (!row) throw new Error('formation not inserted');
  return row.id;
}

export async function updateFormation(db: Db | Tx, id: number, values: NewFormationRow): Promise<void> {
  await db.update(formations).set(values).where(eq(formations.id, id));
}

/** Every school, or the one of `id`, with its number of formations. */
export async function findSchoolsWithCounts(db: Db | Tx, id?: number): Promise<(SchoolRow & { formations: number })[]> {
  return db
    .select({
      id: schools.id,
      code: schools.code,
      name: schools.name,
      holdsWorkshops: schools.holdsWorkshops,
      bacAttestationOrMore: schools.bacAttestationOrMore,
      formations: sql<number>`(select count(*) from "formations" as f where f."school_id" = "schools"."id")`.mapWith(Number),
    })
    .from(schools)
    .where(id === undefined ? undefined : eq(schools.id, id))
    .orderBy(asc(schools.code));
}

export async function findSchool(db: Db | Tx, id: number): Promise<SchoolRow | undefined> {
  const [row] = await db.select().from(schools).where(eq(schools.id, id));
  return row;
}

export async function findSchoolByCode(db: Db | Tx, code: string): Promise<SchoolRow | undefined> {
  const [row] = await db.select().from(schools).where(sql`lower(${schools.code}) = lower(${code})`);
  return row;
}

export async function insertSchool(
  db: Db | Tx,
  values: { code: string; name: string; holdsWorkshops?: boolean | undefined; bacAttestationOrMore?: boolean | undefined },
): Promise<number> {
  const [row] = await db
    .insert(schools)
    .values({ ...defaultSchoolRules(values.code), ...definedOnly(values) })
    .returning({ id: schools.id });
  if (!row) throw new Error('school not inserted');
  return row.id;
}

export async function updateSchool(
  db: Db | Tx,
  id: number,
  values: { code: string; name: string; holdsWorkshops?: boolean | undefined; bacAttestationOrMore?: boolean | undefined },
): Promise<void> {
  await db.update(schools).set(definedOnly(values)).where(eq(schools.id, id));
}
