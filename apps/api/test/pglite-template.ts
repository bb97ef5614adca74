import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { pgliteExtensions } from '../src/db/pglite-extensions.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite database every API test file's database starts from (test/helper.ts). */
    pgliteTemplate: string;
  }
}

/**
 * The API tests on PGlite: initdb and the migrations once for the run (3.5 s of CPU), then each test file's in-memory
 * database is loaded from their dump (PGlite's loadDataDir) instead of making its own. The same migrations, from the
 * same folder the server reads (db/migrations); a test of the migrations themselves opens its own databases.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'passerelle-pglite-template-'));
  const memory = await PGlite.create('memory://', { extensions: await pgliteExtensions() });
  try {
    await migrate(drizzle(memory), { migrationsFolder: path.join(import.meta.dirname, '../src/db/migrations') });
    // Every page written to its file: the dump is the database itself, no WAL left to replay.
    await memory.exec('checkpoint');
    const dump = await memory.dumpDataDir('none');
    const file = path.join(folder, 'template.tar');
    writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
  } finally {
    await memory.close();
  }
  return () => rmSync(folder, { recursive: true, force: true });
}
