import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { appSettings, auditLog, cfaSettings, users } from '../../db/schema/index.ts';

type Conn = Db | Tx;
export type CfaSettingsRow = typeof cfaSettings.$inferSelect;
export type CfaSettingsColumns = Omit<CfaSettingsRow, 'id' | 'updatedBy' | 'updatedAt'>;

/** The saved identity, with the name of the admin who saved it (gone when that account was deleted). */
export async function findCfaSettings(
  db: Conn,
): Promise<(CfaSettingsRow & { updatedByName: string | null }) | undefined> {
  const [row] = await db
    .select({
      settings: cfaSettings,
      updatedByName: sql<string | null>`nullif(trim(concat_ws(' ', ${users.prenom}, ${users.nom})), '')`,
      updatedByEmail: users.email,
    })
    .from(cfaSettings)
    .leftJoin(users, eq(users.id, cfaSettings.updatedBy))
    .where(eq(cfaSettings.id, 1));
  return row ? { ...row.settings, updatedByName: row.updatedByName ?? row.updatedByEmail } : undefined;
}

/** The one row, created or replaced whole, with who saved it and when. */
export async function saveCfaSettings(tx: Tx, values: CfaSettingsColumns, userId: number, at: Date): Promise<void> {
  const row = { ...values, updatedBy: userId, updatedAt: at };
  await tx
    .insert(cfaSettings)
    .values({ id: 1, ...row })
    .onConflictDoUpdate({ target: cfaSettings.id, set: row });
}

export async function insertSettingsAudit(
  tx: Tx,
  entry: { actorUserId: number; action: string; details: Record<string, unknown> },
): Promise<void> {
  await tx.insert(auditLog).values({ dossierId: null, ...entry });
}

/** The value of one app_settings row (the generated seal's certificate, for one). */
export async function findAppSetting(db: Conn, key: string): Promise<unknown> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  return row?.value;
}
