/**
 * A worker thread that makes a new PGlite database in an empty folder (PGlite's initdb), then closes it: the
 * process that opened the folder (db/client.ts) goes on loading its modules on its own thread meanwhile, and opens the
 * database once this thread is done. It answers the time it took: wall and its own CPU, milliseconds.
 */
import { readFile } from 'node:fs/promises';
import { enableCompileCache } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

export interface InitdbRequest {
  folder: string;
  /** The process's module compile cache (server.ts), so that PGlite's own code loads from it here too. */
  compileCacheDir: string | undefined;
}

export interface InitdbDone {
  /** Epoch milliseconds: when this thread started its work, and when the database was made and closed. */
  startedAt: number;
  endedAt: number;
  cpuMs: number;
  /**
   * PGlite's WebAssembly, compiled here and used by initdb: handed to the opening thread, which instantiates it as it
   * is (no second compilation) with the machine code V8 optimised meanwhile for its busiest functions.
   */
  pgliteWasmModule: WasmModule;
}

/** A compiled WebAssembly.Module, opaque here: @types/node leaves WebAssembly's types out. */
export type WasmModule = object;
/** Node's global, as far as used here. */
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };

const startedAt = performance.timeOrigin + performance.now();
const { folder, compileCacheDir } = workerData as InitdbRequest;
// Before PGlite's code is loaded (hence its import below, not at the top).
if (compileCacheDir) enableCompileCache(compileCacheDir);
const [{ PGlite }, wasm] = await Promise.all([
  import('@electric-sql/pglite'),
  readFile(new URL('pglite.wasm', import.meta.resolve('@electric-sql/pglite'))),
]);
const pgliteWasmModule = await WebAssembly.compile(wasm);
// `never`: PGlite's option is typed WebAssembly.Module, a type missing here (WasmModule).
const database = await PGlite.create(folder, { pgliteWasmModule: pgliteWasmModule as never });
await database.close();
const cpu = process.threadCpuUsage();
const done: InitdbDone = {
  startedAt,
  endedAt: performance.timeOrigin + performance.now(),
  cpuMs: (cpu.user + cpu.system) / 1000,
  pgliteWasmModule,
};
parentPort?.postMessage(done);
