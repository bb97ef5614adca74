import { enableCompileCache } from 'node:module';
import path from 'node:path';
import { cacheDir } from './lib/cache-dir.ts';
import { startPhases } from './lib/start-phases.ts';

/**
 * Where Node keeps the portal's modules compiled (TypeScript stripped, V8 code cache) from one start to the next:
 * about a third of the time spent loading them. In the installation's cache (lib/cache-dir.ts: why there); Node checks
 * each file's content against its entry.
 */
const compileCacheDir = path.join(cacheDir, 'compile');

/**
 * Starts the portal: database, migrations, demo data, mail worker, job runner, HTTP server; stops gracefully.
 * Everything but the small modules above is imported here, once the compile cache is on; a new embedded database is
 * made on a worker thread (db/client.ts) while this thread loads the modules.
 */
async function main() {
  const phases = startPhases();
  enableCompileCache(compileCacheDir);
  phases.end('node');
  const { loadConfig } = await import('./config.ts');
  const config = loadConfig();
  phases.end('config');
  const { openDatabase } = await import('./db/client.ts');
  /** How a new embedded database was made (template or initdb); undefined for an existing one. */
  let newDatabase: Promise<string> | undefined;
  const opening = openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    onNewDatabase(made) {
      newDatabase = made.then((done) => {
        phases.add('new database (worker)', done.startedAt, done.endedAt, done.cpuMs);
        return done.source;
      });
      newDatabase.catch(() => {});
    },
  });
  phases.end('database client');
  const loading = Promise.all([
    import('./app.ts'),
    import('./modules/jobs/jobs.worker.ts'),
    import('./modules/dossiers/dossiers.service.ts'),
    import('./modules/mail/mail.worker.ts'),
  ]);
  // A new database (openDatabase said so before returning) gets the demo data (an existing one has them, or chose not
  // to): their code, and their work that needs no database, start now too.
  const demoPreparation =
    config.DEMO_DATA && newDatabase !== undefined
      ? import('./db/demo/load.ts').then((demo) => ({ demo, preparation: demo.prepareDemoData(config) }))
      : undefined;
  // Awaited with the demo data, which report a failure; until then a failure is not an unhandled rejection.
  demoPreparation?.catch(() => {});
  const [database, [{ buildApp }, { startJobRunner }, { rebuildPipelineColumns }, { startMailWorker }]] =
    await Promise.all([phases.time('database', opening), phases.time('modules', loading)]);
  await database.migrate();
  phases.end('migrations');
  // Cases written before migration 0006 get their pipeline columns (a no-op once done).
  await rebuildPipelineColumns(database.db);
  const app = await buildApp({ config, database });
  phases.end('app');
  if (demoPreparation) {
    const { demo, preparation } = await demoPreparation;
    await demo.loadDemoDataOnce(app, new Date(), preparation);
  } else if (config.DEMO_DATA) {
    await (await import('./db/demo/load.ts')).loadDemoDataOnce(app);
  }
  phases.end('demo data');
  const mailWorker = startMailWorker(app);
  // Reminders, the staff digest and the purge of sign-in rows: each run once, whatever the number of processes.
  const jobRunner = startJobRunner(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // Stop accepting, finish in-flight requests (each write is its own transaction), then close the database.
    await jobRunner.stop();
    await mailWorker.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  phases.end('listen');
  const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL server';
  app.log.info(`Passerelle ready on ${config.publicUrl} (database: ${where})`);
  app.log.debug(
    { phases: phases.list(), cpuMs: phases.processCpuMs(), newDatabase: await newDatabase?.catch(() => undefined) },
    'start-up phases',
  );
}

main().catch(async (err: unknown) => {
  // A failed statement (migrations, demo data) by its codes only: its message quotes the bound values.
  const { errorSummary } = await import('./lib/logger.ts');
  const summary = errorSummary(err);
  console.error(summary.statement ? JSON.stringify(summary) : err instanceof Error ? err.message : err);
  process.exit(1);
});
