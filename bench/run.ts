/**
 * `npm run bench`: one run on the local PostgreSQL server. Starts the portal on a fresh database (demo data), the raw
 * Node http baseline and a minimal Fastify + pg route, loads each with autocannon (10 connections, 5 s after a 1 s
 * warm-up) and prints requests per second and p99 latency with the ratios. Figures go in the README.
 * BENCH_DATABASE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_DATABASE_NAME (default
 * passerelle_bench, dropped and created again), BENCH_DURATION (s).
 * The back-office pipeline's cases run on PostgreSQL, then again on the embedded PGlite (the portal's default
 * database; BENCH_PGLITE=0 skips it). BENCH_ONLY=pipeline runs the pipeline's cases only;
 * BENCH_ONLY=exports the cases export only (bench/exports.ts); BENCH_ONLY=api the two baselines, health and users/me.
 * BENCH_ROUNDS=N loads the minimal route and users/me N - 1 more times, alternately, and prints the median ratio.
 * The first start on an empty data folder runs first (bench/first-start.ts, BENCH_FIRST_START_RUNS).
 * The offers search's cases (bench/offers.ts) run on a database of BENCH_OFFERS generated offers (100 000 by default)
 * kept between runs, with a portal of their own; BENCH_ONLY=offers runs them alone.
 * Then the web app's rows: a fresh build's first load and heaviest lazy route, Lighthouse's mobile performance of four
 * screens, the INP and layout shift of the offers search (scripts/lighthouse.ts; BENCH_WEB=0 skips them, BENCH_ONLY=web
 * runs them alone).
 * Last, a table of issue 13's targets: each bound, the figure this run measured, and whether it holds.
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { UserType } from '@passerelle/contract';
import { sql } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import pg from 'pg';
import { openDatabase, type Db } from '../apps/api/src/db/client.ts';
import { timeCasesExport } from './exports.ts';
import { FIRST_START_BOUND_MS, printFirstStart } from './first-start.ts';
import { connections, duration, load, type BenchRow } from './load.ts';
import { benchOffers } from './offers.ts';
import { benchSheets } from './sheets.ts';
import { loadPipeline, seedPipeline } from './staff-pipeline.ts';
import { printTargets, type TargetRow } from './targets.ts';
import { measureWebTargets } from '../scripts/lighthouse.ts';
import { BUDGET_FIRST_LOAD, BUDGET_LAZY_ROUTE, kb, sizeRows } from '../scripts/size-report.ts';

const root = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env['BENCH_DATABASE_ADMIN_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// Two benches at once (two work trees) need two names.
const dbName = process.env['BENCH_DATABASE_NAME'] ?? 'passerelle_bench';
const jwtSecret = 'bench-secret-bench-secret-bench-secret-42';
const signAccessToken = createSigner({ key: jwtSecret, algorithm: 'HS256', iss: 'passerelle', aud: 'passerelle-api', expiresIn: 3_600_000 });

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

function start(script: string, env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(root, script), [], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/**
 * An access token as the auth plugin checks it: HS256, issuer, audience, the user id as subject, its type, and a
 * session of its own (a row of `sessions`, claim `sid`).
 */
async function signToken(userId: number, userType: UserType, through?: Db | string): Promise<string> {
  const sessionId = randomUUID();
  if (through && typeof through !== 'string') {
    await through.execute(sql`insert into sessions (id, user_id) values (${sessionId}, ${userId})`);
  } else {
    const db = new pg.Client({ connectionString: through ?? databaseUrl });
    await db.connect();
    try {
      await db.query('insert into sessions (id, user_id) values ($1, $2)', [sessionId, userId]);
    } finally {
      await db.end();
    }
  }
  return signAccessToken({ typ: userType, sid: sessionId, sub: String(userId) });
}

async function waitHealthy(url: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('portal did not start');
}

const only = process.env['BENCH_ONLY'];
/** Issue 13's rows as this run measures them, printed last. */
const targets: TargetRow[] = [];
// The job runner's first tick comes after an hour: its reminders over the generated cases would load the portal too.
const portalEnv = {
  JWT_SECRET: jwtSecret,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  ACCESS_TOKEN_TTL: '3600',
  JOB_POLL_INTERVAL_MS: '3600000',
};

/** A portal on `url` (migrated, with the demo data), for the offers' cases. */
async function startPortalOn(url: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = fork(path.join(root, 'apps/api/src/server.ts'), [], {
    env: { ...process.env, ...portalEnv, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: url },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitHealthy(`http://127.0.0.1:${port}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, stop };
}

const runOffers = async () => {
  const result = await benchOffers({
    adminUrl,
    startPortal: startPortalOn,
    signToken: (url, userId) => signToken(userId, 'admissible', url),
  });
  console.log(
    `\nPasserelle bench — ${result.title}, ${connections} connections, ${duration} s each, node ${process.version}`,
  );
  for (const line of result.lines) console.log(line);
  targets.push(...result.targets);
};
/**
 * Issue 13's web rows: the first load and the heaviest lazy route of a fresh build (`npm run size`'s figures), then
 * Lighthouse's four screens, the INP of the offers search and its layout shift (scripts/lighthouse.ts, on a portal of
 * its own with the demo data). BENCH_WEB=0 leaves them out; BENCH_ONLY=web runs them alone.
 */
const runWeb = async () => {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('npm run build failed');
  const sizes = sizeRows();
  const first = sizes[0]!;
  const routes = sizes.filter((row) => row !== first && !row.name.endsWith('(on demand)'));
  const heaviest = routes.reduce((a, b) => (b.brotli > a.brotli ? b : a));
  console.log(
    `\nWeb app: first load ${kb(first.brotli)} brotli (${kb(first.gzip)} gzip), heaviest lazy route ${kb(heaviest.brotli)} brotli (${kb(heaviest.gzip)} gzip, ${heaviest.name})`,
  );
  targets.push(
    {
      what: 'first-load JavaScript (brotli; gzip)',
      target: `<= ${kb(BUDGET_FIRST_LOAD)} brotli`,
      measured: `${kb(first.brotli)}; ${kb(first.gzip)}`,
      holds: first.brotli <= BUDGET_FIRST_LOAD,
    },
    {
      what: 'heaviest lazy route (brotli; gzip)',
      target: `<= ${kb(BUDGET_LAZY_ROUTE)} brotli`,
      measured: `${kb(heaviest.brotli)}; ${kb(heaviest.gzip)} (${heaviest.name})`,
      holds: heaviest.brotli <= BUDGET_LAZY_ROUTE,
    },
  );
  console.log('Lighthouse (mobile, median of 5), then the offers search at 4x CPU slowdown:');
  targets.push(...(await measureWebTargets()));
};
if (only === 'offers' || only === 'web') {
  await (only === 'offers' ? runOffers() : runWeb());
  printTargets(targets);
  process.exit(0);
}

// First, while nothing else of the bench runs: the first start on an empty data folder (issue 13, at most 5 s).
if (!only) {
  const firstStart = await printFirstStart({ runs: Number(process.env['BENCH_FIRST_START_RUNS'] ?? 3) });
  targets.push({
    what: 'first start on an empty data folder (median)',
    target: `<= ${(FIRST_START_BOUND_MS / 1000).toFixed(0)} s`,
    measured: `${(firstStart.median / 1000).toFixed(2)} s (runs ${firstStart.runs.map((r) => (r.totalMs / 1000).toFixed(2)).join(', ')})`,
    holds: firstStart.median <= FIRST_START_BOUND_MS,
  });
}

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`drop database if exists ${dbName} with (force)`);
await admin.query(`create database ${dbName}`);
await admin.end();
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const databaseUrl = dbUrl.toString();

/** users/me's req/s over the minimal route's, in the rounds past the first (BENCH_ROUNDS). */
const meRatios: number[] = [];
/** The cases export's times (bench/exports.ts), printed last. */
const exportTimes: string[] = [];
const portalPort = await freePort();
const portalUrl = `http://127.0.0.1:${portalPort}`;
const portal = fork(path.join(root, 'apps/api/src/server.ts'), [], {
  env: { ...process.env, ...portalEnv, PORT: String(portalPort), HOST: '127.0.0.1', DATABASE_URL: databaseUrl },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const children: ChildProcess[] = [portal];
const print = (title: string, rows: BenchRow[]) => {
  console.log(`\nPasserelle bench — ${title}, ${connections} connections, ${duration} s each, node ${process.version}`);
  console.log(`${'case'.padEnd(52)} ${'req/s'.padStart(9)} ${'p99 ms'.padStart(8)}`);
  for (const r of rows) console.log(`${r.name.padEnd(52)} ${String(r.rps).padStart(9)} ${String(r.p99).padStart(8)}`);
};
try {
  await waitHealthy(portalUrl);
  const rows2: BenchRow[] = [];
  if (only !== 'pipeline' && only !== 'exports') {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ id: number }>(
      "select id from users where user_type = 'admissible' order by id limit 1",
    );
    await db.end();
    const userId = rows[0]?.id;
    if (!userId) throw new Error('no demo applicant');
    const token = await signToken(userId, 'admissible');
    const auth = { authorization: `Bearer ${token}` };

    const rawPort = await freePort();
    children.push(await start('bench/raw-http.ts', { PORT: String(rawPort) }));
    const minPort = await freePort();
    children.push(
      await start('bench/minimal-fastify.ts', {
        PORT: String(minPort),
        DATABASE_URL: databaseUrl,
        USER_ID: String(userId),
      }),
    );

    rows2.push(await load('raw node http (baseline)', `http://127.0.0.1:${rawPort}/`));
    rows2.push(await load('GET /api/health', `${portalUrl}/api/health`));
    rows2.push(await load('minimal fastify + pg (baseline)', `http://127.0.0.1:${minPort}/me`));
    rows2.push(await load('GET /api/users/me', `${portalUrl}/api/users/me`, auth));
    // One pair of 5 s loads meets another build's burst now and then on a shared machine: the median of a few is steadier.
    for (let round = 1; round < Number(process.env['BENCH_ROUNDS'] ?? 1); round++) {
      const base = await load('minimal fastify + pg (baseline)', `http://127.0.0.1:${minPort}/me`);
      meRatios.push((await load('GET /api/users/me', `${portalUrl}/api/users/me`, auth)).rps / base.rps);
    }
    if (only !== 'api') rows2.push(...(await benchSheets({ baseUrl: portalUrl, databaseUrl, signToken })));
  }
  if (only !== 'api') {
    const postgres = await openDatabase({ url: databaseUrl, poolSize: 2, statementTimeoutMs: 120_000 });
    try {
      const seed = await seedPipeline(postgres.db);
      const staffToken = await signToken(seed.staffId, 'staff');
      if (only !== 'exports') rows2.push(...(await loadPipeline(portalUrl, staffToken, seed)));
      exportTimes.push(await timeCasesExport(portalUrl, staffToken, 'PostgreSQL'));
    } finally {
      await postgres.close();
    }
  }

  const byName = new Map(rows2.map((r) => [r.name, r]));
  const ratio = (a: string, b: string) => {
    const x = byName.get(a);
    const y = byName.get(b);
    return x && y ? `${((x.rps / y.rps) * 100).toFixed(0)} % of the baseline's req/s` : '';
  };
  print(`PostgreSQL ${databaseUrl.replace(/\/\/[^@]*@/, '//')}`, rows2);
  if (only !== 'pipeline' && only !== 'exports') {
    console.log(`\nhealth route: ${ratio('GET /api/health', 'raw node http (baseline)')}`);
    console.log(`users/me: ${ratio('GET /api/users/me', 'minimal fastify + pg (baseline)')}`);
    const me = byName.get('GET /api/users/me');
    const base = byName.get('minimal fastify + pg (baseline)');
    if (me && base) {
      const sorted = [me.rps / base.rps, ...meRatios].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
      if (sorted.length > 1)
        console.log(
          `users/me, median of ${sorted.length} rounds: ${(median * 100).toFixed(0)} % (${sorted.map((r) => (r * 100).toFixed(0)).join(', ')})`,
        );
      targets.push({
        what: 'GET /api/users/me against a minimal Fastify + pg route (req/s)',
        target: '>= 0.7x',
        measured: `${median.toFixed(2)}x${sorted.length > 1 ? `, median of ${sorted.length} rounds` : ''} (${me.rps} against ${base.rps} req/s)`,
        holds: median >= 0.7,
      });
    }
  }
  portal.kill('SIGTERM');
  if (process.env['BENCH_PGLITE'] !== '0' && only !== 'api')
    print('PGlite (embedded, the default database)', await benchPipelineOnPglite());
  if (exportTimes.length > 0) console.log(`\n${exportTimes.join('\n')}`);
  if (only !== 'pipeline' && only !== 'exports' && only !== 'api') await runOffers();
  if (!only && process.env['BENCH_WEB'] !== '0') await runWeb();
  printTargets(targets);
} finally {
  for (const child of children) child.kill('SIGTERM');
}

/**
 * The pipeline's cases on PGlite, which lives inside the portal's process: the portal starts once on a fresh folder
 * (migrations, demo data) and stops; the cases are seeded and a staff session opened through the API's database layer
 * on that folder; then the portal starts again on it and is loaded.
 */
async function benchPipelineOnPglite(): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'passerelle-bench-'));
  const env = { ...process.env, ...portalEnv, HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' };
  const run = async <T>(work: (url: string) => Promise<T>): Promise<T> => {
    const port = await freePort();
    const child = fork(path.join(root, 'apps/api/src/server.ts'), [], {
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    children.push(child);
    const exited = once(child, 'exit');
    try {
      await waitHealthy(`http://127.0.0.1:${port}`);
      return await work(`http://127.0.0.1:${port}`);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  };
  try {
    await run(async () => undefined);
    const database = await openDatabase({ dataDir });
    let prepared: { seed: Awaited<ReturnType<typeof seedPipeline>>; token: string };
    try {
      const seed = await seedPipeline(database.db);
      prepared = { seed, token: await signToken(seed.staffId, 'staff', database.db) };
    } finally {
      await database.close();
    }
    return await run(async (url) => {
      const rows = only === 'exports' ? [] : await loadPipeline(url, prepared.token, prepared.seed);
      exportTimes.push(await timeCasesExport(url, prepared.token, 'PGlite'));
      return rows;
    });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
