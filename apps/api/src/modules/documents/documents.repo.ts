import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { contractDocuments, dossiers } from '../../db/schema/index.ts';

type Conn = Db | Tx;

export type ContractDocumentRow = typeof contractDocuments.$inferSelect;

export async function findDossierRow(db: Conn, dossierId: number) {
  const [row] = await db.select().from(dossiers).where(eq(dossiers.id, dossierId));
  return row;
}

/** The next version number of each kind for the dossier (1 for a kind never stored). */
export async function nextVersions(tx: Conn, dossierId: number): Promise<Map<string, number>> {
  const rows = await tx
    .select({ kind: contractDocuments.kind, last: max(contractDocuments.version) })
    .from(contractDocuments)
    .where(eq(contractDocuments.dossierId, dossierId))
    .groupBy(contractDocuments.kind);
  return new Map(rows.map((row) => [row.kind, (row.last ?? 0) + 1]));
}

/** Marks the dossier's current versions superseded; answers the rows it changed. */
export async function supersedeCurrent(tx: Conn, dossierId: number, at: Date): Promise<ContractDocumentRow[]> {
  return tx
    .update(contractDocuments)
    .set({ supersededAt: at })
    .where(and(eq(contractDocuments.dossierId, dossierId), isNull(contractDocuments.supersededAt)))
    .returning();
}

export async function insertVersions(
  tx: Conn,
  rows: (typeof contractDocuments.$inferInsert)[],
): Promise<ContractDocumentRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(contractDocuments).values(rows).returning();
}

export async function findVersions(
  db: Conn,
  dossierId: number,
  options: { currentOnly?: boolean } = {},
): Promise<ContractDocumentRow[]> {
  return db
    .select()
    .from(contractDocuments)
    .where(
      and(
        eq(contractDocuments.dossierId, dossierId),
        options.currentOnly ? isNull(contractDocuments.supersededAt) : sql`true`,
      ),
    )
    .orderBy(asc(contractDocuments.kind), asc(contractDocuments.version));
}

export async function findVersion(db: Conn, id: number): Promise<ContractDocumentRow | undefined> {
  const [row] = await db.select().from(contractDocuments).where(eq(contractDocuments.id, id));
  return row;
}
