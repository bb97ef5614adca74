import type { ReviewableDocument, SheetKind } from '@passerelle/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { admissibles, auditLog, dossiers, sheets } from '../../db/schema/index.ts';

type Conn = Db | Tx;

/** Reads of the back-office actions (issue 10) the dossier rows do not hold. */

export async function findSheetStatus(db: Conn, dossierId: number, kind: SheetKind): Promise<string | undefined> {
  const [row] = await db
    .select({ status: sheets.status })
    .from(sheets)
    .where(and(eq(sheets.dossierId, dossierId), eq(sheets.kind, kind)));
  return row?.status;
}

const documentColumns = {
  cvecNumber: admissibles.cvecNumber,
  cvecFileId: admissibles.cvecFileId,
  cvecValid: admissibles.cvecValid,
  attestationBacFileId: admissibles.attestationBacFileId,
  attestationBacValid: admissibles.attestationBacValid,
};

export type ApplicantDocumentsRow = { [K in keyof typeof documentColumns]: (typeof admissibles.$inferSelect)[K] };

export async function findApplicantDocuments(db: Conn, userId: number): Promise<ApplicantDocumentsRow | undefined> {
  const [row] = await db.select(documentColumns).from(admissibles).where(eq(admissibles.userId, userId));
  return row;
}

/** Same, holding the row until the transaction ends: a review and an upload of the same document apply one after the other. */
export async function lockApplicantDocuments(tx: Tx, userId: number): Promise<ApplicantDocumentsRow | undefined> {
  const [row] = await tx.select(documentColumns).from(admissibles).where(eq(admissibles.userId, userId)).for('update');
  return row;
}

export async function setDocumentValid(tx: Tx, userId: number, document: ReviewableDocument, isValid: boolean): Promise<void> {
  await tx
    .update(admissibles)
    .set(document === 'cvec' ? { cvecValid: isValid } : { attestationBacValid: isValid })
    .where(eq(admissibles.userId, userId));
}

export const documentReviewActions = ['document.validated', 'document.rejected'] as const;

/** The reviews of the applicant's documents, on any of their cases, latest first. */
export async function findDocumentReviews(db: Conn, admissibleUserId: number) {
  return db
    .select({ action: auditLog.action, details: auditLog.details, at: auditLog.at })
    .from(auditLog)
    .innerJoin(dossiers, eq(dossiers.id, auditLog.dossierId))
    .where(and(eq(dossiers.admissibleUserId, admissibleUserId), inArray(auditLog.action, [...documentReviewActions])))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(100);
}

/** The latest entry of this action on the dossier. */
export async function findLatestAuditOf(db: Conn, dossierId: number, action: string) {
  const [row] = await db
    .select({ details: auditLog.details, at: auditLog.at })
    .from(auditLog)
    .where(and(eq(auditLog.dossierId, dossierId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  return row;
}
