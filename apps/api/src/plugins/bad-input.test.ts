import { errorBody, type ErrorBody, type SheetResponse, type UserType } from '@passerelle/contract';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createFormation, f1caBody, f1ceBody, toInformationSheet } from '../../test/case-fixtures.ts';
import { createTestApp } from '../../test/helper.ts';
import type { RouteEntry } from '../app.ts';
import { admissibles, companies, companyUsers, trackingEntries, users } from '../db/schema/index.ts';
import { forbiddenCharacterCode, forbiddenCharacterPaths } from '../lib/input-text.ts';
import { startTestDirectoryServer } from '../modules/lookups/test-directory-server.ts';
import { createUser, type SignedInUser } from '../modules/workshops/applicant-fixtures.ts';
import { errorsPlugin } from './errors.ts';

/**
 * Issue 8, "Bad input": whatever a client sends (NUL, lone surrogates, odd shapes, broken forms), the API answers 4xx
 * with the error body, never 5xx. Example tests for the cases once answered 500, then property tests over every route of
 * the route table.
 */

const directory = await startTestDirectoryServer();
afterAll(() => directory.close());
const { app } = await createTestApp({
  COMPANY_LOOKUP_URL: directory.companyUrl,
  ADDRESS_LOOKUP_URL: directory.addressUrl,
  LOOKUP_TIMEOUT_MS: 2000,
  LOOKUP_RATE_PER_MINUTE: 100_000,
  LOGIN_RATE_PER_ADDRESS: 100_000,
  LOGIN_RATE_PER_CLIENT: 100_000,
});
const db = app.db;

// ---------- Fixtures: an applicant with dossiers at three stages, their employer contact, staff ----------

const { formationId } = await createFormation(app, 'BAD-INPUT');
const applicant = await createUser(app, 'admissible', formationId);
await db.update(admissibles).set({ contractType: 'APP' }).where(eq(admissibles.userId, applicant.id));
const employer = await createUser(app, 'company');
const [employerRow] = await db.select().from(users).where(eq(users.id, employer.id));
const [company] = await db.insert(companies).values({ name: 'Data Conseil', siret: null }).returning();
await db.insert(companyUsers).values({ companyId: company?.id ?? 0, userId: employer.id });
const staff = await createUser(app, 'staff');
const admin = await createUser(app, 'admin');

const json = (response: LightMyRequestResponse) => response.json<unknown>();
async function ok(method: 'POST' | 'PUT', url: string, caller: SignedInUser, payload?: object): Promise<LightMyRequestResponse> {
  const response = await app.inject({ method, url, headers: caller.headers, ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response;
}
const newDossier = async () => (json(await ok('POST', '/api/admissibles/dossiers', applicant)) as { id: number }).id;

const f1ca = f1caBody(employerRow?.email ?? '');
const f1ce = f1ceBody;

/** Open to the applicant's first contact. */
const draftDossier = await newDossier();
/** Open to the employer's first contact and the missions. */
const employerDossier = await newDossier();
await ok('POST', `/api/admissibles/fiche-premier-contact/${employerDossier}/submit`, applicant, f1ca);
/** Past the funding validation: open to both information sheets. */
const informationDossier = await newDossier();
await ok('POST', `/api/admissibles/fiche-premier-contact/${informationDossier}/submit`, applicant, f1ca);
await ok('POST', `/api/employeurs/fiche-premier-contact/${informationDossier}/submit`, employer, f1ce);
await toInformationSheet(app, staff, employer, informationDossier);
const trackingPath = '/api/admissibles/portal/suiviRechercheEmployeur';
const trackingBody = { targetCompany: 'Decathlon', position: 'Data analyst', applicationDate: '2026-10-01' };
const trackingId = (json(await ok('POST', trackingPath, applicant, trackingBody)) as { id: number }).id;

/** Ids a route's params may name, so that requests reach the services and the database and not only the 404s. */
const knownIds = [draftDossier, employerDossier, informationDossier, trackingId];

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, caller: SignedInUser | undefined, payload?: string | object, headers: Record<string, string> = {}) =>
  app.inject({
    method,
    url,
    headers: { ...caller?.headers, ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

function expectForbiddenCharacter(response: LightMyRequestResponse, field: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json<ErrorBody>();
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.errors?.[field]).toEqual([forbiddenCharacterCode]);
  // The answer quotes no forbidden character back.
  expect(forbiddenCharacterPaths(body)).toEqual([]);
}

// ---------- The cases once answered 500 ----------

describe('forbidden characters in JSON bodies, query strings and params', () => {
  it('refuses a NUL in a tracking field, naming the field, and stores nothing', async () => {
    const before = await db.select().from(trackingEntries).where(eq(trackingEntries.userId, applicant.id));
    const created = await call('POST', trackingPath, applicant, { ...trackingBody, targetCompany: 'Deca\u0000thlon' });
    expectForbiddenCharacter(created, 'targetCompany');
    const updated = await call('PUT', `${trackingPath}/${trackingId}`, applicant, { ...trackingBody, contactLastName: 'Du\u0000rand' });
    expectForbiddenCharacter(updated, 'contactLastName');
    expect(await db.select().from(trackingEntries).where(eq(trackingEntries.userId, applicant.id))).toEqual(before);
  });

  it('names every field holding one', async () => {
    const response = await call('POST', trackingPath, applicant, { ...trackingBody, position: '\u0000', contactFirstName: 'L\u0000a' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<ErrorBody>().errors ?? {}).sort()).toEqual(['contactFirstName', 'position']);
  });

  it('names a field called like a member of every object (valueOf, toString)', async () => {
    const body = JSON.stringify({ ...trackingBody, valueOf: '\u0000', toString: 'x\u0000', hasOwnProperty: '\u0000' });
    const response = await call('POST', trackingPath, applicant, body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<ErrorBody>().errors ?? {}).sort()).toEqual(['hasOwnProperty', 'toString', 'valueOf']);
  });

  it('refuses a NUL in the offers query, naming the parameter', async () => {
    expectForbiddenCharacter(await call('GET', '/api/admissibles/portal/offers?query=ab%00c', applicant), 'query');
    expectForbiddenCharacter(await call('GET', `/api/admissibles/portal/offers?query=${encodeURIComponent('data\u0000')}&page=1`, applicant), 'query');
    // The same search without it works.
    expect((await call('GET', '/api/admissibles/portal/offers?query=abc', applicant)).statusCode).toBe(200);
  });

  it('refuses a NUL in a path parameter', async () => {
    expectForbiddenCharacter(await call('GET', '/api/files/ab%00cd', applicant), 'id');
  });

  it('refuses a lone surrogate in a sheet draft, keeps the saved draft, and autosave goes on for valid input', async () => {
    const url = `/api/admissibles/fiche-premier-contact/${draftDossier}`;
    const saved = await call('PUT', url, applicant, { apprenti: { nom: 'Martin', prenom: 'Léo 🎓' } });
    expect(saved.statusCode, saved.body).toBe(200);

    // Sent as JSON escapes, as a browser's JSON.stringify writes a lone surrogate.
    expectForbiddenCharacter(await call('PUT', url, applicant, '{"apprenti":{"nom":"Mart\\ud800in"}}'), 'apprenti.nom');
    expectForbiddenCharacter(await call('PUT', url, applicant, '{"apprenti":{"adresse":{"commune":"\\udc00"}}}'), 'apprenti.adresse.commune');
    expectForbiddenCharacter(await call('PUT', url, applicant, '{"apprenti":{"nom":"a\\u0000b"}}'), 'apprenti.nom');
    // A key holding one is named too, the character shown as U+FFFD.
    expectForbiddenCharacter(await call('PUT', url, applicant, '{"apprenti":{"n\\u0000m":"x"}}'), 'apprenti.n\uFFFDm');
    // The final action's body is checked alike.
    expectForbiddenCharacter(await call('POST', `${url}/submit`, applicant, { ...f1ca, contrat: { intitulePoste: 'Data\u0000' } }), 'contrat.intitulePoste');

    const read = await call('GET', url, applicant);
    expect(read.json<SheetResponse>().data).toMatchObject({ apprenti: { nom: 'Martin', prenom: 'Léo 🎓' } });
    // A well-formed pair (an emoji) is no lone surrogate.
    const next = await call('PUT', url, applicant, '{"apprenti":{"nom":"Martin \\ud83c\\udf93"}}');
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json<SheetResponse>().data).toMatchObject({ apprenti: { nom: 'Martin 🎓' } });
  });

  it('refuses one in every sheet draft and final action, for the party that fills it in', async () => {
    const sheets = [
      { url: `/api/admissibles/fiche-premier-contact/${draftDossier}`, finish: 'submit', caller: applicant },
      { url: `/api/employeurs/fiche-premier-contact/${employerDossier}`, finish: 'submit', caller: employer },
      { url: `/api/employeurs/modification-missions/${employerDossier}`, finish: 'submit', caller: employer },
      { url: `/api/admissibles/fiche-renseignement/${informationDossier}`, finish: 'send', caller: applicant },
      { url: `/api/employeurs/fiche-renseignement/${informationDossier}`, finish: 'send', caller: employer },
    ];
    for (const { url, finish, caller } of sheets) {
      expectForbiddenCharacter(await call('PUT', url, caller, { contrat: { intitulePoste: 'x\u0000' } }), 'contrat.intitulePoste');
      expectForbiddenCharacter(await call('PUT', url, caller, '{"contrat":{"intitulePoste":"\\ud800"}}'), 'contrat.intitulePoste');
      expectForbiddenCharacter(await call('POST', `${url}/${finish}`, caller, '{"contrat":{"intitulePoste":"\\udfff"}}'), 'contrat.intitulePoste');
    }
  });
});

describe('malformed multipart bodies', () => {
  const boundary = '----passerelle-bad-input';
  const filePart = `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 a CV`;
  const routes = [
    { url: '/api/admissibles/portal/upload', caller: applicant },
    { url: `/api/employeurs/modification-missions/${employerDossier}/attachment`, caller: employer },
  ];

  const expectBadRequest = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<ErrorBody>()).toEqual({
      code: 'BAD_REQUEST',
      message: 'The form sent is malformed: no boundary, cut short, or more parts than expected',
    });
  };

  it('answers 400 to a multipart body without boundary', async () => {
    for (const { url, caller } of routes) {
      expectBadRequest(await call('POST', url, caller, Buffer.from(`${filePart}\r\n--${boundary}--\r\n`), { 'content-type': 'multipart/form-data' }));
      expectBadRequest(await call('POST', url, caller, Buffer.from('x'), { 'content-type': `multipart/form-data; boundary=${'b'.repeat(300)}` }));
    }
  });

  it('answers 400 to a multipart body cut short', async () => {
    for (const { url, caller } of routes) {
      const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
      expectBadRequest(await call('POST', url, caller, Buffer.from(filePart), headers));
      expectBadRequest(await call('POST', url, caller, Buffer.from(`--${boundary}\r\nContent-Disposition: form-da`), headers));
    }
  });

  it('answers 400 to a form with more parts than the route reads', async () => {
    const parts = Array.from({ length: 12 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('');
    const response = await call('POST', '/api/admissibles/portal/upload', applicant, Buffer.from(`${parts}--${boundary}--\r\n`), {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expectBadRequest(response);
  });
});

describe('the error handler, last line of defence', async () => {
  // The database's own refusals, on the database of this run (PGlite or PostgreSQL), through the real error handler.
  const bare = Fastify({ logger: false });
  await bare.register(errorsPlugin);
  bare.get('/text', async () => db.execute(sql`select ${'a\u0000b'}::text as value`));
  bare.get('/jsonb-nul', async () => db.execute(sql`select ${'{"a":"\\u0000"}'}::jsonb ->> 'a' as value`));
  bare.get('/jsonb-surrogate', async () => db.execute(sql`select ${'{"a":"\\ud800"}'}::jsonb as value`));
  bare.get('/integer', async () => db.execute(sql`select ${'12a'}::integer as value`));
  bare.get('/bug', async () => db.execute(sql`select * from no_such_table`));
  await bare.ready();
  afterAll(() => bare.close());

  it('answers 400 to a value PostgreSQL refuses for its characters, quoting nothing of it', async () => {
    for (const url of ['/text', '/jsonb-nul', '/jsonb-surrogate', '/integer']) {
      const response = await bare.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ code: 'BAD_REQUEST', message: 'A value sent cannot be stored' });
    }
  });

  it('still answers 500, with nothing of the error, to any other database failure', async () => {
    const response = await bare.inject({ method: 'GET', url: '/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'INTERNAL', message: 'Internal error' });
  });
});

// ---------- Property tests: every route of the route table ----------

/** One UTF-16 code unit, lone surrogates included (fc.string's 'binary' unit never gives one). */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));
const nasty = fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\ufffe', '\u202e', '\u200b', '\u0001', '\u007f', '\r\n', '"', "'", '\\', '%', '%00', '😀', 'é', '__proto__');
const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.string({ unit: 'grapheme', maxLength: 24 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: codeUnit, maxLength: 24 }) },
  { weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), nasty, fc.string({ maxLength: 8 })).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 190, maxLength: 320 }) },
);
const number = fc.oneof(
  fc.integer({ min: -3, max: 60 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(2_147_483_648, -2_147_483_649, 1e21, Number.MAX_SAFE_INTEGER + 2, 0.1),
);
/** Anything JSON can carry, shapes included. */
const junk: fc.Arbitrary<unknown> = fc.oneof(text, number, fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 }), fc.array(text, { maxLength: 3 }), fc.dictionary(text, text, { maxKeys: 3 }));
const isoDate = fc.date({ min: new Date('1990-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

function stringOf(def: Def): fc.Arbitrary<string> {
  const format = def['format'];
  const valid =
    format === 'date' ? isoDate
    : format === 'email' ? fc.emailAddress()
    : format === 'url' ? fc.webUrl()
    : format === 'uuid' || format === 'guid' ? fc.uuid()
    : format === 'datetime' ? fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
    : undefined;
  // A field checked by a pattern (a postcode, a phone number) gets strings of that pattern too.
  const patterns = ((def['checks'] ?? []) as { _zod: { def: { format?: string; pattern?: RegExp } } }[])
    .map((check) => check._zod.def)
    .flatMap((check) => (check.format === 'regex' && check.pattern ? [fc.stringMatching(check.pattern)] : []));
  const matching = valid ?? (patterns.length > 0 ? fc.oneof(...patterns) : undefined);
  return matching ? fc.oneof({ weight: 3, arbitrary: matching }, { weight: 1, arbitrary: text }) : text;
}

/**
 * Values shaped like a zod schema (right keys and types, mostly) with text from everywhere in Unicode, and now and then
 * anything else in its place: most requests get past the schema's shape, many reach the services and the database.
 */
function fromSchema(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 8) return junk;
  return fc.oneof({ weight: 14, arbitrary: shapedLike(schema, depth) }, { weight: 1, arbitrary: junk });
}

function shapedLike(schema: unknown, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (key: string) => fromSchema(def[key], depth + 1);
  switch (def.type) {
    case 'string':
      return stringOf(def);
    case 'number':
    case 'int':
    case 'bigint':
      return number;
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
      return fc.constantFrom(...Object.values(def['entries'] as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def['values'] as unknown[]));
    case 'object': {
      const shape = Object.entries(def['shape'] as Record<string, unknown>).map(([key, value]) => [key, fromSchema(value, depth + 1)] as const);
      if (shape.length === 0) return fc.constant({});
      const all = fc.record(Object.fromEntries(shape));
      // A draft is sent with a few fields at a time.
      const few = fc.uniqueArray(fc.constantFrom(...shape), { maxLength: 3, selector: ([key]) => key }).chain((picked) => fc.record(Object.fromEntries(picked)));
      const extra = fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.dictionary(text, junk, { maxKeys: 2 }) });
      return fc.tuple(fc.oneof(all, few), extra).map(([known, more]) => ({ ...more, ...known }));
    }
    case 'array':
      return fc.array(inner('element'), { maxLength: 3 });
    case 'tuple':
      return fc.tuple(...(def['items'] as unknown[]).map((item) => fromSchema(item, depth + 1)));
    case 'record':
      return fc.dictionary(defOf(def['keyType']).type === 'enum' ? (shapedLike(def['keyType'], depth + 1) as fc.Arbitrary<string>) : text, inner('valueType'), { maxKeys: 3 });
    case 'union':
      return fc.oneof(...(def['options'] as unknown[]).map((option) => fromSchema(option, depth + 1)));
    case 'intersection':
      return inner('left');
    case 'optional':
      return fc.option(inner('innerType'), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(inner('innerType'), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner('innerType');
    case 'pipe':
      return defOf(def['in']).type === 'transform' ? inner('out') : inner('in');
    case 'lazy':
      return fromSchema((def['getter'] as () => unknown)(), depth + 1);
    default:
      return junk;
  }
}

/** Percent-encodes every byte but the unreserved ones (a lone surrogate travels as U+FFFD, as in any real URL). */
const encode = (value: string) => [...Buffer.from(value, 'utf8')].map((byte) => (/[\w.~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).padStart(2, '0').toUpperCase()}`)).join('');
const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

function queryOf(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return encode(asText(value));
  return Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .flatMap(([key, v]) => (Array.isArray(v) ? v : [v]).map((item) => `${encode(key)}=${encode(asText(item))}`))
    .join('&');
}
/** Query strings no encoder writes: stray %, encoded NUL, overlong and surrogate UTF-8, repeated keys. */
const rawQuery = fc.array(fc.constantFrom('%', '%00', '%zz', '%ED%A0%80', '%C0%80', '%FF', '&', '=', '[]', '+', 'query', 'page', 'lang', 'codePostal', 'q', 'a'), { maxLength: 12 }).map((pieces) => pieces.join(''));

interface Attempt {
  params: Record<string, string>;
  query: string;
  /** The JSON text sent, or nothing. */
  body: string | undefined;
}

function attemptsFor(route: RouteEntry): fc.Arbitrary<Attempt> {
  const schema = route.schema ?? {};
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  const paramShape = schema.params ? (defOf(schema.params)['shape'] as Record<string, unknown> | undefined) : undefined;
  const params = fc.record(
    Object.fromEntries(
      names.map((name) => [
        name,
        fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...knownIds).map(String) },
          { weight: 2, arbitrary: paramShape?.[name] ? fromSchema(paramShape[name]).map(asText) : text },
          { weight: 1, arbitrary: text },
        ),
      ]),
    ),
  ) as fc.Arbitrary<Record<string, string>>;
  const query = schema.querystring
    ? fc.oneof({ weight: 4, arbitrary: fromSchema(schema.querystring).map(queryOf) }, { weight: 1, arbitrary: rawQuery })
    : fc.constant('');
  const body = schema.body
    ? fc.oneof(
        { weight: 8, arbitrary: fromSchema(schema.body).map((value) => JSON.stringify(value)) },
        { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
        { weight: 1, arbitrary: fc.string({ unit: codeUnit, maxLength: 40 }) },
      )
    : fc.constant(undefined);
  return fc.record({ params, query, body });
}

/** A user the route lets in: from its access (route table), the party its address names first. */
function callerFor(route: RouteEntry): SignedInUser | undefined {
  const access = (route as { access?: unknown }).access;
  if (access === 'public' || route.url.startsWith('/api/auth/')) return undefined;
  const byType: Partial<Record<UserType, SignedInUser>> = { admissible: applicant, company: employer, staff, admin };
  const byAddress = route.url.startsWith('/api/admissibles/') ? applicant : route.url.startsWith('/api/employeurs/') ? employer : staff;
  if (!Array.isArray(access)) return byAddress;
  const allowed = access as UserType[];
  const preferred = Object.entries(byType).find(([type, user]) => allowed.includes(type as UserType) && user === byAddress);
  const first = allowed.map((type) => byType[type]).find(Boolean);
  const caller = preferred?.[1] ?? first;
  if (!caller) throw new Error(`no test user for ${route.method} ${route.url} (${allowed.join(', ')})`);
  return caller;
}

async function send(route: RouteEntry, caller: SignedInUser | undefined, attempt: Attempt) {
  const url = route.url.replace(/:(\w+)/g, (_, name: string) => encode(attempt.params[name] ?? '1'));
  return app.inject({
    method: route.method as 'GET',
    url: attempt.query ? `${url}?${attempt.query}` : url,
    headers: { ...caller?.headers, ...(attempt.body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(attempt.body === undefined ? {} : { payload: attempt.body }),
  });
}

function expectNoServerError(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, `${what} → ${response.statusCode} ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode >= 400) expect(errorBody.safeParse(response.json()).success, `${what}: ${response.body.slice(0, 300)}`).toBe(true);
}

/** Runs per route; BAD_INPUT_RUNS=500 searches deeper by hand. */
const numRuns = Number(process.env['BAD_INPUT_RUNS'] ?? 40);
// DELETE routes last: they may remove the fixtures the other routes' requests name; deactivating an account last of all:
// a known id may be the staff caller's, whose sessions it ends.
const sweepOrder = (route: RouteEntry) => (route.url.endsWith('/deactivate') ? 2 : route.method === 'DELETE' ? 1 : 0);
const swept = app.routeTable
  .filter((route) => route.schema?.body || route.schema?.querystring || route.schema?.params)
  .sort((a, b) => sweepOrder(a) - sweepOrder(b));

describe('every route with a body, query string or params schema', () => {
  it('covers the routes of the issue', () => {
    const names = swept.map((route) => `${route.method} ${route.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/admissibles/portal/suiviRechercheEmployeur',
        'GET /api/admissibles/portal/offers',
        'PUT /api/admissibles/fiche-premier-contact/:id',
        'PUT /api/employeurs/fiche-renseignement/:id',
      ]),
    );
  });

  it.each(swept.map((route) => ({ ...route, name: `${route.method} ${route.url}` })))('$name never answers 5xx', async (route) => {
    const caller = callerFor(route);
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(attemptsFor(route), async (attempt) => {
        const response = await send(route, caller, attempt);
        statuses.add(response.statusCode);
        expectNoServerError(response, `${route.name} ${JSON.stringify(attempt)}`);
      }),
      { numRuns },
    );
    // The test user gets in: the requests reached the route, not only the authentication.
    if (caller) expect([...statuses]).not.toContain(401);
  });
});

/** Every route a form may be posted to: the non-public POST and PUT routes without a JSON body schema. */
const formRoutes = app.routeTable.filter((route) => (route.method === 'POST' || route.method === 'PUT') && !route.schema?.body && callerFor(route) && !route.url.includes('logout'));

const boundaryText = fc.string({ unit: fc.constantFrom(...'abcXYZ0129-_=+.:/ '.split('')), maxLength: 70 });
const form = fc
  .record({
    boundary: boundaryText,
    contentType: fc.constantFrom('plain', 'none', 'quoted', 'long', 'mixed'),
    parts: fc.array(
      fc.record({
        name: fc.oneof(fc.constantFrom('cv', 'cvec', 'attestationBac', 'numCvec', 'file', 'type', '__proto__', 'constructor'), text),
        filename: fc.option(text, { nil: undefined }),
        type: fc.option(fc.constantFrom('application/pdf', 'application/json', 'text/plain', 'image/png'), { nil: undefined }),
        content: fc.oneof(text, fc.constantFrom('%PDF-1.4\n', '\u0089PNG\r\n\u001a\n', '{"a":', '\u0000')),
      }),
      { maxLength: 8 },
    ),
    cut: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
    closed: fc.boolean(),
  })
  .map(({ boundary, contentType, parts, cut, closed }) => {
    let body = parts
      .map((part) => {
        const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
        return `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n${part.content}\r\n`;
      })
      .join('');
    if (closed) body += `--${boundary}--\r\n`;
    const bytes = Buffer.from(body, 'utf8');
    const header = {
      plain: `multipart/form-data; boundary=${boundary}`,
      none: 'multipart/form-data',
      quoted: `multipart/form-data; boundary="${boundary}"`,
      long: `multipart/form-data; boundary=${'x'.repeat(300)}`,
      mixed: `multipart/mixed; boundary=${boundary}`,
    }[contentType];
    return { header, payload: cut === undefined ? bytes : bytes.subarray(0, Math.floor(bytes.length * cut)) };
  });

describe('every route a form may be posted to', () => {
  it('includes the upload routes', () => {
    expect(formRoutes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['POST /api/admissibles/portal/upload', 'POST /api/employeurs/modification-missions/:id/attachment']),
    );
  });

  it.each(formRoutes.map((route) => ({ ...route, name: `${route.method} ${route.url}` })))('$name never answers 5xx to any form', async (route) => {
    const caller = callerFor(route);
    await fc.assert(
      fc.asyncProperty(form, fc.constantFrom(...knownIds), async ({ header, payload }, id) => {
        const url = route.url.replace(/:(\w+)/g, String(id));
        const response = await app.inject({ method: route.method as 'POST', url, headers: { ...caller?.headers, 'content-type': header }, payload });
        expectNoServerError(response, `${route.name} ${header} ${JSON.stringify(payload.toString('latin1').slice(0, 200))}`);
      }),
      { numRuns },
    );
  });
});
