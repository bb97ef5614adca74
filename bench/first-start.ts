/**
 * The first start on an empty data folder (issue 13: at most 5 s). `node bench/first-start.ts` alone, or through
 * `npm run bench`; BENCH_FIRST_START_RUNS (default 3); BENCH_FIRST_START_COLD=1 empties the installation's cache before
 * each run (the first start after `npm ci`: modules compiled anew, the database made by initdb).
 *
 * What is measured, each run on a new temporary folder: from spawning `node apps/api/src/server.ts` (the web app
 * already built: `npm start` builds it only when missing or stale) with DATA_DIR that empty folder and the default
 * settings (demo data on, no DATABASE_URL, so the embedded PGlite) until the portal answers all of these, asked one
 * after the other as a newcomer's browser would: `GET /api/health` 200 (polled every 20 ms until then), `GET /` with
 * the web app's page, and `POST /api/auth/login-link` 202 for a demo account. The link's answer is the same for an
 * unknown address (it tells nobody who has an account), so, outside the timed part, the run also waits for the sign-in
 * mail of that account on the server's console (no SMTP_URL): the account was there when the portal answered. Then it
 * follows the link at once (`POST /api/auth/exchange` 200) and prints when that sign-in answered: the portal listens
 * before the demo data's cases are written and holds sign-ins until they are (server.ts), so a newcomer this fast
 * waits until then; and when the server had the demo data whole (its `demo data complete` line).
 *
 * The server logs its phases at the debug level (the runs set LOG_LEVEL=debug, which changes nothing else of the
 * start): Node's own start, the configuration, the database client, the modules, the new database made on a worker
 * thread meanwhile (PGlite's initdb and the migrations, or the installation's template of them), the database opened,
 * the migrations, the app, the demo data's first part, listen, and after it the demo data's rest. Each with its start and end (ms since the process started) and the
 * CPU of its thread; and the process's CPU, every thread (V8 compiles in the background), steadier than wall times on
 * a shared machine. Nothing personal is printed: times and phase names only.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { demoEmails } from '../apps/api/src/demo/emails.ts';
import { cacheDir } from '../apps/api/src/lib/cache-dir.ts';
import type { StartPhase } from '../apps/api/src/lib/start-phases.ts';

const root = path.resolve(import.meta.dirname, '..');
/** Issue 13's bound for the median. */
export const FIRST_START_BOUND_MS = 5000;

export interface FirstStartRun {
  /** From the spawn to the sign-in link's answer, ms. */
  totalMs: number;
  /** As the server timed them: start and end since the process started, CPU of the phase's thread (ms). */
  phases: StartPhase[];
  /** The server's CPU until it listened, every thread (ms). */
  cpuMs: number;
  /** How the server made the new database: from the installation's template, or by initdb and the migrations. */
  newDatabase: string | undefined;
  /**
   * Not part of the bound: from the spawn until the account's sign-in link, followed as soon as its mail is printed,
   * has opened a session (POST /api/auth/exchange 200), ms. The server holds sign-ins until the demo data's cases are
   * written (server.ts): a newcomer this fast waits that long.
   */
  signedInMs: number;
  /** When the server had written the demo data whole, ms since it started (its own clock); undefined: before listening. */
  demoCompleteMs: number | undefined;
}

export interface FirstStartResult {
  runs: FirstStartRun[];
  /** Median of the runs' totals, ms. */
  median: number;
  /** Median of the runs' sign-ins through the mailed link, ms. */
  signedInMedian: number;
  /** Per phase, the medians of its start, end and CPU over the runs. */
  phases: StartPhase[];
}

export interface FirstStartOptions {
  runs?: number;
  /** Settings added to the defaults, e.g. to compare a variant side by side. */
  env?: Record<string, string>;
  /** Called after each run (the bench prints it as it comes). */
  onRun?: (run: FirstStartRun, index: number) => void;
  /**
   * Empties the installation's cache (lib/cache-dir.ts: compiled modules, the new databases' template) before each run:
   * the first start of a new installation. By default the runs share it, as the starts of one installation do.
   */
  cold?: boolean;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return Math.round(sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2);
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's settings: the defaults, less whatever this shell may have set that changes what starts. */
function serverEnv(dataDir: string, port: number, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'DEMO_DATA', 'SMTP_URL', 'NODE_ENV', 'API_DOCS', 'WEB_DIST']) delete env[name];
  return { ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'debug', ...extra };
}

async function oneRun(extra: Record<string, string>): Promise<FirstStartRun> {
  const folder = await mkdtemp(path.join(tmpdir(), 'passerelle-first-start-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const email = demoEmails.camille;
  let output = '';
  let exited = false;
  const started = performance.now();
  const server = spawn(process.execPath, [path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: serverEnv(path.join(folder, 'data'), port, extra),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exit = once(server, 'exit');
  void exit.then(() => (exited = true));
  server.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  server.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  try {
    for (;;) {
      if (exited) throw new Error(`the server exited before answering:\n${output.slice(-2000)}`);
      const health = await fetch(`${base}/api/health`).catch(() => null);
      if (health?.ok) break;
      await health?.arrayBuffer();
      await sleep(20);
    }
    const page = await fetch(`${base}/`);
    if (!page.ok || !(await page.text()).includes('<div id="root"'))
      throw new Error(`GET / answered ${page.status} without the web app`);
    const link = await fetch(`${base}/api/auth/login-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    await link.arrayBuffer();
    if (link.status !== 202) throw new Error(`POST /api/auth/login-link answered ${link.status}`);
    const totalMs = Math.round(performance.now() - started);

    // Not part of the bound: the account existed (its mail is printed on the console, MAIL_POLL_INTERVAL_MS 2 s by
    // default), and its link signs in, as a newcomer would follow it at once.
    let token: string | undefined;
    for (let waited = 0; token === undefined; waited += 20) {
      if (waited > 20_000) throw new Error('no sign-in mail for the demo account: were the demo data loaded?');
      const mail = output.indexOf(`To: ${email}`);
      token = mail < 0 ? undefined : /[?&]t=([\w-]+)/.exec(output.slice(mail))?.[1];
      if (token === undefined) await sleep(20);
    }
    const exchange = await fetch(`${base}/api/auth/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ t: token }),
    });
    await exchange.arrayBuffer();
    if (exchange.status !== 200) throw new Error(`POST /api/auth/exchange answered ${exchange.status}`);
    const signedInMs = Math.round(performance.now() - started);
    // The server logs the demo data whole as the sign-ins it held go (or before listening: no such line then).
    for (let waited = 0; !output.includes('"demo data complete"') && waited < 2000; waited += 20) await sleep(20);
    const lines = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; phases?: StartPhase[]; cpuMs?: number; newDatabase?: string });
    const logged = lines.find((line) => line.msg === 'start-up phases');
    const complete = lines.find((line) => line.msg === 'demo data complete');
    return {
      totalMs,
      phases: logged?.phases ?? [],
      cpuMs: logged?.cpuMs ?? 0,
      newDatabase: logged?.newDatabase,
      signedInMs,
      demoCompleteMs: complete?.phases?.find((phase) => phase.name === 'demo data, after listen')?.endMs,
    };
  } finally {
    server.kill('SIGTERM');
    await exit;
    await rm(folder, { recursive: true, force: true });
  }
}

/** Starts the portal `runs` times (default 3), each on a new empty data folder, and answers every run and the medians. */
export async function measureFirstStart(options: FirstStartOptions = {}): Promise<FirstStartResult> {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html')))
    throw new Error('The web app is not built: `npm run build` first.');
  const runs: FirstStartRun[] = [];
  for (let i = 0; i < (options.runs ?? 3); i += 1) {
    if (options.cold) await rm(cacheDir, { recursive: true, force: true });
    const run = await oneRun(options.env ?? {});
    runs.push(run);
    options.onRun?.(run, i);
  }
  const names = runs[0]?.phases.map((phase) => phase.name) ?? [];
  const phases = names.map((name) => {
    const of = runs.map((run) => run.phases.find((phase) => phase.name === name));
    return {
      name,
      startMs: median(of.map((phase) => phase?.startMs ?? 0)),
      endMs: median(of.map((phase) => phase?.endMs ?? 0)),
      cpuMs: median(of.map((phase) => phase?.cpuMs ?? 0)),
    };
  });
  return {
    runs,
    median: median(runs.map((run) => run.totalMs)),
    signedInMedian: median(runs.map((run) => run.signedInMs)),
    phases,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** One line per phase: from, to, duration (ms since the process started) and the CPU of its thread. */
export function formatPhases(phases: StartPhase[]): string {
  const cell = (value: number, width = 7) => String(value).padStart(width);
  const head = `  ${'phase'.padEnd(24)} ${'from'.padStart(7)} ${'to'.padStart(7)} ${'ms'.padStart(7)} ${'CPU ms'.padStart(7)}`;
  return [
    head,
    ...phases.map(
      (p) => `  ${p.name.padEnd(24)} ${cell(p.startMs)} ${cell(p.endMs)} ${cell(p.endMs - p.startMs)} ${cell(p.cpuMs)}`,
    ),
  ].join('\n');
}

/** The bench's lines: each run, the median against the bound, and the phases' medians. */
export async function printFirstStart(options: FirstStartOptions = {}): Promise<FirstStartResult> {
  const result = await measureFirstStart({
    ...options,
    onRun: (run, index) => {
      const listening = run.phases.find((phase) => phase.name === 'listen')?.endMs ?? 0;
      const complete = run.demoCompleteMs === undefined ? '' : `, demo data whole at ${seconds(run.demoCompleteMs)}`;
      console.log(
        `first start, run ${index + 1}: ${seconds(run.totalMs)} (listening at ${seconds(listening)}, server's CPU until ` +
          `then ${seconds(run.cpuMs)}; signed in through the link at ${seconds(run.signedInMs)}${complete})`,
      );
    },
  });
  const verdict = result.median <= FIRST_START_BOUND_MS ? 'within' : 'OVER';
  console.log(
    `first start on an empty data folder: median ${seconds(result.median)} of ${result.runs.length}, ${verdict} the bound of ${seconds(FIRST_START_BOUND_MS)}`,
  );
  console.log(`signed in through the mailed link, not bound: median ${seconds(result.signedInMedian)}`);
  console.log(`phases (medians):\n${formatPhases(result.phases)}`);
  return result;
}

if (import.meta.main) {
  await printFirstStart({
    runs: Number(process.env['BENCH_FIRST_START_RUNS'] ?? 3),
    cold: process.env['BENCH_FIRST_START_COLD'] === '1',
  });
}
