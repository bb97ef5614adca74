import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { admissibles, companyUsers, dossierSteps, dossiers, formations, schools } from '../../db/schema/index.ts';

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

export async function isCompanyUser(db: Db, companyId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: companyUsers.userId })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)));
  return row !== undefined;
}

export async function findAdmissible(db: Db, userId: number) {
  const [row] = await db
    .select({ formationId: admissibles.formationId, contractType: admissibles.contractType })
    .from(admissibles)
    .where(eq(admissibles.userId, userId));
  return row;
}

export async function findFormationWithSchool(db: Db, formationId: number) {
  const [row] = await db
    .select({
      libelle: formations.libelle,
      contractTypes: formations.contractTypes,
      trainingStart: formations.trainingStart,
      trainingEnd: formations.trainingEnd,
      proStartAfter: formations.proStartAfter,
      proEndBefore: formations.proEndBefore,
      rncp: formations.rncp,
      codeDiplome: formations.codeDiplome,
      hours: formations.hours,
      school: schools.code,
    })
    .from(formations)
    .innerJoin(schools, eq(schools.id, formations.schoolId))
    .where(eq(formations.id, formationId));
  return row;
}
