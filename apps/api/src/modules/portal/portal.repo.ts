import { and, asc, desc, eq, notInArray } from 'drizzle-orm';
import { applicantFormationColumns } from '../../db/applicant-columns.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  admissibles,
  cmsSections,
  dossiers,
  files,
  formations,
  forumInvitations,
  partners,
  publicFiles,
  schools,
  users,
} from '../../db/schema/index.ts';

export type CmsSectionRow = typeof cmsSections.$inferSelect;

export async function findCmsSections(db: Db): Promise<CmsSectionRow[]> {
  return db.select().from(cmsSections);
}

export async function upsertCmsSection(
  db: Db,
  row: { section: string; lang: string; title: string; html: string },
): Promise<void> {
  await db
    .insert(cmsSections)
    .values(row)
    .onConflictDoUpdate({
      target: [cmsSections.section, cmsSections.lang],
      set: { title: row.title, html: row.html, updatedAt: new Date() },
    });
}

/** The applicant with formation and school, when known. Undefined when the user does not exist. */
export async function findApplicantProfile(db: Db, userId: number) {
  const [row] = await db
    .select({
      ...applicantFormationColumns,
      contractType: admissibles.contractType,
      forumInvited: admissibles.forumInvited,
      formationYear: formations.year,
      formationEtape: formations.etape,
      schoolName: schools.name,
      schoolHoldsWorkshops: schools.holdsWorkshops,
      schoolBacOrMore: schools.bacAttestationOrMore,
    })
    .from(users)
    .leftJoin(admissibles, eq(admissibles.userId, users.id))
    .leftJoin(formations, eq(formations.id, admissibles.formationId))
    .leftJoin(schools, eq(schools.id, formations.schoolId))
    .where(eq(users.id, userId));
  return row;
}

/** Refused (6), archived (9) and broken (13) dossiers are over; any other is the applicant's current one. */
const closedStatuses = [6, 9, 13];

export async function findCurrentDossierId(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: dossiers.id })
    .from(dossiers)
    .where(and(eq(dossiers.admissibleUserId, userId), notInArray(dossiers.dossierStatut, closedStatuses)))
    .orderBy(desc(dossiers.createdAt), desc(dossiers.id))
    .limit(1);
  return row?.id ?? null;
}

export async function isDossierOf(db: Db, dossierId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: dossiers.id })
    .from(dossiers)
    .where(and(eq(dossiers.id, dossierId), eq(dossiers.admissibleUserId, userId)));
  return row !== undefined;
}

export async function findActiveForumInvitation(db: Db) {
  const [row] = await db
    .select({ name: forumInvitations.name, date: forumInvitations.date, link: forumInvitations.link })
    .from(forumInvitations)
    .where(eq(forumInvitations.active, true))
    .orderBy(desc(forumInvitations.date), desc(forumInvitations.id))
    .limit(1);
  return row ?? null;
}

export async function findFilesOfKind(db: Db | Tx, userId: number, kind: string) {
  return db
    .select({ id: files.id, createdAt: files.createdAt })
    .from(files)
    .where(and(eq(files.ownerUserId, userId), eq(files.kind, kind)))
    .orderBy(desc(files.createdAt), desc(files.id));
}

export async function findAdmissibleDocuments(db: Db, userId: number) {
  const [row] = await documentsQuery(db, userId);
  return row;
}

/** Same, holding the row until the transaction ends: two uploads at once must not both replace the same file. */
export async function lockAdmissibleDocuments(tx: Tx, userId: number) {
  const [row] = await documentsQuery(tx, userId).for('update');
  return row;
}

function documentsQuery(db: Db | Tx, userId: number) {
  return db
    .select({
      cvecNumber: admissibles.cvecNumber,
      cvecFileId: admissibles.cvecFileId,
      cvecValid: admissibles.cvecValid,
      attestationBacFileId: admissibles.attestationBacFileId,
      attestationBacValid: admissibles.attestationBacValid,
    })
    .from(admissibles)
    .where(eq(admissibles.userId, userId));
}

export type AdmissibleDocumentsUpdate = Partial<
  Pick<
    typeof admissibles.$inferInsert,
    'cvecNumber' | 'cvecFileId' | 'cvecValid' | 'attestationBacFileId' | 'attestationBacValid'
  >
>;

/** Writes the applicant's document columns, creating the admission record if the applicant has none yet. */
export async function updateAdmissibleDocuments(
  tx: Db | Tx,
  userId: number,
  set: AdmissibleDocumentsUpdate,
): Promise<void> {
  if (Object.keys(set).length === 0) return;
  await tx
    .insert(admissibles)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: admissibles.userId, set });
}

export async function findPublicFiles(db: Db, audience: string) {
  return db
    .select({
      name: publicFiles.name,
      translateKey: publicFiles.translateKey,
      fileId: files.id,
      size: files.size,
      contentType: files.contentType,
    })
    .from(publicFiles)
    .innerJoin(files, eq(files.id, publicFiles.fileId))
    .where(eq(publicFiles.audience, audience))
    .orderBy(asc(publicFiles.position), asc(publicFiles.id));
}

export async function findPartners(db: Db) {
  return db
    .select({ id: partners.id, nom: partners.nom, logo: partners.logo, web: partners.web })
    .from(partners)
    .orderBy(asc(partners.position), asc(partners.id));
}
