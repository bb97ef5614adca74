import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { deriveDataKeys, type DataKeys } from '../lib/crypto.ts';
import type { Db } from './client.ts';
import { appSettings } from './schema/index.ts';

/**
 * A secret from configuration, or else one generated once and kept in the database, so that every
 * API process behind a load balancer shares it and a restart keeps sessions valid.
 */
export async function getOrCreateSecret(db: Db, name: string, configured: string | undefined, bytes = 32): Promise<string> {
  if (configured) return configured;
  const key = `secret:${name}`;
  await db
    .insert(appSettings)
    .values({ key, value: randomBytes(bytes).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  if (!row || typeof row.value !== 'string') throw new Error(`secret ${name} could not be stored`);
  return row.value;
}

/** The keys for personal data at rest (lib/crypto.ts), from the configured master key or the one kept here. */
export async function loadDataKeys(db: Db, config: Pick<Config, 'DATA_ENCRYPTION_KEY'>): Promise<DataKeys> {
  return deriveDataKeys(await getOrCreateSecret(db, 'data-encryption', config.DATA_ENCRYPTION_KEY, 32));
}
