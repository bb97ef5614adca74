import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { fileBlobs } from './schema/index.ts';

/** Where document bytes live. The database by default; an S3-compatible store can implement the same three calls. */
export interface Storage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** Throws when the key is unknown. */
  get(key: string): Promise<Uint8Array>;
  delete(key: string): Promise<void>;
}

export function createDbStorage(db: Db): Storage {
  return {
    async put(key, bytes) {
      await db.insert(fileBlobs).values({ key, data: bytes }).onConflictDoUpdate({ target: fileBlobs.key, set: { data: bytes } });
    },
    async get(key) {
      const [row] = await db.select({ data: fileBlobs.data }).from(fileBlobs).where(eq(fileBlobs.key, key));
      if (!row) throw new Error('stored object not found');
      return new Uint8Array(row.data);
    },
    async delete(key) {
      await db.delete(fileBlobs).where(eq(fileBlobs.key, key));
    },
  };
}
