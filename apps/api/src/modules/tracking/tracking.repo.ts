import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { trackingEntries } from '../../db/schema/index.ts';

export type TrackingRow = typeof trackingEntries.$inferSelect;
export type TrackingValues = Omit<typeof trackingEntries.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

export async function findTrackingOfUser(db: Db, userId: number): Promise<TrackingRow[]> {
  return db
    .select()
    .from(trackingEntries)
    .where(eq(trackingEntries.userId, userId))
    .orderBy(desc(trackingEntries.applicationDate), desc(trackingEntries.id));
}

export async function findTrackingEntry(db: Db, userId: number, id: number): Promise<TrackingRow | undefined> {
  const [row] = await db
    .select()
    .from(trackingEntries)
    .where(and(eq(trackingEntries.id, id), eq(trackingEntries.userId, userId)));
  return row;
}

export async function insertTrackingEntry(db: Db, userId: number, values: TrackingValues): Promise<TrackingRow> {
  const [row] = await db
    .insert(trackingEntries)
    .values({ ...values, userId })
    .returning();
  if (!row) throw new Error('tracking entry not written');
  return row;
}

export async function updateTrackingEntry(
  db: Db,
  userId: number,
  id: number,
  values: TrackingValues,
): Promise<TrackingRow | undefined> {
  const [row] = await db
    .update(trackingEntries)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(trackingEntries.id, id), eq(trackingEntries.userId, userId)))
    .returning();
  return row;
}

export async function deleteTrackingEntry(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(trackingEntries)
    .where(and(eq(trackingEntries.id, id), eq(trackingEntries.userId, userId)))
    .returning({ id: trackingEntries.id });
  return rows.length > 0;
}
