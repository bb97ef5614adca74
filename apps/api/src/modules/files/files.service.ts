import { createHash, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import type { Storage } from '../../db/storage.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { canReadFile, type StoredFile } from './file-access.ts';

// What other modules need of the files module: access rules for their files. The upload guard (scan, budgets) is
// db/upload-guard.ts, beside the form reader.
export { registerFileAccessRule, type FileAccessRule, type StoredFile } from './file-access.ts';

export interface NewFile {
  ownerUserId: number | null;
  kind: string;
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

/** A file whose bytes are stored and whose metadata row is still to be written. */
export type PreparedFile = Omit<typeof files.$inferInsert, 'id' | 'createdAt'>;

/** Stores the bytes, then the metadata row. Bytes without a row are harmless; a row never points at nothing. */
export async function saveFile(db: Db, storage: Storage, file: NewFile): Promise<StoredFile> {
  const prepared = await putFileBytes(storage, file);
  return insertFileRow(db, prepared);
}

/**
 * First half of saveFile, for callers that write several rows in one transaction: the bytes go to the store
 * before the transaction opens (the database store would otherwise wait on the transaction's own connection).
 */
export async function putFileBytes(storage: Storage, file: NewFile): Promise<PreparedFile> {
  const storageKey = `${file.kind}/${randomUUID()}`;
  await storage.put(storageKey, file.bytes);
  return {
    ownerUserId: file.ownerUserId,
    kind: file.kind,
    filename: file.filename,
    contentType: file.contentType,
    size: file.bytes.byteLength,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
    storageKey,
  };
}

export async function insertFileRow(db: Db | Tx, prepared: PreparedFile): Promise<StoredFile> {
  const [row] = await db.insert(files).values(prepared).returning();
  if (!row) throw new Error('file row not written');
  return row;
}

/** Removes stored bytes no row points at any more (a failed transaction, a replaced document). Best effort. */
export async function discardFileBytes(storage: Storage, storageKeys: string[]): Promise<void> {
  await Promise.allSettled(storageKeys.map((key) => storage.delete(key)));
}

/** Deletes metadata rows inside the caller's transaction and answers their storage keys, to discard after commit. */
export async function deleteFileRows(tx: Db | Tx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx.delete(files).where(inArray(files.id, ids)).returning({ storageKey: files.storageKey });
  return rows.map((r) => r.storageKey);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getFile(db: Db, id: string): Promise<StoredFile> {
  if (!uuidPattern.test(id)) throw notFound();
  const [row] = await db.select().from(files).where(eq(files.id, id));
  if (!row) throw notFound();
  return row;
}

/** The file and its bytes when this user may read it; 404 otherwise, so that nobody learns which ids exist. */
export async function getReadableFile(db: Db, storage: Storage, user: AuthUser, id: string): Promise<{ file: StoredFile; bytes: Uint8Array }> {
  const file = await getFile(db, id);
  if (!(await canReadFile(db, user, file))) throw notFound();
  return { file, bytes: await readFileBytes(storage, file) };
}

export async function readFileBytes(storage: Storage, file: StoredFile): Promise<Uint8Array> {
  return storage.get(file.storageKey);
}

/** Address the web app downloads a stored file from (SPEC: `GET {fileUrl}` as a blob, with the bearer token). */
export const fileUrl = (id: string) => `/api/files/${id}`;

/**
 * A file name safe to keep: no folder, no control character, at most 150 characters, and the extension of the
 * type found in the bytes (a PDF sent as "bac.png" is kept as "bac.pdf").
 */
export function safeFilename(given: string | undefined, fallbackStem: string, extension: string): string {
  const base = (given ?? '').split(/[\\/]/).pop() ?? '';
  // Control and format characters (a right-to-left override can disguise an extension) are dropped.
  const cleaned = base.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  const stem = [...cleaned.replace(/\.[^.]*$/, '')].slice(0, 150).join('').trim() || fallbackStem;
  return `${stem}${extension}`;
}
