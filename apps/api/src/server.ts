import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { loadDemoDataOnce } from './db/demo/load.ts';
import { errorSummary } from './lib/logger.ts';
import { startJobRunner } from './modules/jobs/jobs.worker.ts';
import { rebuildPipelineColumns } from './modules/dossiers/dossiers.service.ts';
import { startMailWorker } from './modules/mail/mail.worker.ts';

/** Starts the portal: database, migrations, demo data, mail worker, job runner, HTTP server; stops gracefully. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
  });
  await database.migrate();
  // Cases written before migration 0006 get their pipeline columns (a no-op once done).
  await rebuildPipelineColumns(database.db);
  const app = await buildApp({ config, database });
  if (config.DEMO_DATA) await loadDemoDataOnce(app);
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
  const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL server';
  app.log.info(`Passerelle ready on ${config.publicUrl} (database: ${where})`);
}

main().catch((err: unknown) => {
  // A failed statement (migrations, demo data) by its codes only: its message quotes the bound values.
  const summary = errorSummary(err);
  console.error(summary.statement ? JSON.stringify(summary) : err instanceof Error ? err.message : err);
  process.exit(1);
});
