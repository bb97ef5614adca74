/**
 * A worker thread that makes the database of a new PGlite data folder, schema included, then closes it: the process
 * that opened the folder (db/client.ts) goes on loading its modules on its own thread meanwhile, and opens the database
 * once this thread is done.
 *
 * PGlite's initdb and the migrations take seconds of CPU and give the same database every time for one PGlite build
 * and one set of migrations: the first time, they run (in memory), the result is copied into the folder, and kept as a
 * template in the installation's cache (lib/cache-dir.ts); the next new folder is a copy of the template, its files
 * written as they are (no database started here: the opening thread starts its own). The template is the dump of a
 * database nobody used: no secret, no row of ours (the secrets, the demo data come after, per folder). A template that
 * cannot be read is dropped, and the database made as the first time.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { enableCompileCache } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { parentPort, workerData } from 'node:worker_threads';
import { gunzip, gzip } from 'node:zlib';
import { pgliteExtensions } from './pglite-extensions.ts';

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
const [wasm, migrations] = await Promise.all([
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

/**
 * Writes a dump of a PGlite data folder (PGlite's dumpDataDir: a ustar archive of its folders and regular files) into
 * the new folder, as PGlite's own loadDataDir does through its virtual file system, without starting a database for it:
 * the opening thread starts the one it uses (a start and a stop here cost a second of CPU, three times this copy).
 * The files, 1 200 of them, are written several at a time. Throws on anything else in the archive.
 */
async function writeDump(folder: string, tar: Uint8Array): Promise<void> {
  const folders = new Set<string>();
  const files: { file: string; bytes: Uint8Array }[] = [];
  const text = (header: Uint8Array, start: number, length: number) => {
    const field = header.subarray(start, start + length);
    const end = field.indexOf(0);
    return Buffer.from(end < 0 ? field : field.subarray(0, end)).toString('utf8');
  };
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512);
    // Two zero blocks end the archive.
    if (header[0] === 0) break;
    const name = [text(header, 345, 155), text(header, 0, 100)].filter((part) => part !== '').join('/');
    const size = Number.parseInt(text(header, 124, 12).trim() || '0', 8);
    const type = header[156];
    if (!Number.isFinite(size) || name.split('/').includes('..')) throw new Error('Unexpected entry in the dump');
    const target = path.join(folder, name);
    // '5': a folder; '0' or NUL: a regular file.
    if (type === 0x35) folders.add(target);
    else if (type === 0x30 || type === 0) {
      folders.add(path.dirname(target));
      files.push({ file: target, bytes: tar.subarray(offset + 512, offset + 512 + size) });
    } else throw new Error('Unexpected entry in the dump');
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  for (const made of [...folders].sort()) mkdirSync(made, { recursive: true });
  const queue = files.values();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (const { file, bytes } of queue) await writeFile(file, bytes);
    }),
  );
}

async function fromTemplate(file: string): Promise<boolean> {
  const gzipped = await readFile(file).catch(() => undefined);
  if (!gzipped) return false;
  try {
    // gzip's checksum: a damaged template fails here.
    await writeDump(request.folder, new Uint8Array(await promisify(gunzip)(gzipped)));
    return true;
  } catch {
    // A template that cannot be read: dropped; the folder is emptied for initdb.
    await rm(file, { force: true });
    for (const entry of readdirSync(request.folder))
      rmSync(path.join(request.folder, entry), { recursive: true, force: true });
    return false;
  }
}

/** initdb and the migrations in memory (no files written twice), then the folder from their dump: the dump. */
async function fromInitdb(): Promise<Blob> {
  const [{ PGlite }, extensions] = await Promise.all([import('@electric-sql/pglite'), pgliteExtensions()]);
  const memory = await PGlite.create('memory://', { ...wasmOption, extensions });
  try {
    const [{ drizzle }, { migrate }] = await Promise.all([
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    await migrate(drizzle(memory), { migrationsFolder: request.migrationsFolder });
    // Every page written to its file: the dump is the database itself, no WAL left to replay.
    await memory.exec('checkpoint');
    const dump = await memory.dumpDataDir('none');
    await writeDump(request.folder, new Uint8Array(await dump.arrayBuffer()));
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
