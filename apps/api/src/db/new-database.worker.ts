/**
 * A worker thread that makes the database of a new PGlite data folder, schema included, then closes it: the process
 * that opened the folder (db/client.ts) goes on loading its modules on its own thread meanwhile, and opens the database
 * once this thread is done.
 *
 * PGlite's initdb and the migrations take seconds of CPU and give the same database every time for one PGlite build
 * and one set of migrations: the first time, they run (in memory), the result is copied into the folder, and kept as a
 * template in the installation's cache (lib/cache-dir.ts); the next new folder is a copy of the template. The template
 * is the dump of a database nobody used: no secret, no row of ours (the secrets, the demo data come after, per folder).
 * A template that fails to load is dropped, and the database made as the first time.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { enableCompileCache } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { parentPort, workerData } from 'node:worker_threads';
import { gunzip, gzip } from 'node:zlib';

export interface NewDatabaseRequest {
  folder: string;
  migrationsFolder: string;
  /** Where templates are kept; undefined: none is read or written. */
  templateDir: string | undefined;
  /** The process's module compile cache (server.ts), so that PGlite's own code loads from it here too. */
  compileCacheDir: string | undefined;
}

/** A compiled WebAssembly.Module, opaque here: @types/node leaves WebAssembly's types out. */
export type WasmModule = object;

export interface NewDatabaseDone {
  /** How the database was made. */
  source: 'template' | 'initdb';
  /** Epoch milliseconds: when this thread started its work, and when the database was made and closed. */
  startedAt: number;
  endedAt: number;
  cpuMs: number;
  /**
   * PGlite's WebAssembly, compiled here: handed to the opening thread, which instantiates it as it is (no second
   * compilation) with the machine code V8 optimised meanwhile for its busiest functions.
   */
  pgliteWasmModule: WasmModule;
}

/** Node's global, as far as used here. */
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };

const startedAt = performance.timeOrigin + performance.now();
const request = workerData as NewDatabaseRequest;
// Before PGlite's code is loaded (hence its import below, not at the top).
if (request.compileCacheDir) enableCompileCache(request.compileCacheDir);
const [{ PGlite }, wasm, migrations] = await Promise.all([
  import('@electric-sql/pglite'),
  readFile(new URL('pglite.wasm', import.meta.resolve('@electric-sql/pglite'))),
  migrationFiles(request.migrationsFolder),
]);
const pgliteWasmModule = await WebAssembly.compile(wasm);
// `never`: PGlite's option is typed WebAssembly.Module, a type missing here (WasmModule).
const wasmOption = { pgliteWasmModule: pgliteWasmModule as never };

/** The template of this PGlite build (its WebAssembly) and these migrations (the files Drizzle's migrator reads). */
const templateFile =
  request.templateDir &&
  path.join(request.templateDir, `pglite-${sha256(wasm).slice(0, 16)}-${sha256(...migrations).slice(0, 16)}.tar.gz`);

/** Copies a dump of a PGlite data folder (tar, gzipped or not) into the new folder; PGlite checks and starts it. */
async function loadInto(folder: string, dump: Blob): Promise<void> {
  const database = await PGlite.create(folder, { ...wasmOption, loadDataDir: dump });
  await database.close();
}

async function fromTemplate(file: string): Promise<boolean> {
  const gzipped = await readFile(file).catch(() => undefined);
  if (!gzipped) return false;
  let template: Blob;
  try {
    // Unzipped here (zlib): PGlite's own unzip lets a damaged file's error escape as an unhandled rejection.
    template = new Blob([new Uint8Array(await promisify(gunzip)(gzipped))]);
  } catch {
    await rm(file, { force: true });
    return false;
  }
  try {
    await loadInto(request.folder, template);
    return true;
  } catch {
    // A template this PGlite cannot load: dropped; the folder is emptied for initdb.
    await rm(file, { force: true });
    for (const entry of readdirSync(request.folder))
      rmSync(path.join(request.folder, entry), { recursive: true, force: true });
    return false;
  }
}

/** initdb and the migrations in memory (no files written twice), then the folder from their dump: the dump. */
async function fromInitdb(): Promise<Blob> {
  const memory = await PGlite.create('memory://', wasmOption);
  try {
    const [{ drizzle }, { migrate }] = await Promise.all([
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    await migrate(drizzle(memory), { migrationsFolder: request.migrationsFolder });
    // Every page written to its file: the dump is the database itself, no WAL left to replay.
    await memory.exec('checkpoint');
    const dump = await memory.dumpDataDir('none');
    await loadInto(request.folder, dump);
    return dump;
  } finally {
    await memory.close();
  }
}

/** Writes the template whole or not at all (a start beside this one may read the folder), and drops older ones. */
async function keepTemplate(file: string, dump: Blob): Promise<void> {
  const folder = path.dirname(file);
  mkdirSync(folder, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, await promisify(gzip)(Buffer.from(await dump.arrayBuffer())));
  await rename(partial, file);
  for (const entry of readdirSync(folder)) {
    if (entry.startsWith('pglite-') && path.join(folder, entry) !== file)
      rmSync(path.join(folder, entry), { force: true });
  }
}

const source = templateFile && (await fromTemplate(templateFile)) ? 'template' : 'initdb';
const made = source === 'initdb' ? await fromInitdb() : undefined;
const cpu = process.threadCpuUsage();
const done: NewDatabaseDone = {
  source,
  startedAt,
  endedAt: performance.timeOrigin + performance.now(),
  cpuMs: (cpu.user + cpu.system) / 1000,
  pgliteWasmModule,
};
parentPort?.postMessage(done);
// After the answer: the opening thread goes on, this one keeps the template for the next new folder (best effort).
if (made && templateFile) await keepTemplate(templateFile, made).catch(() => {});

function sha256(...parts: (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
}

/** The journal and each migration it lists, as the migrator reads them. */
async function migrationFiles(folder: string): Promise<string[]> {
  const journal = await readFile(path.join(folder, 'meta/_journal.json'), 'utf8');
  const tags = (JSON.parse(journal) as { entries: { tag: string }[] }).entries.map((entry) => entry.tag);
  return [journal, ...(await Promise.all(tags.map((tag) => readFile(path.join(folder, `${tag}.sql`), 'utf8'))))];
}
