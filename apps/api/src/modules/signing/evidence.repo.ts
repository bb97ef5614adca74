import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { signatureEvents } from '../../db/schema/index.ts';
import { canonicalJson, sha256Hex, type JsonValue } from './canonical-json.ts';

type Conn = Db | Tx;

/** The previous hash of a dossier's first event. */
export const GENESIS_HASH = '0'.repeat(64);
/** First key of the advisory lock that serialises the appends of one dossier (the second is the dossier id). */
const CHAIN_LOCK = 7_340_311;
const VERIFY_BATCH = 500;

export interface SignatureEventInput {
  dossierId: number;
  procedureId?: string | null;
  /** procedure.created, document.viewed, code.sent, code.failed, consent.given, signer.signed, signer.refused, ... */
  type: string;
  payload: { [key: string]: JsonValue };
  /** Server time of the fact (ms precision); now by default. */
  at?: Date;
}

export interface SignatureEvent {
  id: number;
  dossierId: number;
  procedureId: string | null;
  type: string;
  payload: { [key: string]: JsonValue };
  at: Date;
  prevHash: string;
  rowHash: string;
}

/**
 * `sha256(prev_hash || canonical JSON of the row)`, hex. The row is what the event says: dossier, procedure, type,
 * payload and time (ISO 8601, UTC, ms); not its id (given by the database) nor its own hash. The previous hash links it
 * to the row before, so a changed, removed or inserted row breaks the chain from there on.
 */
export function eventRowHash(
  prevHash: string,
  row: { dossierId: number; procedureId: string | null; type: string; payload: JsonValue; at: Date },
): string {
  return sha256Hex(
    prevHash +
      canonicalJson({
        dossierId: row.dossierId,
        procedureId: row.procedureId,
        type: row.type,
        payload: row.payload,
        at: row.at.toISOString(),
      }),
  );
}

/**
 * Appends one event at the head of its dossier's chain. Appends of one dossier are serialised by a transaction-level
 * advisory lock (inside the caller's transaction when given one: held until it ends), and the unique
 * (dossier_id, prev_hash) index refuses a second row from the same head should anything bypass the lock.
 */
export async function appendSignatureEvent(conn: Conn, input: SignatureEventInput): Promise<SignatureEvent> {
  const at = new Date(Math.floor((input.at ?? new Date()).getTime()));
  const procedureId = input.procedureId ?? null;
  // Refuses a payload that would not come back from jsonb as it was hashed, before taking the lock.
  canonicalJson(input.payload);
  return conn.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK}::int, ${input.dossierId}::int)`);
    const [head] = await tx
      .select({ rowHash: signatureEvents.rowHash })
      .from(signatureEvents)
      .where(eq(signatureEvents.dossierId, input.dossierId))
      .orderBy(desc(signatureEvents.id))
      .limit(1);
    const prevHash = head?.rowHash ?? GENESIS_HASH;
    const row = { dossierId: input.dossierId, procedureId, type: input.type, payload: input.payload, at };
    const [stored] = await tx
      .insert(signatureEvents)
      .values({ ...row, prevHash, rowHash: eventRowHash(prevHash, row) })
      .returning();
    if (!stored) throw new Error('signature event not stored');
    return toEvent(stored);
  });
}

export type ChainVerification =
  | { ok: true; count: number; headHash: string }
  | {
      ok: false;
      /** Rows read before the broken one, all sound. */
      count: number;
      /** The first row that does not hold: its previous hash is not the row before's hash, or its own hash is wrong. */
      broken: { id: number; reason: 'prev_hash' | 'row_hash' };
    };

/** Reads a dossier's chain from the start and recomputes every hash; an empty chain is sound (head: GENESIS_HASH). */
export async function verifyChain(conn: Conn, dossierId: number): Promise<ChainVerification> {
  let expectedPrev = GENESIS_HASH;
  let count = 0;
  let afterId = 0;
  for (;;) {
    const rows = await conn
      .select()
      .from(signatureEvents)
      .where(and(eq(signatureEvents.dossierId, dossierId), gt(signatureEvents.id, afterId)))
      .orderBy(asc(signatureEvents.id))
      .limit(VERIFY_BATCH);
    for (const stored of rows) {
      const event = toEvent(stored);
      if (event.prevHash !== expectedPrev) return { ok: false, count, broken: { id: event.id, reason: 'prev_hash' } };
      if (eventRowHash(event.prevHash, event) !== event.rowHash)
        return { ok: false, count, broken: { id: event.id, reason: 'row_hash' } };
      expectedPrev = event.rowHash;
      count += 1;
      afterId = event.id;
    }
    if (rows.length < VERIFY_BATCH) return { ok: true, count, headHash: expectedPrev };
  }
}

/** The head of a dossier's chain as stored (not verified): the hash printed on the certificate of completion. */
export async function chainHead(conn: Conn, dossierId: number): Promise<{ hash: string; count: number }> {
  const [row] = await conn
    .select({
      hash: signatureEvents.rowHash,
      count: sql<number>`(select count(*)::int from ${signatureEvents} where ${signatureEvents.dossierId} = ${dossierId})`,
    })
    .from(signatureEvents)
    .where(eq(signatureEvents.dossierId, dossierId))
    .orderBy(desc(signatureEvents.id))
    .limit(1);
  return row ? { hash: row.hash, count: Number(row.count) } : { hash: GENESIS_HASH, count: 0 };
}

export async function listSignatureEvents(conn: Conn, dossierId: number): Promise<SignatureEvent[]> {
  const rows = await conn
    .select()
    .from(signatureEvents)
    .where(eq(signatureEvents.dossierId, dossierId))
    .orderBy(asc(signatureEvents.id));
  return rows.map(toEvent);
}

function toEvent(row: typeof signatureEvents.$inferSelect): SignatureEvent {
  return {
    id: row.id,
    dossierId: row.dossierId,
    procedureId: row.procedureId,
    type: row.type,
    payload: row.payload as { [key: string]: JsonValue },
    at: row.at,
    prevHash: row.prevHash,
    rowHash: row.rowHash,
  };
}
