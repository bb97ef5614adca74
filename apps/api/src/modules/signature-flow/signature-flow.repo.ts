import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  companies,
  companyUsers,
  contractDocuments,
  dossiers,
  files,
  signatureDocuments,
  signatureEvents,
  signatureProcedures,
  signatureSigners,
  users,
} from '../../db/schema/index.ts';

type Conn = Db | Tx;

export type ProcedureRow = typeof signatureProcedures.$inferSelect;
export type SignerRow = typeof signatureSigners.$inferSelect;

/** The dossier's latest procedure (the pending one when there is one: at most one is). */
export async function findLatestProcedure(db: Conn, dossierId: number): Promise<ProcedureRow | undefined> {
  const [row] = await db
    .select()
    .from(signatureProcedures)
    .where(eq(signatureProcedures.dossierId, dossierId))
    .orderBy(desc(signatureProcedures.createdAt), desc(signatureProcedures.id))
    .limit(1);
  return row;
}

/** The procedure row locked (`for update`): the writes of one procedure are serialised on it. */
export async function lockProcedure(tx: Tx, id: string): Promise<ProcedureRow | undefined> {
  const [row] = await tx.select().from(signatureProcedures).where(eq(signatureProcedures.id, id)).for('update');
  return row;
}

export async function findSigners(db: Conn, procedureId: string): Promise<SignerRow[]> {
  return db
    .select()
    .from(signatureSigners)
    .where(eq(signatureSigners.procedureId, procedureId))
    .orderBy(asc(signatureSigners.signOrder));
}

export interface ProcedureDocument {
  id: number;
  kind: string;
  version: number;
  edition: string | null;
  pages: number;
  sha256: string;
  fileId: string;
  name: string;
  supersededAt: Date | null;
}

export async function findProcedureDocuments(db: Conn, procedureId: string): Promise<ProcedureDocument[]> {
  return db
    .select({
      id: contractDocuments.id,
      kind: contractDocuments.kind,
      version: contractDocuments.version,
      edition: contractDocuments.edition,
      pages: contractDocuments.pages,
      sha256: signatureDocuments.sha256,
      fileId: contractDocuments.fileId,
      name: files.filename,
      supersededAt: contractDocuments.supersededAt,
    })
    .from(signatureDocuments)
    .innerJoin(contractDocuments, eq(contractDocuments.id, signatureDocuments.contractDocumentId))
    .innerJoin(files, eq(files.id, contractDocuments.fileId))
    .where(eq(signatureDocuments.procedureId, procedureId))
    .orderBy(asc(signatureDocuments.position));
}

/** Ends the dossier's pending procedure (superseded, cancelled); the ended one, if any. */
export async function endPendingProcedure(tx: Tx, dossierId: number, state: string, at: Date): Promise<ProcedureRow | undefined> {
  const [row] = await tx
    .update(signatureProcedures)
    .set({ state, endedAt: at })
    .where(and(eq(signatureProcedures.dossierId, dossierId), eq(signatureProcedures.state, 'pending')))
    .returning();
  return row;
}

export async function insertProcedure(
  tx: Tx,
  values: { dossierId: number; startedBy: number; expiresAt: Date; createdAt: Date },
): Promise<ProcedureRow> {
  const [row] = await tx
    .insert(signatureProcedures)
    .values({ ...values, state: 'pending', sentAt: values.createdAt })
    .returning();
  if (!row) throw new Error('procedure not stored');
  return row;
}

export async function insertProcedureDocuments(
  tx: Tx,
  rows: { procedureId: string; contractDocumentId: number; sha256: string; position: number }[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(signatureDocuments).values(rows);
}

export async function insertSigners(tx: Tx, rows: (typeof signatureSigners.$inferInsert)[]): Promise<SignerRow[]> {
  return tx.insert(signatureSigners).values(rows).returning();
}

export async function updateSigner(tx: Tx, id: number, values: Partial<typeof signatureSigners.$inferInsert>): Promise<void> {
  await tx.update(signatureSigners).set(values).where(eq(signatureSigners.id, id));
}

export async function updateProcedure(
  tx: Conn,
  id: string,
  values: Partial<typeof signatureProcedures.$inferInsert>,
): Promise<void> {
  await tx.update(signatureProcedures).set(values).where(eq(signatureProcedures.id, id));
}

export async function linkCompanyUser(tx: Tx, companyId: number, userId: number): Promise<void> {
  await tx.insert(companyUsers).values({ companyId, userId }).onConflictDoNothing();
}

export async function findUserRow(db: Conn, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserRows(db: Conn, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

export async function setDossierCerfa(tx: Tx, dossierId: number, fileId: string): Promise<void> {
  await tx.update(dossiers).set({ cerfaFileId: fileId }).where(eq(dossiers.id, dossierId));
}

/** Pending procedures past their expiry, claimed (state expired) in one statement: a second sweep finds none. */
export async function expireDueProcedures(db: Conn, now: Date): Promise<ProcedureRow[]> {
  return db
    .update(signatureProcedures)
    .set({ state: 'expired', endedAt: now })
    .where(and(eq(signatureProcedures.state, 'pending'), lt(signatureProcedures.expiresAt, now)))
    .returning();
}

/** The pending procedures with their current signer (the first not signed) notified before `before`. */
export async function findWaitingTurns(db: Conn, before: Date) {
  return db
    .select({ procedure: signatureProcedures, signer: signatureSigners, admissibleUserId: dossiers.admissibleUserId })
    .from(signatureProcedures)
    .innerJoin(signatureSigners, eq(signatureSigners.procedureId, signatureProcedures.id))
    .innerJoin(dossiers, eq(dossiers.id, signatureProcedures.dossierId))
    .where(
      and(
        eq(signatureProcedures.state, 'pending'),
        eq(signatureSigners.status, 'pending'),
        lt(signatureSigners.notifiedAt, before),
        sql`not exists (select 1 from signature_signers s2 where s2.procedure_id = ${signatureSigners.procedureId}
          and s2.sign_order < ${signatureSigners.signOrder} and s2.status <> 'signed')`,
      ),
    );
}

/** Pending procedures whose every signer signed but whose sealed result is not stored (finalisation to retry). */
/**
 * The evidence chain's event of a procedure whose contract could not be sealed, a PDF of it being refused by its
 * bounded read (issue 27): the same bytes would be refused again, so the sweep leaves it to staff.
 */
export const SEAL_FAILED_EVENT = 'procedure.seal_failed';

export async function findUnfinalized(db: Conn) {
  return db
    .select({ id: signatureProcedures.id, dossierId: signatureProcedures.dossierId })
    .from(signatureProcedures)
    .where(
      and(
        eq(signatureProcedures.state, 'pending'),
        isNull(signatureProcedures.resultFileId),
        sql`not exists (select 1 from signature_signers s where s.procedure_id = ${signatureProcedures.id} and s.status <> 'signed')`,
        sql`not exists (select 1 from signature_events e where e.dossier_id = ${signatureProcedures.dossierId}
          and e.procedure_id = ${signatureProcedures.id} and e.type = ${SEAL_FAILED_EVENT})`,
      ),
    );
}

/** The refusal recorded for this procedure's seal (SEAL_FAILED_EVENT), if any: its payload and time. */
export async function findSealFailure(
  db: Conn,
  procedure: Pick<ProcedureRow, 'id' | 'dossierId'>,
): Promise<{ payload: unknown; at: Date } | undefined> {
  const [row] = await db
    .select({ payload: signatureEvents.payload, at: signatureEvents.at })
    .from(signatureEvents)
    .where(
      and(
        eq(signatureEvents.dossierId, procedure.dossierId),
        eq(signatureEvents.procedureId, procedure.id),
        eq(signatureEvents.type, SEAL_FAILED_EVENT),
      ),
    )
    .orderBy(desc(signatureEvents.id))
    .limit(1);
  return row;
}

export async function hasSealFailed(db: Conn, procedure: Pick<ProcedureRow, 'id' | 'dossierId'>): Promise<boolean> {
  return (await findSealFailure(db, procedure)) !== undefined;
}

/** The applicant's name (the CFA's records) and the company's, for the signing page. */
export async function findDossierForResponse(db: Conn, dossierId: number): Promise<{ applicantName: string; companyName: string | null }> {
  const [row] = await db
    .select({ prenom: users.prenom, nom: users.nom, companyName: companies.name })
    .from(dossiers)
    .innerJoin(users, eq(users.id, dossiers.admissibleUserId))
    .leftJoin(companies, eq(companies.id, dossiers.companyId))
    .where(eq(dossiers.id, dossierId));
  return { applicantName: `${row?.prenom ?? ''} ${row?.nom ?? ''}`.trim(), companyName: row?.companyName ?? null };
}

/** The case's parties, to mail once the contract is signed. */
export async function findDossierParties(db: Conn, dossierId: number) {
  const columns = { id: dossiers.id, admissibleUserId: dossiers.admissibleUserId, companyId: dossiers.companyId };
  const [row] = await db.select(columns).from(dossiers).where(eq(dossiers.id, dossierId));
  return row;
}

/** Whether this user is a signer of the procedure whose sealed result is this file. */
export async function isSignerOfResult(db: Conn, userId: number, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: signatureSigners.id })
    .from(signatureSigners)
    .innerJoin(signatureProcedures, eq(signatureProcedures.id, signatureSigners.procedureId))
    .where(and(eq(signatureProcedures.resultFileId, fileId), eq(signatureSigners.userId, userId)))
    .limit(1);
  return row !== undefined;
}
