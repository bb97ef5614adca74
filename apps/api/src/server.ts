import type { IncomingMessage, Server, ServerResponse } from 'node:http';
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
 * Starts the portal: database, migrations, demo data, mail worker, queue and job runners, HTTP server; stops gracefully.
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
      ? import('./demo/load.ts').then((demo) => ({ demo, preparation: demo.prepareDemoData(config) }))
      : undefined;
  // Awaited with the demo data, which report a failure; until then a failure is not an unhandled rejection.
  demoPreparation?.catch(() => {});
  const [database, [{ buildApp }, { startJobRunner, startQueueRunner }, { rebuildPipelineColumns }, { startMailWorker }]] =
    await Promise.all([phases.time('database', opening), phases.time('modules', loading)]);
  await database.migrate();
  phases.end('migrations');
  // Cases written before migration 0006 get their pipeline columns (a no-op once done).
  await rebuildPipelineColumns(database.db);
  const app = await buildApp({ config, database });
  phases.end('app');
  const demo = config.DEMO_DATA
    ? ((await demoPreparation) ?? { demo: await import('./demo/load.ts'), preparation: undefined })
    : undefined;
  // The demo data's first part: what a visitor sees before signing in, and the accounts (a new database only).
  if (demo) await demo.demo.startDemoData(app, new Date(), demo.preparation);
  // The rest (the applicants' files, the cases: most of the load) is written step by step (demo/load.ts). On
  // PostgreSQL, other processes may serve the same database: each listens once the demo data are whole. With PGlite,
  // this process alone serves the folder (data-dir lock): it listens now, and holds sign-ins until the cases are there,
  // so that nobody signs in to an account whose screens are not whole yet.
  const demoLater = demo !== undefined && database.kind === 'pglite';
  if (demo && !demoLater) await demo.demo.finishDemoData(app, { preparation: demo.preparation });
  phases.end('demo data');
  const mailWorker = startMailWorker(app);
  // Work queued by a transaction (a contract to seal after its last signature): in any process, within seconds.
  const queueRunner = startQueueRunner(app);
  // Reminders, the staff digest and the purge of sign-in rows: each run once, whatever the number of processes; once
  // the demo data are whole.
  const running: { jobRunner?: ReturnType<typeof startJobRunner>; demoRest?: Promise<void> } = {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // The demo data's step under way ends (the next start does the rest), then the workers stop, in-flight requests
    // finish (each write is its own transaction), and the database closes.
    await running.demoRest?.catch(() => {});
    await running.jobRunner?.stop();
    await queueRunner.stop();
    await mailWorker.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Sign-ins are held from before listening until the demo data's rest, which starts once listening, has settled.
  let demoRestSettled: () => void = () => {};
  if (demo && demoLater) app.holdSignIns(new Promise<void>((resolve) => (demoRestSettled = resolve)));
  await app.listen({ port: config.PORT, host: config.HOST });
  phases.end('listen');
  if (demo && demoLater) {
    const requests = requestsInFlight(app.server);
    running.demoRest = demo.demo.finishDemoData(app, {
      preparation: demo.preparation,
      stopping: () => closing,
      beforeStep: () => requests.settled(),
    });
    running.demoRest.then(demoRestSettled, demoRestSettled).finally(requests.stop);
  }
  const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL server';
  app.log.info(`Passerelle ready on ${config.publicUrl} (database: ${where})`);
  app.log.debug(
    { phases: phases.list(), cpuMs: phases.processCpuMs(), newDatabase: await newDatabase?.catch(() => undefined) },
    'start-up phases',
  );
  await running.demoRest;
  if (closing) return;
  if (running.demoRest) {
    phases.end('demo data, after listen');
    app.log.debug({ phases: phases.list(), cpuMs: phases.processCpuMs() }, 'demo data complete');
  }
  running.jobRunner = startJobRunner(app);
}

/**
 * The requests the server is answering, counted while the demo data's rest is written after listening: each of its
 * steps starts once they are answered (and none came for GRACE_MS, a page's requests come in bursts), a second at
 * most, so that a newcomer's requests wait for one step at most, not for the load. Sign-ins are not counted: they wait
 * for the load (holdSignIns).
 */
function requestsInFlight(server: Server) {
  const GRACE_MS = 30;
  const LONGEST_WAIT_MS = 1000;
  let count = 0;
  let lastEnd = 0;
  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'POST' && request.url?.startsWith('/api/auth/exchange')) return;
    count += 1;
    response.once('close', () => {
      count -= 1;
      lastEnd = performance.now();
    });
  };
  server.on('request', onRequest);
  return {
    async settled(): Promise<void> {
      const until = performance.now() + LONGEST_WAIT_MS;
      while ((count > 0 || performance.now() - lastEnd < GRACE_MS) && performance.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 5));
    },
    stop: () => server.off('request', onRequest),
  };
}

main().catch(async (err: unknown) => {
  // A failed statement (migrations, demo data) by its codes only: its message quotes the bound values.
  const { errorSummary } = await import('./lib/logger.ts');
  const summary = errorSummary(err);
  console.error(summary.statement ? JSON.stringify(summary) : err instanceof Error ? err.message : err);
  process.exit(1);
});
