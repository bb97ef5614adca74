/**
 * The contrib extensions the migrations create (0015: unaccent). PGlite loads their files at each start, on the thread
 * that makes a new database (new-database.worker.ts) and on the one that opens it (client.ts): a database where they
 * are created cannot run their functions otherwise. Loaded with PGlite, never by a PostgreSQL run.
 */
export async function pgliteExtensions() {
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  return { unaccent };
}
