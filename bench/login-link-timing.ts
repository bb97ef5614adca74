/**
 * `npm run bench:login-link`: does `POST /api/auth/login-link` answer a known address as fast as an unknown one? The
 * portal runs in a child process on a fresh embedded database (PGlite; `BENCH_DATABASE_URL=postgres://...` for a
 * server) with 400 accounts and the rate limits lifted; this process, as an outside client would, asks 400 links for
 * known and 400 for unknown addresses, interleaved, one at a time, and prints the median and 90th percentile of each.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ACCOUNTS = 400;

async function serve(): Promise<void> {
  const { buildApp } = await import('../apps/api/src/app.ts');
  const { loadConfig } = await import('../apps/api/src/config.ts');
  const { openDatabase } = await import('../apps/api/src/db/client.ts');
  const { findOrCreateUserByEmail } = await import('../apps/api/src/modules/users/users.service.ts');
  const url = process.env['BENCH_DATABASE_URL'];
  const database = await openDatabase(url ? { url } : { dataDir: process.env['BENCH_DATA_DIR'] ?? 'memory://' });
  await database.migrate();
  const config = loadConfig(
    { NODE_ENV: 'production' },
    { PUBLIC_URL: 'http://localhost:3999', DEMO_DATA: false, LOGIN_RATE_PER_CLIENT: 1_000_000, LOGIN_RATE_PER_ADDRESS: 1_000_000 },
  );
  const app = await buildApp({ config, database, logger: false });
  for (let i = 0; i < ACCOUNTS; i += 1) {
    await findOrCreateUserByEmail(app.db, { email: `known${i}@example.org`, userType: 'admissible', prenom: 'A', nom: 'B', lang: 'fr-FR' });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
}

function percentile(values: number[], p: number): string {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0).toFixed(2);
}

async function measure(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'passerelle-bench-login-'));
  const server = fork(import.meta.filename, ['serve'], { env: { ...process.env, BENCH_DATA_DIR: dataDir } });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      server.once('message', (message: { port: number }) => resolve(message.port));
      server.once('exit', () => reject(new Error('the portal did not start')));
    });
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < ACCOUNTS; i += 1) {
      for (const kind of i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)) {
        const started = process.hrtime.bigint();
        const response = await fetch(`http://127.0.0.1:${port}/api/auth/login-link`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `${kind}${i}@example.org` }),
        });
        await response.arrayBuffer();
        times[kind].push(Number(process.hrtime.bigint() - started) / 1e6);
        if (response.status !== 202) throw new Error(`answered ${response.status}`);
        // The mail work of a known address runs after its answer: let it end before the next request.
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
    }
    for (const kind of ['known', 'unknown'] as const) {
      console.log(`${kind.padEnd(8)} median ${percentile(times[kind], 0.5)} ms   p90 ${percentile(times[kind], 0.9)} ms`);
    }
  } finally {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await (process.argv[2] === 'serve' ? serve() : measure());
