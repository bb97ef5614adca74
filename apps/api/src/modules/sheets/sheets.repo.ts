import type { SheetKind } from '@passerelle/contract';
import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  auditLog,
  companies,
  companyUsers,
  dossierPersonal,
  dossierTerms,
  dossiers,
  files,
  fundingValidations,
  sheetAttachments,
  sheets,
  users,
} from '../../db/schema/index.ts';

type Conn = Db | Tx;

export type SheetRow = typeof sheets.$inferSelect;
export type DossierRow = typeof dossiers.$inferSelect;

/** Holds the user's row until the transaction ends: the limits counted for one person apply one request at a time. */
export async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Audit actions of an employer invitation an applicant's first contact asked for, sent or withheld. */
export const invitationActions = ['employer.invited', 'employer.invitation_withheld'];

export async function countInvitations(db: Conn, actorUserId: number, since?: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actorUserId, actorUserId),
        inArray(auditLog.action, invitationActions),
        since ? gte(auditLog.at, since) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** A user of this company with this (normalised) address. */
export async function findCompanyMember(db: Conn, companyId: number, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, lang: users.lang })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(and(eq(companyUsers.companyId, companyId), eq(users.email, email)));
  return row;
}

/** Every user of this company, to tell them what waits for them. */
export async function findCompanyMembers(db: Conn, companyId: number) {
  return db
    .select({ id: users.id, email: users.email, lang: users.lang })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(eq(companyUsers.companyId, companyId))
    .orderBy(asc(users.id));
}

export async function updateDossier(
  tx: Conn,
  dossierId: number,
  values: { dossierStatut?: number; companyId?: number; dossierName?: string },
): Promise<void> {
  await tx
    .update(dossiers)
    .set({ ...values, lastUpdate: new Date() })
    .where(eq(dossiers.id, dossierId));
}

export async function insertAudit(
  tx: Conn,
  entry: { dossierId: number | null; actorUserId: number; action: string; details?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
}

export async function findSheets(db: Conn, dossierId: number): Promise<SheetRow[]> {
  return db.select().from(sheets).where(eq(sheets.dossierId, dossierId));
}

export async function upsertSheet(
  tx: Conn,
  values: { dossierId: number; kind: SheetKind; data: Record<string, unknown>; updatedBy: number },
): Promise<void> {
  await tx
    .insert(sheets)
    .values({ ...values, status: 'draft' })
    .onConflictDoUpdate({
      target: [sheets.dossierId, sheets.kind],
      set: { data: values.data, updatedBy: values.updatedBy, updatedAt: new Date() },
    });
}

export async function markSheetSubmitted(tx: Conn, dossierId: number, kind: SheetKind, userId: number): Promise<void> {
  const now = new Date();
  await tx
    .update(sheets)
    .set({ status: 'submitted', submittedAt: now, updatedAt: now, updatedBy: userId })
    .where(and(eq(sheets.dossierId, dossierId), eq(sheets.kind, kind)));
}

/** A sent sheet back to a draft its author may edit again (returned by staff); what it holds is kept. */
export async function markSheetDraft(tx: Conn, dossierId: number, kind: SheetKind): Promise<void> {
  await tx
    .update(sheets)
    .set({ status: 'draft', submittedAt: null, updatedAt: new Date() })
    .where(and(eq(sheets.dossierId, dossierId), eq(sheets.kind, kind)));
}

export async function findPersonal(db: Conn, dossierId: number) {
  const [row] = await db.select().from(dossierPersonal).where(eq(dossierPersonal.dossierId, dossierId));
  return row;
}

export async function upsertNir(
  tx: Conn,
  dossierId: number,
  nir: { ciphertext: string; hash: string } | null,
): Promise<void> {
  const values = { nirCiphertext: nir?.ciphertext ?? null, nirHash: nir?.hash ?? null, updatedAt: new Date() };
  await tx
    .insert(dossierPersonal)
    .values({ dossierId, ...values })
    .onConflictDoUpdate({ target: dossierPersonal.dossierId, set: values });
}

export async function findUserNames(db: Conn, userId: number) {
  const [row] = await db.select({ prenom: users.prenom, nom: users.nom }).from(users).where(eq(users.id, userId));
  return row;
}

export async function findSender(db: Conn, userId: number) {
  const [row] = await db
    .select({ prenom: users.prenom, nom: users.nom, userType: users.userType })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The latest audit entry of a dossier among `actions`. */
/** The latest entry of these actions; with `kind`, only those about that sheet (`details.kind`). */
export async function findLatestAudit(db: Conn, dossierId: number, actions: readonly string[], kind?: SheetKind) {
  const [row] = await db
    .select({ action: auditLog.action, details: auditLog.details, at: auditLog.at })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.dossierId, dossierId),
        inArray(auditLog.action, [...actions]),
        kind === undefined ? undefined : sql`${auditLog.details}->>'kind' = ${kind}`,
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  return row;
}

/** The applicant's account: name and e-mail, which the first contact starts from. */
export async function findAccount(db: Conn, userId: number) {
  const [row] = await db
    .select({ prenom: users.prenom, nom: users.nom, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The applicant's sheets on their other dossiers, latest first: what they already told the portal about themselves. */
export async function findApplicantSheets(db: Conn, admissibleUserId: number, exceptDossierId: number, kinds: readonly SheetKind[]) {
  return db
    .select({ kind: sheets.kind, data: sheets.data, updatedAt: sheets.updatedAt })
    .from(sheets)
    .innerJoin(dossiers, eq(dossiers.id, sheets.dossierId))
    .where(
      and(
        eq(dossiers.admissibleUserId, admissibleUserId),
        sql`${sheets.dossierId} <> ${exceptDossierId}`,
        inArray(sheets.kind, [...kinds]),
      ),
    )
    .orderBy(desc(sheets.updatedAt))
    .limit(10);
}

export async function findCompanyOfUser(tx: Conn, userId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ companyId: companyUsers.companyId })
    .from(companyUsers)
    .where(eq(companyUsers.userId, userId))
    .orderBy(asc(companyUsers.companyId))
    .limit(1);
  return row?.companyId;
}

export async function insertCompany(tx: Conn, values: { name: string; siret: string | null }): Promise<number> {
  const [row] = await tx.insert(companies).values(values).returning({ id: companies.id });
  if (!row) throw new Error('company not written');
  return row.id;
}

export async function linkCompanyUser(tx: Conn, companyId: number, userId: number): Promise<void> {
  await tx.insert(companyUsers).values({ companyId, userId }).onConflictDoNothing();
}

export async function findLatestFunding(db: Conn, dossierId: number) {
  const [row] = await db
    .select()
    .from(fundingValidations)
    .where(eq(fundingValidations.dossierId, dossierId))
    .orderBy(desc(fundingValidations.decidedAt), desc(fundingValidations.id))
    .limit(1);
  return row;
}

export async function insertFunding(
  tx: Conn,
  values: { dossierId: number; decision: string; reason: string | null; decidedBy: number },
): Promise<void> {
  await tx.insert(fundingValidations).values(values);
}

export async function findTerms(db: Conn, dossierId: number) {
  const [row] = await db.select().from(dossierTerms).where(eq(dossierTerms.dossierId, dossierId));
  return row;
}

export async function findAttachment(db: Conn, dossierId: number, sheetKind: SheetKind) {
  const [row] = await db
    .select({
      id: files.id,
      filename: files.filename,
      contentType: files.contentType,
      size: files.size,
      createdAt: sheetAttachments.createdAt,
    })
    .from(sheetAttachments)
    .innerJoin(files, eq(files.id, sheetAttachments.fileId))
    .where(and(eq(sheetAttachments.dossierId, dossierId), eq(sheetAttachments.sheetKind, sheetKind)));
  return row;
}

/** Points the sheet at a new file; answers the file it replaces, if any. */
export async function replaceAttachment(
  tx: Conn,
  values: { dossierId: number; sheetKind: SheetKind; fileId: string; createdBy: number },
): Promise<string | undefined> {
  const [previous] = await tx
    .select({ fileId: sheetAttachments.fileId })
    .from(sheetAttachments)
    .where(and(eq(sheetAttachments.dossierId, values.dossierId), eq(sheetAttachments.sheetKind, values.sheetKind)));
  await tx
    .insert(sheetAttachments)
    .values(values)
    .onConflictDoUpdate({
      target: [sheetAttachments.dossierId, sheetAttachments.sheetKind],
      set: { fileId: values.fileId, createdBy: values.createdBy, createdAt: new Date() },
    });
  return previous?.fileId;
}

/** The dossier a sheet attachment belongs to, for the file access rule. */
export async function findAttachmentDossier(db: Conn, fileId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ dossierId: sheetAttachments.dossierId })
    .from(sheetAttachments)
    .where(eq(sheetAttachments.fileId, fileId));
  return row?.dossierId;
}
