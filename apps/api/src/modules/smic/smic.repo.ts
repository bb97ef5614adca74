import { asc, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog, smicRates } from '../../db/schema/index.ts';

type Conn = Db | Tx;

export type SmicRow = typeof smicRates.$inferSelect;

export async function findSmicRows(db: Conn): Promise<SmicRow[]> {
  return db.select().from(smicRates).orderBy(asc(smicRates.validFrom));
}

export async function insertSmicRows(
  db: Conn,
  rows: (typeof smicRates.$inferInsert)[],
  replace: boolean,
): Promise<void> {
  if (rows.length === 0) return;
  const insert = db.insert(smicRates).values(rows);
  if (!replace) {
    await insert.onConflictDoNothing();
    return;
  }
  await insert.onConflictDoUpdate({
    target: smicRates.validFrom,
    set: {
      monthly: sql`excluded.monthly`,
      hourly: sql`excluded.hourly`,
      mayotteMonthly: sql`excluded.mayotte_monthly`,
      mayotteHourly: sql`excluded.mayotte_hourly`,
      source: sql`excluded.source`,
      updatedBy: sql`excluded.updated_by`,
      updatedAt: sql`excluded.updated_at`,
    },
  });
}

export async function insertAudit(
  tx: Conn,
  entry: { dossierId: null; actorUserId: number; action: string; details: Record<string, unknown> },
): Promise<void> {
  await tx.insert(auditLog).values(entry);
}
