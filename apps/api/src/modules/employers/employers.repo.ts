import { and, desc, eq, inArray } from 'drizzle-orm';
import { applicantFormationColumns } from '../../db/applicant-columns.ts';
import type { Db } from '../../db/client.ts';
import { companyUsers, dossierSteps, dossiers, formations, schools, sheets, users } from '../../db/schema/index.ts';

/** The dossiers of every company this user acts for, with the applicant's name and the formation. */
export async function findDossiersOfCompanyUser(db: Db, userId: number) {
  return db
    .selectDistinct({
      id: dossiers.id,
      dossierName: dossiers.dossierName,
      dossierStatut: dossiers.dossierStatut,
      cerfaFileId: dossiers.cerfaFileId,
      cerfaAvenantFileId: dossiers.cerfaAvenantFileId,
      lastUpdate: dossiers.lastUpdate,
      ...applicantFormationColumns,
    })
    .from(dossiers)
    .innerJoin(companyUsers, eq(companyUsers.companyId, dossiers.companyId))
    .innerJoin(users, eq(users.id, dossiers.admissibleUserId))
    .leftJoin(formations, eq(formations.id, dossiers.formationId))
    .leftJoin(schools, eq(schools.id, formations.schoolId))
    .where(eq(companyUsers.userId, userId))
    .orderBy(desc(dossiers.lastUpdate), desc(dossiers.id));
}

export async function findStepsOf(db: Db, dossierIds: number[]) {
  if (dossierIds.length === 0) return [];
  return db.select().from(dossierSteps).where(inArray(dossierSteps.dossierId, dossierIds));
}

/** Of these dossiers, those whose missions clarification is submitted. */
export async function findSubmittedMissions(db: Db, dossierIds: number[]): Promise<Set<number>> {
  if (dossierIds.length === 0) return new Set();
  const rows = await db
    .select({ dossierId: sheets.dossierId })
    .from(sheets)
    .where(and(inArray(sheets.dossierId, dossierIds), eq(sheets.kind, 'missions'), eq(sheets.status, 'submitted')));
  return new Set(rows.map((row) => row.dossierId));
}
