/**
 * `npm install`'s last step (package.json's postinstall): makes ready what a first `npm start` would otherwise make
 * while the newcomer waits (docs/decisions/0030-first-start.md): the template of new embedded databases (PGlite's
 * initdb and the migrations, seconds of CPU once per installation) and Node's compile cache of the portal's modules,
 * both in the installation's cache (lib/cache-dir.ts). It never fails the install: what goes wrong is said in one line,
 * and the first start makes them as it did before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { enableCompileCache, flushCompileCache } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const started = performance.now();
const folder = mkdtempSync(path.join(tmpdir(), 'passerelle-prepare-'));
try {
  const { cacheDir } = await import('../apps/api/src/lib/cache-dir.ts');
  // The server's cache folder (server.ts), before its modules are loaded here.
  enableCompileCache(path.join(cacheDir, 'compile'));
  const [{ openDatabase }] = await Promise.all([
    import('../apps/api/src/db/client.ts'),
    import('../apps/api/src/app.ts'),
  ]);
  // A throwaway folder: the worker thread makes its database, and keeps the template as it does on a first start.
  const database = await openDatabase({ dataDir: path.join(folder, 'data') });
  await database.close();
  flushCompileCache();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Passerelle: the first start made ready in ${seconds} s (template of new databases, compiled modules)`);
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  console.warn(`Passerelle: the first start was not made ready (${reason}); npm start will do it.`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
