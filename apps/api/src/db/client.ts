import { existsSync, mkdirSync } from 'node:fs';
import { getCompileCacheDir } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import type { Assume } from 'drizzle-orm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { pgliteExtensions } from './pglite-extensions.ts';
import { cacheDir } from '../lib/cache-dir.ts';
import type { NewDatabaseDone, NewDatabaseRequest } from './new-database.worker.ts';
import type * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** Both drivers answer raw queries (`db.execute`) with `{ rows }`. */
interface QueryRows<Row> {
  rows: Assume<Row, Record<string, unknown>>[];
}
export interface QueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<this['row']>;
}
/** The same Drizzle API whether PGlite or a PostgreSQL server answers. */
export type Db = PgDatabase<QueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the versioned migrations; safe when several processes start at once. */
  migrate(): Promise<void>;
  /** Answers true when the database responds within the time limit. */
  ping(timeoutMs?: number): Promise<boolean>;
  /**
   * A read run on nearly every request (the session check, the user's own row), as SQL text with `$1…` and column
   * aliases, rows as the driver parses them (decision 0029). On PostgreSQL a named statement, parsed and planned once
   * per connection, handed to pg as a statement object of its own: neither Drizzle's query building nor pg's copy of a
   * query config (3.5 µs a call) runs. One name per text. Only outside a transaction: it takes any connection of the pool.
   */
  prepared<Row>(name: string, text: string, values: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(new URL(import.meta.url).pathname), 'migrations');
/** Any fixed number: serialises migrations across API processes sharing one PostgreSQL. */
const MIGRATION_LOCK = 7_340_221;

export interface DatabaseOptions {
  /** postgres://... for a PostgreSQL server. */
  url?: string | undefined;
  /** Folder of the embedded database; 'memory://' keeps it in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /** PostgreSQL: the longest statement of a request; a server silent this long (plus a second) fails the query. */
  statementTimeoutMs?: number;
  /** PostgreSQL: the longest wait for a connection, new or from the busy pool. */
  connectTimeoutMs?: number;
  /**
   * PGlite in a folder without a database: called as the worker thread starts making it, before openDatabase first
   * pauses (the caller knows the database is new as soon as openDatabase returns), with how and how fast it was made.
   */
  onNewDatabase?: (made: Promise<NewDatabaseDone>) => void;
  /** Where new embedded databases' template is kept (new-database.worker.ts); the installation's cache by default, false: none. */
  templateDir?: string | false;
  /**
   * 'memory://' only: the dump (PGlite's dumpDataDir, uncompressed) the database starts from instead of initdb: the API
   * tests' migrated template (test/pglite-template.ts), seconds of CPU saved per test file.
   */
  memoryDump?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    return openPostgres(options.url, {
      poolSize: options.poolSize ?? 10,
      statementTimeoutMs: options.statementTimeoutMs ?? 5000,
      connectTimeoutMs: options.connectTimeoutMs ?? 3000,
    });
  }
  return openPglite(options.dataDir ?? 'memory://', options);
}

/**
 * PGlite runs inside this process: it cannot freeze or go away on its own, so it has no time limits (a statement that
 * never ends would be a bug of ours). Two processes on one folder would each keep their own copy in memory and lose
 * each other's writes, hence the folder lock.
 *
 * A folder without a database gets one, schema included, on a worker thread (new-database.worker.ts: PGlite's initdb
 * and the migrations, or their template), on the machine's other core, while this thread loads the drivers, and the rest
 * of the portal's modules when the caller goes on without waiting for this call (server.ts). The database is then
 * opened here as any existing one. The folder is locked before the worker starts.
 */
async function openPglite(dataDir: string, options: DatabaseOptions): Promise<Database> {
  if (dataDir.startsWith('memory://')) {
    const [{ PGlite }, driver] = await Promise.all([import('@electric-sql/pglite'), loadPgliteDriver()]);
    const dump = options.memoryDump ? { loadDataDir: options.memoryDump } : {};
    return wrapPglite(await PGlite.create(dataDir, { ...pgliteOptions(driver), ...dump }), driver, () => {});
  }
  mkdirSync(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir);
  try {
    const target = path.join(dataDir, 'pglite');
    mkdirSync(target, { recursive: true });
    // PGlite's own test for an existing database (it runs initdb otherwise).
    const made = existsSync(path.join(target, 'PG_VERSION'))
      ? undefined
      : newDatabaseOnWorker(
          target,
          options.templateDir === false ? undefined : (options.templateDir ?? path.join(cacheDir, 'pglite')),
        );
    if (made) options.onNewDatabase?.(made);
    const [{ PGlite }, driver, done] = await Promise.all([import('@electric-sql/pglite'), loadPgliteDriver(), made]);
    const client = await PGlite.create(target, {
      ...pgliteOptions(driver),
      // `never`: PGlite's option is typed WebAssembly.Module, a type @types/node leaves out (see WasmModule).
      ...(done ? { pgliteWasmModule: done.pgliteWasmModule as never } : {}),
    });
    return wrapPglite(client, driver, lock.release);
  } catch (err) {
    lock.release();
    throw err;
  }
}

/** Answers once the database is made and closed; the worker may go on keeping its template. */
function newDatabaseOnWorker(folder: string, templateDir: string | undefined): Promise<NewDatabaseDone> {
  const request: NewDatabaseRequest = { folder, migrationsFolder, templateDir, compileCacheDir: getCompileCacheDir() };
  const worker = new Worker(new URL('./new-database.worker.ts', import.meta.url), { workerData: request });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The new database's worker stopped (exit code ${code})`)));
  });
}

/** The PGlite driver of Drizzle, its migrator, the schema and the extensions: loaded with the database, beside the initdb. */
async function loadPgliteDriver() {
  const [{ drizzle, PglitePreparedQuery }, { migrate }, schemaModule, extensions] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    import('./schema/index.ts'),
    pgliteExtensions(),
  ]);
  // The type parsers Drizzle gives PGlite with each of its queries (timestamps, dates and intervals kept as text): its
  // query object's own settings, read from one that is never run. Not found (another Drizzle): nothing is shared.
  const unrun = Reflect.construct(PglitePreparedQuery, [undefined, '', [], undefined, undefined]) as {
    queryConfig?: { parsers?: unknown };
  };
  const parsers =
    typeof unrun.queryConfig?.parsers === 'object' ? (unrun.queryConfig.parsers as ParserTable) : undefined;
  return { drizzle, migrate, schema: schemaModule, parsers, extensions };
}

type PgliteDriver = Awaited<ReturnType<typeof loadPgliteDriver>>;
type QueryOptions = Parameters<PGlite['query']>[2];
type ParserTable = NonNullable<NonNullable<QueryOptions>['parsers']>;

/**
 * PGlite copies its whole table of type parsers (318 of them, a third of a millisecond) for each query that brings
 * parsers of its own, and Drizzle brings the same few with every query: a fifth of the demo data's time went there. The
 * database is created with Drizzle's parsers as its own (openPglite), and Drizzle is handed this client, which leaves
 * them out of each query and its transactions' queries: the same parsing, without the copy. Queries bringing other
 * parsers keep them. Drizzle calls nothing else on its client.
 */
function sharingParsers(client: PGlite, driver: PgliteDriver): PGlite {
  if (!driver.parsers) return client;
  const drizzleKeys = Object.keys(driver.parsers).join();
  const lean = (options: QueryOptions): QueryOptions =>
    options?.parsers && Object.keys(options.parsers).join() === drizzleKeys
      ? { ...options, parsers: undefined }
      : options;
  type Transaction = Parameters<Parameters<PGlite['transaction']>[0]>[0];
  const leanTransaction = (tx: Transaction): Transaction =>
    Object.assign(Object.create(tx) as Transaction, {
      query: ((sql, params, options) => tx.query(sql, params, lean(options))) as Transaction['query'],
    });
  const shared: Pick<PGlite, 'query' | 'transaction'> = {
    query: (sql, params, options) => client.query(sql, params, lean(options)),
    transaction: (work) => client.transaction((tx) => work(leanTransaction(tx))),
  };
  return shared as PGlite;
}

const BYTEA = 17;

/**
 * The options the database is created with: the extensions (pglite-extensions.ts), and the type conversions: Drizzle's
 * parsers (sharingParsers), and bytea (the stored files: contract documents, uploads) through Node's hex codec.
 * PGlite's own converts one byte at a time in JavaScript (a two-character string per byte, then a join; parseInt per
 * byte back), which cost a tenth of a second for the demo data's 800 kB of files; the text it writes and reads is the
 * same `\x` and hex digits.
 */
function pgliteOptions(driver: PgliteDriver) {
  return {
    extensions: driver.extensions,
    parsers: { ...driver.parsers, [BYTEA]: (text: string) => new Uint8Array(Buffer.from(text.slice(2), 'hex')) },
    serializers: {
      [BYTEA]: (bytes: unknown) => {
        if (!(bytes instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
        return `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`;
      },
    },
  };
}

function wrapPglite(client: PGlite, driver: PgliteDriver, release: () => void): Database {
  const db = driver.drizzle(sharingParsers(client, driver), { schema: driver.schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => driver.migrate(db as never, { migrationsFolder }),
    ping: (timeoutMs = 2000) => pingWith(() => client.query('select 1'), timeoutMs),
    prepared: async <Row>(_name: string, text: string, values: unknown[]) =>
      (await client.query<Row>(text, values)).rows,
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * node-postgres' client, hardened for a server that freezes or drops while the client is checked out of the pool.
 * A query that timed out on the client side still runs on its connection: the connection is closed, so that nobody
 * queues behind it or inherits its open transaction. A client whose connection closes goes back to the pool at once,
 * which drops it: Drizzle never releases a client whose `begin` failed, and the pool would shrink for good.
 */
class GuardedClient extends pg.Client {
  #poolRelease: ((err?: Error | boolean) => void) | undefined;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // With no listener, a lost socket on a checked-out client would crash the process; its queries fail on their own.
    this.on('error', () => {});
    this.on('end', () => this.release(new Error('Connection terminated')));
    const send = this.query.bind(this) as (...args: unknown[]) => unknown;
    const dropIfStuck = (err: unknown) => {
      if (err instanceof Error && err.message === 'Query read timeout') this.connection.stream.destroy();
    };
    this.query = ((...args: unknown[]) => {
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        args[args.length - 1] = (err: unknown, result: unknown) => {
          dropIfStuck(err);
          (callback as (err: unknown, result: unknown) => void)(err, result);
        };
        return send(...args);
      }
      const result = send(...args);
      if (result instanceof Promise) result.catch(dropIfStuck);
      return result;
    }) as typeof this.query;
  }

  /** Set by the pool at each checkout; answered once, later calls (Drizzle's, after ours) do nothing. */
  get release(): (err?: Error | boolean) => void {
    return (err) => {
      const release = this.#poolRelease;
      this.#poolRelease = undefined;
      release?.(err);
    };
  }

  set release(release: (err?: Error | boolean) => void) {
    this.#poolRelease = release;
  }
}

/**
 * A named statement (Database.prepared) as pg's own query object: built from its text alone, which pg takes without
 * copying, then named, so that pg parses it once per connection and binds it afterwards.
 */
class NamedStatement<Row extends pg.QueryResultRow> extends pg.Query<Row> {
  constructor(name: string, text: string, values: unknown[]) {
    super(text, values);
    // pg reads `name` when the statement is sent (Query.prototype.submit); its types do not list it.
    (this as unknown as { name: string }).name = name;
  }
}

interface PostgresLimits {
  poolSize: number;
  statementTimeoutMs: number;
  connectTimeoutMs: number;
}

async function openPostgres(url: string, limits: PostgresLimits): Promise<Database> {
  const [{ drizzle: drizzleNodePg }, { migrate: migrateNodePg }, schema] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
    import('./schema/index.ts'),
  ]);
  const pool = new pg.Pool({
    connectionString: url,
    max: limits.poolSize,
    Client: GuardedClient as unknown as new () => pg.ClientBase,
    connectionTimeoutMillis: limits.connectTimeoutMs,
    // The server cancels a statement past this (57014), and ends a session left in a transaction with nothing to do,
    // which would hold its row locks for everyone else.
    statement_timeout: limits.statementTimeoutMs,
    idle_in_transaction_session_timeout: Math.max(30_000, 4 * limits.statementTimeoutMs),
    // A frozen server or a cut network never answers and never closes the socket: the client stops waiting a little
    // after the server would have cancelled the statement itself.
    query_timeout: limits.statementTimeoutMs + 1000,
    keepAlive: true,
  });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  // pg-pool's query with a statement object and a callback (its types list neither together): it checks a client out,
  // runs the statement through GuardedClient, time limits included, and releases it.
  const runStatement = pool.query.bind(pool) as (
    statement: pg.Submittable,
    callback: (err: Error | undefined, result: pg.QueryResult) => void,
  ) => void;
  const prepared = <Row>(name: string, text: string, values: unknown[]) =>
    new Promise<Row[]>((resolve, reject) => {
      runStatement(new NamedStatement(name, text, values), (err, result) =>
        err ? reject(err) : resolve(result.rows as Row[]),
      );
    });
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // A connection of its own, without the time limits of requests: a migration may rewrite a whole table, and
      // waits for another process's migrations to finish.
      const client = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: limits.connectTimeoutMs,
        keepAlive: true,
      });
      client.on('error', () => {});
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        await client.end();
      }
    },
    // /api/health's check, as often as a load balancer asks: a prepared statement too.
    ping: (timeoutMs = 2000) => pingWith(() => prepared('health_ping', 'select 1', []), timeoutMs),
    prepared,
    close: () => pool.end(),
  };
}

async function pingWith(query: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([query().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads that need not wait for each other: at once on the pool, one after the other in a transaction, whose one
 * connection takes a query at a time (node-postgres queues a second one with a deprecation warning, and version 9
 * refuses it).
 */
export async function readTogether<const T extends readonly (() => Promise<unknown>)[]>(
  db: Db | Tx,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}
