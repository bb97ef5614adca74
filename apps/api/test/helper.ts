import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Env } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { startSession } from '../src/modules/auth/auth.service.ts';
import type { AuthUser } from '../src/plugins/auth.ts';

/** Which database the API tests run on: the `api-pglite` and `api-postgres` Vitest projects set it. */
export const testDbKind = (process.env['TEST_DB'] ?? 'pglite') as 'pglite' | 'postgres';
const adminUrl = process.env['TEST_DATABASE_ADMIN_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** postgres:// address of the fresh database (postgres runs only). */
  url: string | undefined;
}

/**
 * A fresh database (in-memory PGlite, or a new database on the local PostgreSQL server), migrated,
 * and the real app on it. Closed and dropped after the file's tests.
 */
export async function createTestDatabase(): Promise<{
  database: Database;
  url: string | undefined;
  drop: () => Promise<void>;
}> {
  if (testDbKind === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://', memoryDump: pgliteTemplate() });
    await database.migrate();
    return { database, url: undefined, drop: () => database.close() };
  }
  const name = `passerelle_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

let template: Blob | undefined;
/** The run's migrated database (test/pglite-template.ts), read once per test file. */
function pgliteTemplate(): Blob {
  template ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  return template;
}

/**
 * `logger`: pino options (e.g. a stream) for a test that reads the log lines; none otherwise. `clock`: the session
 * cache's clock, for a test that moves it past SESSION_CHECK_CACHE_MS.
 */
export async function createTestApp(
  env: Partial<Env> = {},
  options: { logger?: object; clock?: () => number } = {},
): Promise<TestContext> {
  const { database, url, drop } = await createTestDatabase();
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      PUBLIC_URL: 'http://localhost:3999',
      DEMO_DATA: false,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      // The CFA's identity the contract documents print (issue 11): without it (DEMO_DATA=false) no contract is
      // prepared (issue 28). 0755555 mod 23 gives the UAI's letter F.
      CFA_DENOMINATION: 'CFA Passerelle',
      CFA_UAI: '0755555F',
      CFA_SIRET: '35600000000048',
      ...env,
    },
  );
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await drop();
  });
  return { app, database, url };
}

/**
 * A second API process on the test's database, as a server running beside the first: its own app (its session check,
 * the runners a test starts on it) and, on PostgreSQL, its own connections; on PGlite, which one process serves, the
 * same database. Closed after the file's tests.
 */
export async function startSecondProcess(context: TestContext): Promise<FastifyInstance> {
  const { app, database, url } = context;
  const otherDatabase = url ? await openDatabase({ url, poolSize: 4 }) : database;
  const other = await buildApp({ config: app.config, database: otherDatabase, logger: false });
  await other.ready();
  afterAll(async () => {
    await other.close();
    if (url) await otherDatabase.close();
  });
  return other;
}

/**
 * An access token for this user, of a real session opened as POST /auth/exchange opens one (a token needs a live
 * session). Each call opens a new session; the user must exist.
 */
export async function accessTokenFor(app: FastifyInstance, user: AuthUser): Promise<string> {
  const { sessionId } = await startSession(app.db, app.config, user.id);
  return app.signAccessToken(user, sessionId);
}
