import type { ErrorBody } from '@passerelle/contract';
import { eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startRelay } from '../../test/db-relay.ts';
import { createTestApp } from '../../test/helper.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createSchool, createUser } from '../modules/workshops/applicant-fixtures.ts';
import { createWorkshops } from '../modules/workshops/workshops.service.ts';
import { parisDay } from '../lib/paris-time.ts';
import { openDatabase } from './client.ts';
import { isDatabaseUnavailable } from '../lib/database-errors.ts';
import { atelierRegistrations, schools } from './schema/index.ts';

const timeouts = { statementTimeoutMs: 400, connectTimeoutMs: 400 };

describe('a PostgreSQL server that freezes, goes down or holds a lock', async () => {
  const { app: direct, url } = await createTestApp();
  if (!url) throw new Error('PostgreSQL only');
  const address = new URL(url);
  const relay = await startRelay({ host: address.hostname, port: Number(address.port || 5432) });
  const relayed = new URL(url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(relay.port);

  const database = await openDatabase({ url: relayed.toString(), poolSize: 4, ...timeouts });
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { PUBLIC_URL: 'http://localhost:3999', DEMO_DATA: false, JWT_SECRET: 'test-secret-test-secret-test-secret-0123' },
  );
  const app: FastifyInstance = await buildApp({ config, database, logger: false });
  await app.ready();
  afterAll(async () => {
    relay.resume();
    await app.close();
    await database.close();
    await relay.stop();
  });

  const school = await createSchool(direct, 'Faults');
  const [workshop] = await createWorkshops(direct.db, [
    {
      schoolId: school.schoolId,
      title: 'Atelier CV',
      date: parisDay(new Date(Date.now() + 7 * 86_400_000)),
      startHour: '10:00',
      endHour: '12:00:00',
      quota: 30,
    },
  ]);
  if (!workshop) throw new Error('workshop not written');
  const register = (headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: `/api/admissibles/portal/registerAtelier/${workshop.id}`, headers });
  const registrationsOf = async (userId: number) =>
    direct.db.select().from(atelierRegistrations).where(eq(atelierRegistrations.userId, userId));
  const health = () => app.inject({ method: 'GET', url: '/api/health' });

  function expectUnavailable(response: Awaited<ReturnType<typeof health>>) {
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json<ErrorBody>().code).toBe('SERVICE_UNAVAILABLE');
  }

  beforeEach(() => relay.resume());

  it('answers 503 with Retry-After while the server is frozen, writes nothing half-done, and recovers by itself', async () => {
    const applicant = await createUser(direct, 'admissible', school.formationId);
    expect((await health()).statusCode).toBe(200);

    relay.freeze();
    expectUnavailable(await register(applicant.headers));
    // More requests than the pool has connections: none waits for the stuck ones.
    const answers = await Promise.all(Array.from({ length: 6 }, () => register(applicant.headers)));
    for (const answer of answers) expectUnavailable(answer);
    expectUnavailable(await health());

    relay.resume();
    expect(await registrationsOf(applicant.id)).toEqual([]);
    const again = await register(applicant.headers);
    expect(again.statusCode).toBe(200);
    expect(await registrationsOf(applicant.id)).toHaveLength(1);
    expect((await health()).statusCode).toBe(200);
  });

  it('gives back the connections of transactions that failed to begin, and leaves none of them open', async () => {
    const schoolsCoded = async (prefix: string) => direct.db.select().from(schools).where(like(schools.code, `${prefix}%`));
    // Four connections open and idle in the pool, so that the transactions below do send their `begin`.
    await Promise.all(Array.from({ length: 4 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
    relay.freeze();
    const attempts = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        database.db.transaction(async (tx) => {
          await tx.insert(schools).values({ code: `frozen-${i}`, name: 'Gelée' });
        }),
      ),
    );
    expect(attempts.map((attempt) => attempt.status === 'rejected' && isDatabaseUnavailable(attempt.reason))).toEqual(
      Array(6).fill(true),
    );

    relay.resume();
    // As many writes at once as the pool holds connections: each lands on its own, and each is committed.
    await Promise.all(
      Array.from({ length: 4 }, (_, i) => database.db.insert(schools).values({ code: `thawed-${i}`, name: 'Dégelée' })),
    );
    expect(await schoolsCoded('thawed-')).toHaveLength(4);
    expect(await schoolsCoded('frozen-')).toEqual([]);
  });

  it('answers 503 with Retry-After while the server is down, and recovers once it is back', async () => {
    const applicant = await createUser(direct, 'admissible', school.formationId);
    await relay.stop();
    try {
      expectUnavailable(await register(applicant.headers));
      expectUnavailable(await health());
    } finally {
      await relay.restart();
    }
    expect((await register(applicant.headers)).statusCode).toBe(200);
    expect(await registrationsOf(applicant.id)).toHaveLength(1);
  });

  it('answers 503 when a statement waits past the statement timeout on a lock, then serves once the lock is gone', async () => {
    const applicant = await createUser(direct, 'admissible', school.formationId);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from ateliers where id = $1 for update', [workshop.id]);
      expectUnavailable(await register(applicant.headers));
      await holder.query('commit');
    } finally {
      await holder.end();
    }
    expect((await register(applicant.headers)).statusCode).toBe(200);
  });
});
