import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { testDbKind } from '../../test/helper.ts';
import { openDatabase, type Db } from './client.ts';

const folders: string[] = [];
function tempFolder(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'passerelle-new-db-'));
  folders.push(folder);
  return folder;
}
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** What a database is made of, as the catalog says it: tables, columns, indexes, constraints, applied migrations. */
async function shapeOf(db: Db) {
  const columns = await db.execute(sql`select table_name, column_name, data_type, is_nullable, column_default
    from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`);
  const indexes = await db.execute(
    sql`select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`,
  );
  const constraints = await db.execute(sql`select conname, pg_get_constraintdef(oid) as def from pg_constraint
    where connamespace = 'public'::regnamespace order by conname`);
  const migrations = await db.execute(sql`select hash, created_at from drizzle.__drizzle_migrations order by id`);
  return { columns: columns.rows, indexes: indexes.rows, constraints: constraints.rows, migrations: migrations.rows };
}

/** Opens a new folder, migrates it (a no-op when it came whole) and answers how it was made and what it holds. */
async function openNew(templateDir: string) {
  let made: Promise<{ source: string }> | undefined;
  const database = await openDatabase({
    dataDir: tempFolder(),
    templateDir,
    onNewDatabase: (promise) => {
      made = promise;
    },
  });
  try {
    await database.migrate();
    return { source: (await made)?.source, shape: await shapeOf(database.db) };
  } finally {
    await database.close();
  }
}

// Two or three initdb each, seconds of CPU on a shared machine.
describe.skipIf(testDbKind !== 'pglite')('a new embedded database', { timeout: 120_000 }, () => {
  it('is made by initdb and the migrations first, then copied from their template with the same schema', async () => {
    const templateDir = tempFolder();
    const first = await openNew(templateDir);
    expect(first.source).toBe('initdb');
    expect(first.shape.migrations.length).toBeGreaterThan(10);
    // The worker keeps the template after it answered.
    await vi.waitFor(
      () => expect(readdirSync(templateDir).filter((name) => name.endsWith('.tar.gz'))).toHaveLength(1),
      {
        timeout: 20_000,
      },
    );

    const second = await openNew(templateDir);
    expect(second.source).toBe('template');
    expect(second.shape).toEqual(first.shape);
  });

  it('drops a template it cannot load and makes the database by initdb', async () => {
    const templateDir = tempFolder();
    await openNew(templateDir);
    await vi.waitFor(
      () => expect(readdirSync(templateDir).filter((name) => name.endsWith('.tar.gz'))).toHaveLength(1),
      {
        timeout: 20_000,
      },
    );
    const [name] = readdirSync(templateDir);
    const template = path.join(templateDir, name ?? '');
    writeFileSync(template, 'not a database');

    const again = await openNew(templateDir);
    expect(again.source).toBe('initdb');
    expect(again.shape.migrations.length).toBeGreaterThan(10);
    await vi.waitFor(() => expect(existsSync(template)).toBe(true), { timeout: 20_000 });
  });
});
