import type {
  AddressSuggestion,
  CommuneSuggestion,
  CompanyLookupResponse,
  ErrorBody,
  UserType,
} from '@passerelle/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { accessTokenFor, createTestApp, startSecondProcess } from '../../../test/helper.ts';
import { findOrCreateUserByEmail } from '../users/users.service.ts';
import { sampleAddressQueries, sampleCodesPostaux, sampleSirets } from './directory-samples.ts';
import { startTestDirectoryServer } from './test-directory-server.ts';

const timeoutMs = 300;
const directory = await startTestDirectoryServer();
afterAll(() => directory.close());

const { app } = await createTestApp({
  COMPANY_LOOKUP_URL: directory.companyUrl,
  ADDRESS_LOOKUP_URL: directory.addressUrl,
  LOOKUP_TIMEOUT_MS: timeoutMs,
});

// The look-ups read no user row; a token needs a session, hence a user, all the same.
async function tokenFor(userType: UserType, on: FastifyInstance = app) {
  const user = await findOrCreateUserByEmail(on.db, { email: `lookups-${userType}@example.test`, userType, prenom: 'L', nom: 'U', lang: 'fr-FR' });
  return accessTokenFor(on, { id: user.id, userType });
}
const companyToken = await tokenFor('company');
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

const getCompany = async (siret: string, token = companyToken) =>
  app.inject({ method: 'GET', url: `/api/lookups/company/${siret}`, headers: auth(token) });
const getAddresses = async (q: string, token = companyToken) =>
  app.inject({ method: 'POST', url: '/api/lookups/address', payload: { q }, headers: auth(token) });
const getCommunes = async (codePostal: string) =>
  app.inject({ method: 'GET', url: '/api/lookups/communes', query: { codePostal }, headers: auth(companyToken) });

describe('GET /api/lookups/company/:siret', () => {
  it('answers the establishment with its details, for every signed-in kind of user', async () => {
    for (const userType of ['admissible', 'company', 'staff', 'admin'] as const) {
      const response = await getCompany(sampleSirets.siege, await tokenFor(userType));
      expect(response.statusCode, userType).toBe(200);
    }
    const body = (await getCompany(sampleSirets.siege)).json<CompanyLookupResponse>();
    expect(body.warnings).toEqual([]);
    expect(body.data).toMatchObject({
      siret: sampleSirets.siege,
      siren: '812345676',
      denomination: 'ATELIER BOIS ET FORME',
      adresse: { numeroVoie: '12 BIS', voie: 'RUE DE LA PAIX', codePostal: '75002', commune: 'PARIS' },
      codeNaf: '62.01Z',
      idccs: ['1486'],
      etatAdministratif: 'A',
      typeEmployeur: '12',
    });
  });

  it('accepts a SIRET typed with spaces', async () => {
    const spaced = '812 345 676 00017';
    const response = await getCompany(encodeURIComponent(spaced));
    expect(response.statusCode).toBe(200);
    expect(response.json<CompanyLookupResponse>().data.siret).toBe(sampleSirets.siege);
  });

  it('says a public employer concludes its contracts on CELIA, and still gives its details', async () => {
    const response = await getCompany(sampleSirets.publicEmployer);
    expect(response.statusCode).toBe(200);
    const body = response.json<CompanyLookupResponse>();
    expect(body.data).toMatchObject({ denomination: 'COMMUNE DE SAINT-EXEMPLE', categorieJuridique: '7210', typeEmployeur: null });
    expect(body.warnings).toEqual([{ path: 'siret', code: 'siret.public_employer', severity: 'warning' }]);
  });

  it('answers a closed establishment with the siret.inactive warning', async () => {
    const response = await getCompany(sampleSirets.closed);
    expect(response.statusCode).toBe(200);
    const body = response.json<CompanyLookupResponse>();
    expect(body.data.etatAdministratif).toBe('F');
    expect(body.warnings).toEqual([{ path: 'siret', code: 'siret.inactive', severity: 'warning' }]);
  });

  it('answers 404 with errors.siret when the directory does not know the SIRET', async () => {
    const response = await getCompany(sampleSirets.unknown);
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>()).toMatchObject({ code: 'NOT_FOUND', errors: { siret: ['siret.not_found'] } });
  });

  it('refuses an invalid SIRET with 400 before asking the directory', async () => {
    const before = directory.calls.length;
    const checksum = await getCompany('81234567600018');
    expect(checksum.statusCode).toBe(400);
    expect(checksum.json<ErrorBody>()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { siret: ['siret.checksum'] },
    });
    const format = await getCompany('8123456760001');
    expect(format.statusCode).toBe(400);
    expect(format.json<ErrorBody>().errors).toEqual({ siret: ['siret.format'] });
    expect(directory.calls.length).toBe(before);
  });

  it('answers 503 when the directory fails with 500 or 429, and asks again next time', async () => {
    for (const siret of [sampleSirets.serverError, sampleSirets.rateLimited]) {
      const first = await getCompany(siret);
      expect(first.statusCode, siret).toBe(503);
      expect(first.json<ErrorBody>().code).toBe('SERVICE_UNAVAILABLE');
      await getCompany(siret);
      expect(directory.callsFor(siret), siret).toBe(2);
    }
  });

  it('answers 503 when the directory answers 404 or a body of another shape', async () => {
    for (const siret of [sampleSirets.wrongPath, sampleSirets.badPayload]) {
      const response = await getCompany(siret);
      expect(response.statusCode, siret).toBe(503);
      expect(response.json<ErrorBody>().code).toBe('SERVICE_UNAVAILABLE');
    }
  });

  it('answers 503 within the timeout when the directory never answers', async () => {
    const started = performance.now();
    const response = await getCompany(sampleSirets.hanging);
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(503);
    expect(response.json<ErrorBody>().code).toBe('SERVICE_UNAVAILABLE');
    expect(elapsed).toBeGreaterThanOrEqual(timeoutMs - 20);
    expect(elapsed).toBeLessThan(timeoutMs + 1500);
  });

  it('keeps answers in cache: a second look-up does not call the directory', async () => {
    expect(directory.callsFor(sampleSirets.soleTrader)).toBe(0);
    const first = await getCompany(sampleSirets.soleTrader);
    const second = await getCompany(sampleSirets.soleTrader);
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(directory.callsFor(sampleSirets.soleTrader)).toBe(1);
  });

  it('answers 401 without a token and 403 to a user type without look-ups', async () => {
    const anonymous = await app.inject({ method: 'GET', url: `/api/lookups/company/${sampleSirets.siege}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<ErrorBody>().code).toBe('UNAUTHORIZED');
    const parent = await getCompany(sampleSirets.siege, await tokenFor('parent'));
    expect(parent.statusCode).toBe(403);
  });
});

describe('POST /api/lookups/address', () => {
  it('answers up to 5 suggestions split into fields', async () => {
    const response = await getAddresses(sampleAddressQueries.found);
    expect(response.statusCode).toBe(200);
    const body = response.json<AddressSuggestion[]>();
    expect(body).toHaveLength(3);
    expect(body[0]).toEqual({
      label: '8 Boulevard du Port 80000 Amiens',
      numeroVoie: '8',
      voie: 'Boulevard du Port',
      codePostal: '80000',
      commune: 'Amiens',
      codeInsee: '80021',
    });
  });

  it('answers an empty list when nothing matches, so the form lets the person type', async () => {
    const response = await getAddresses(sampleAddressQueries.none);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('refuses a query shorter than 3 characters', async () => {
    const response = await getAddresses(' ab ');
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { q: ['lookup.query_too_short'] },
    });
  });

  it('answers 503 when the directory fails or hangs', async () => {
    const failed = await getAddresses(sampleAddressQueries.serverError);
    expect(failed.statusCode).toBe(503);
    const started = performance.now();
    const hung = await getAddresses(sampleAddressQueries.hanging);
    expect(hung.statusCode).toBe(503);
    expect(performance.now() - started).toBeLessThan(timeoutMs + 1500);
  });

  it('answers 401 without a token', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/lookups/address', payload: { q: 'rue de la paix' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/lookups/communes', () => {
  it('answers the communes of a postcode from the shipped postcodes table, without asking the directory', async () => {
    const response = await getCommunes(sampleCodesPostaux.found);
    expect(response.statusCode).toBe(200);
    const communes = response.json<CommuneSuggestion[]>();
    expect(communes).toContainEqual({ commune: "L'Abergement-Clémenciat", codeInsee: '01001', codePostal: '01400' });
    expect(communes).toContainEqual({ commune: 'Châtillon-sur-Chalaronne', codeInsee: '01093', codePostal: '01400' });
    expect(new Set(communes.map((c) => c.codeInsee)).size).toBe(communes.length);
    expect(directory.callsFor(sampleCodesPostaux.found)).toBe(0);
  });

  it('asks the directory for a postcode the table does not know: an empty list, or 503 when it is down', async () => {
    expect((await getCommunes(sampleCodesPostaux.none)).json()).toEqual([]);
    expect((await getCommunes(sampleCodesPostaux.serverError)).statusCode).toBe(503);
  });

  it('refuses a malformed postcode', async () => {
    const response = await getCommunes('7500');
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual({ codePostal: ['postcode.format'] });
  });
});

describe('look-up rate limit', async () => {
  const limited = await createTestApp({
    COMPANY_LOOKUP_URL: directory.companyUrl,
    ADDRESS_LOOKUP_URL: directory.addressUrl,
    LOOKUP_RATE_PER_MINUTE: 2,
  });
  const token = await tokenFor('staff', limited.app);

  it('answers 429 with Retry-After past the per-client limit', async () => {
    const ask = () =>
      limited.app.inject({
        method: 'GET',
        url: '/api/lookups/communes',
        query: { codePostal: '01400' },
        headers: auth(token),
      });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    const third = await ask();
    expect(third.statusCode).toBe(429);
    expect(third.json<ErrorBody>().code).toBe('RATE_LIMITED');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('answers kept in the database (issue 28)', async () => {
  const ownDirectory = await startTestDirectoryServer();
  const context = await createTestApp({
    COMPANY_LOOKUP_URL: ownDirectory.companyUrl,
    ADDRESS_LOOKUP_URL: ownDirectory.addressUrl,
    LOOKUP_TIMEOUT_MS: timeoutMs,
  });
  const token = await tokenFor('company', context.app);

  it('fills a company and an address seen before after a restart while the directory is down', async () => {
    const company = (on: FastifyInstance) =>
      on.inject({ method: 'GET', url: `/api/lookups/company/${sampleSirets.siege}`, headers: auth(token) });
    const address = (on: FastifyInstance) =>
      on.inject({ method: 'POST', url: '/api/lookups/address', payload: { q: sampleAddressQueries.found }, headers: auth(token) });
    const unknown = (on: FastifyInstance) =>
      on.inject({ method: 'GET', url: `/api/lookups/company/${sampleSirets.secondary}`, headers: auth(token) });

    const seen = await company(context.app);
    expect(seen.statusCode).toBe(200);
    const seenAddress = await address(context.app);
    expect(seenAddress.statusCode).toBe(200);

    // The address typed is kept as a hash only: it may be a person's.
    const keys = await context.database.db.execute<{ kind: string; key: string }>(sql`select kind, key from lookup_answers`);
    const rows = 'rows' in keys ? (keys.rows as { kind: string; key: string }[]) : (keys as unknown as { kind: string; key: string }[]);
    expect(rows.map((row) => row.kind).sort()).toEqual(['address', 'company']);
    expect(rows.some((row) => row.key.includes(sampleAddressQueries.found))).toBe(false);

    await ownDirectory.close();
    // A restarted API: a new process (its in-memory caches empty) on the same database.
    const restarted = await startSecondProcess(context);
    const again = await company(restarted);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(seen.json());
    expect((await address(restarted)).json()).toEqual(seenAddress.json());
    // A company never seen before still gets the 503 that opens the fields for manual entry.
    const never = await unknown(restarted);
    expect(never.statusCode).toBe(503);
    expect(never.json<ErrorBody>().code).toBe('SERVICE_UNAVAILABLE');
  });
});
