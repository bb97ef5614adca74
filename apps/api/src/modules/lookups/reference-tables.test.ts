import type { ErrorBody, IdccLookupResponse, ReferenceTablesResponse, SmicFreshnessResponse, UserType } from '@passerelle/contract';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessTokenFor, createTestApp } from '../../../test/helper.ts';
import { findOrCreateUserByEmail } from '../users/users.service.ts';
import { refIdccOpco, referenceTables } from '../../db/schema/index.ts';
import { idccState, loadReferenceLookup, loadRuleReferences, nafExists, opcoOfIdcc } from './lookups.service.ts';
import type { ReferenceRows } from './reference-csv.ts';
import { loadShippedVersion, shippedRows } from './reference-tables.ts';

const { app } = await createTestApp();

async function tokenFor(userType: UserType, on: FastifyInstance = app) {
  const user = await findOrCreateUserByEmail(on.db, {
    email: `refs-${userType}@example.test`,
    userType,
    prenom: 'Ada',
    nom: userType === 'admin' ? 'Admin' : 'User',
    lang: 'fr-FR',
  });
  return accessTokenFor(on, { id: user.id, userType });
}
const admin = await tokenFor('admin');
const staff = await tokenFor('staff');
const company = await tokenFor('company');
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A multipart body of the upload form, as a browser sends it. */
function uploadBody(fields: { csv?: string; source?: string; sourceDate?: string; filename?: string }) {
  const form = new FormData();
  if (fields.csv !== undefined) form.append('file', new Blob([fields.csv], { type: 'text/csv' }), fields.filename ?? 'table.csv');
  if (fields.source !== undefined) form.append('source', fields.source);
  if (fields.sourceDate !== undefined) form.append('sourceDate', fields.sourceDate);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { request, form };
}
async function upload(table: string, fields: Parameters<typeof uploadBody>[0], token = admin, lang = 'fr-FR') {
  const { request } = uploadBody(fields);
  const payload = Buffer.from(await request.arrayBuffer());
  return app.inject({
    method: 'PUT',
    url: `/api/staff/settings/reference-tables/${table}`,
    payload,
    headers: { ...auth(token), 'content-type': request.headers.get('content-type') ?? '', 'accept-language': lang },
  });
}
const list = (token = admin) => app.inject({ method: 'GET', url: '/api/staff/settings/reference-tables', headers: auth(token) });
const idcc = (code: string, token = company) => app.inject({ method: 'GET', url: `/api/lookups/idcc/${code}`, headers: auth(token) });

describe('shipped reference tables', () => {
  it('are loaded on first use, each with its source, date and row count', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const tables = response.json<ReferenceTablesResponse>();
    expect(tables.map((t) => [t.name, t.rowCount, t.shipped, t.loadedBy])).toEqual([
      ['idcc', 786, true, null],
      ['idcc-opco', 330, true, null],
      ['naf', 732, true, null],
      ['postcodes', 35_539, true, null],
    ]);
    expect(tables.find((t) => t.name === 'naf')?.sourceDate).toBe('2026-04-07');
    expect(tables.find((t) => t.name === 'naf')?.source).toContain('INSEE');
    expect(tables.find((t) => t.name === 'postcodes')?.source).toContain('La Poste');
  });

  it('give the State tool checks their look-up: IDCC state, NAF existence, OPCO', async () => {
    const lookup = await loadReferenceLookup(app.db);
    expect(lookup.idcc('16')).toMatchObject({ code: '0016', etat: 'VIGUEUR_ETEN', inForce: true, special: false });
    expect(lookup.idcc('0054')).toMatchObject({ etat: 'ABROGE', inForce: false });
    expect(lookup.idcc('0214')).toMatchObject({ etat: null, inForce: true });
    expect(lookup.idcc('9999')).toMatchObject({ special: true, inForce: false });
    expect(lookup.idcc('1234')).toBeUndefined();
    expect(lookup.nafExists('6201Z')).toBe(true);
    expect(lookup.nafExists('62.01z')).toBe(true);
    expect(lookup.nafExists('62.01A')).toBe(false);
    expect(lookup.opcoOfIdcc('1486')).toBe('OPCO_ATLAS');
    expect(lookup.opcoOfIdcc('0054')).toBeUndefined();
    expect(await idccState(app.db, '3248')).toMatchObject({ libelle: 'Métallurgie', inForce: true });
    expect(await nafExists(app.db, '85.59A')).toBe(true);
    expect(await opcoOfIdcc(app.db, '16')).toBe('OPCO_MOBILITE');
  });
});

describe('GET /api/lookups/idcc/:code', () => {
  it('answers the agreement, its legal state and its OPCO to every user of the forms', async () => {
    for (const token of [company, staff, admin]) expect((await idcc('16', token)).statusCode).toBe(200);
    expect((await idcc('1486')).json<IdccLookupResponse>()).toEqual({
      code: '1486',
      libelle: "Bureaux d'études techniques, cabinets d'ingénieurs-conseils et sociétés de conseils",
      etat: 'VIGUEUR_ETEN',
      inForce: true,
      special: false,
      opco: 'OPCO_ATLAS',
    });
    expect((await idcc('54')).json<IdccLookupResponse>()).toMatchObject({ code: '0054', inForce: false, opco: null });
  });

  it('answers 404 for an unknown IDCC, 400 for what is no IDCC, 401 without a token', async () => {
    const unknown = await idcc('1234');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorBody>().errors).toEqual({ code: ['idcc.unknown'] });
    expect((await idcc('12a')).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/lookups/idcc/16' })).statusCode).toBe(401);
  });
});

describe('PUT /api/staff/settings/reference-tables/:table', () => {
  const opcoCsv = (rows: number, opco = 'AKTO') =>
    ['idcc;opco', ...Array.from({ length: rows }, (_, i) => `${i + 1};${i === 15 ? opco : 'OPCO 2i'}`)].join('\n');

  it('is for admins only: 401 without a token, 403 for staff and companies', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/staff/settings/reference-tables' })).statusCode).toBe(401);
    expect((await list(staff)).statusCode).toBe(403);
    expect((await list(company)).statusCode).toBe(403);
    const body = { csv: opcoCsv(200), source: 'Test', sourceDate: '2026-11-01' };
    expect((await upload('idcc-opco', body, staff)).statusCode).toBe(403);
    expect((await upload('idcc-opco', body, company)).statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'PUT', url: '/api/staff/settings/reference-tables/naf' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a file with a wrong line, naming it, and keeps the loaded version whole', async () => {
    const csv = `${opcoCsv(200)}\nabc;AKTO\n17;Nope`;
    const response = await upload('idcc-opco', { csv, source: 'Ministère du Travail', sourceDate: '2026-11-01' });
    expect(response.statusCode).toBe(400);
    const errors = response.json<ErrorBody>().errors?.file ?? [];
    expect(errors[0]).toBe('Ligne 202 : « abc » n’est pas un IDCC (1 à 4 chiffres).');
    expect(errors[1]).toContain('Ligne 203 : « Nope » n’est aucun des 11 OPCO');
    expect((await list()).json<ReferenceTablesResponse>().find((t) => t.name === 'idcc-opco')).toMatchObject({ rowCount: 330, shipped: true });
    expect(await opcoOfIdcc(app.db, '16')).toBe('OPCO_MOBILITE');
  });

  it('refuses a file too short to be the whole table, a missing column, source or date, in English too', async () => {
    const short = await upload('idcc-opco', { csv: opcoCsv(10), source: 'Test', sourceDate: '2026-11-01' }, admin, 'en-US');
    expect(short.statusCode).toBe(400);
    expect(short.json<ErrorBody>().errors?.file?.[0]).toContain('This file has 10 lines where the table has at least 150');
    const columns = await upload('naf', { csv: 'code;nom\n62.01Z;Programmation', source: 'INSEE', sourceDate: '2026-01-01' });
    expect(columns.json<ErrorBody>().errors?.file?.[0]).toContain('libelle');
    const fields = await upload('naf', { csv: 'code;libelle\n62.01Z;Programmation', source: '', sourceDate: 'demain' });
    expect(fields.statusCode).toBe(400);
    expect(Object.keys(fields.json<ErrorBody>().errors ?? {}).sort()).toEqual(['source', 'sourceDate']);
    const none = await upload('naf', { source: 'INSEE', sourceDate: '2026-01-01' });
    expect(none.json<ErrorBody>().errors?.file).toEqual(['Choisissez le fichier CSV de la table.']);
  });

  it('replaces a table all at once, with its source, date and who loaded it; the look-ups read the new rows', async () => {
    const response = await upload('idcc-opco', {
      csv: opcoCsv(200, 'AKTO (OPCO entreprises et salariés des services à forte intensité de main-d’œuvre)'),
      source: 'Ministère du Travail, liste des OPCO par branche',
      sourceDate: '2026-11-01',
    });
    expect(response.statusCode).toBe(200);
    const opco = response.json<ReferenceTablesResponse>().find((t) => t.name === 'idcc-opco');
    expect(opco).toMatchObject({
      rowCount: 200,
      shipped: false,
      loadedBy: 'Ada Admin',
      source: 'Ministère du Travail, liste des OPCO par branche',
      sourceDate: '2026-11-01',
    });
    expect(await opcoOfIdcc(app.db, '16')).toBe('AKTO');
    expect(await opcoOfIdcc(app.db, '1486')).toBeUndefined();
    expect((await idcc('16')).json<IdccLookupResponse>().opco).toBe('AKTO');
  });

  it('takes La Poste’s own file for the postcodes (its header, CRLF lines, a pair repeated per locality)', async () => {
    const lines = ['#Code_commune_INSEE;Nom_de_la_commune;Code_postal;Libellé_d_acheminement;Ligne_5'];
    for (let i = 0; i < 20_000; i += 1) lines.push(`${String(10_000 + i)};COMMUNE ${i};${String(10_000 + i)};COMMUNE ${i};`);
    lines.push('01001;L ABERGEMENT CLEMENCIAT;01400;L ABERGEMENT CLEMENCIAT;');
    lines.push('01001;L ABERGEMENT CLEMENCIAT;01400;L ABERGEMENT CLEMENCIAT;LE HAMEAU');
    const response = await upload('postcodes', { csv: lines.join('\r\n'), source: 'La Poste', sourceDate: '2026-10-01' });
    expect(response.statusCode).toBe(200);
    expect(response.json<ReferenceTablesResponse>().find((t) => t.name === 'postcodes')?.rowCount).toBe(20_001);
    const communes = await app.inject({ method: 'GET', url: '/api/lookups/communes', query: { codePostal: '01400' }, headers: auth(company) });
    expect(communes.json()).toEqual([{ commune: 'L ABERGEMENT CLEMENCIAT', codeInsee: '01001', codePostal: '01400' }]);
  });
});

describe('GET /api/staff/smic/freshness', () => {
  afterEach(() => vi.useRealTimers());
  const freshness = (token = staff) => app.inject({ method: 'GET', url: '/api/staff/smic/freshness', headers: auth(token) });
  /** The answer on a day, with a token of that day (moving the clock expires the others). */
  async function freshnessOn(day: string): Promise<SmicFreshnessResponse> {
    vi.setSystemTime(new Date(`${day}T10:00:00+01:00`));
    const response = await freshness(await tokenFor('staff'));
    expect(response.statusCode).toBe(200);
    return response.json<SmicFreshnessResponse>();
  }

  it('says the latest value is fresh on 2026-11-29 and stale once it is more than 12 months old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    expect(await freshnessOn('2026-11-29')).toEqual({ latestValidFrom: '2026-01-01', stale: false, staleAfterMonths: 12 });
    expect((await freshnessOn('2027-01-01')).stale).toBe(false);
    expect((await freshnessOn('2027-01-02')).stale).toBe(true);
  });

  it('is for staff and admins: 401 without a token, 403 for a company', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/staff/smic/freshness' })).statusCode).toBe(401);
    expect((await freshness(company)).statusCode).toBe(403);
  });
});

describe('the tables the rules read', () => {
  it('follow a version another process loaded, at the next read', async () => {
    const before = (await loadRuleReferences(app.db)).opco?.('16');
    expect(before).toBeDefined();
    expect(before).not.toBe('OPCO_SANTE');
    // Another API process replaces the table: its rows and its version change in the database, not in this process.
    await app.db.transaction(async (tx) => {
      await tx.update(refIdccOpco).set({ opco: 'OPCO_SANTE' }).where(eq(refIdccOpco.idcc, '0016'));
      await tx
        .update(referenceTables)
        .set({ loadedAt: new Date(Date.now() + 1000) })
        .where(eq(referenceTables.name, 'idcc-opco'));
    });
    expect((await loadRuleReferences(app.db)).opco?.('16')).toBe('OPCO_SANTE');
    expect(await opcoOfIdcc(app.db, '16')).toBe('OPCO_SANTE');
  });
});

describe('a later release’s shipped table', () => {
  const nafCsv = (codes: { code: string; libelle: string }[]) =>
    ['code;libelle', ...codes.map((row) => `${row.code};${row.libelle.replaceAll(';', ',')}`)].join('\n');
  const naf = async () => (await list()).json<ReferenceTablesResponse>().find((t) => t.name === 'naf');
  /** What a release would ship: NAF rows of that source and date. */
  const ship = (source: string, sourceDate: string, rows: ReferenceRows['naf']) =>
    loadShippedVersion(app.db, 'naf', { source, sourceDate, rows: () => rows });

  it('replaces an older version at start, and never a newer one an admin loaded', async () => {
    const shipped = shippedRows('naf');
    expect(await naf()).toMatchObject({ sourceDate: '2026-04-07', rowCount: 732, shipped: true });

    // A newer shipped version (the release's table lost 62.09Z) replaces the loaded one, older.
    const withoutOne = shipped.filter((row) => row.code !== '62.09Z');
    await ship('INSEE, NAF rév. 2, édition 2027', '2027-01-15', withoutOne);
    expect(await naf()).toMatchObject({
      sourceDate: '2027-01-15',
      rowCount: 731,
      shipped: true,
      loadedBy: null,
      source: 'INSEE, NAF rév. 2, édition 2027',
    });
    expect(await nafExists(app.db, '62.09Z')).toBe(false);

    // An admin loads a newer file; a release shipping older data leaves it alone.
    const source = 'INSEE, fichier de juin 2027';
    const loaded = await upload('naf', { csv: nafCsv(shipped), source, sourceDate: '2027-06-01' });
    expect(loaded.statusCode).toBe(200);
    await ship('INSEE, édition de mars 2027', '2027-03-01', withoutOne);
    await ship('INSEE, le même jour', '2027-06-01', withoutOne);
    expect(await naf()).toMatchObject({ sourceDate: '2027-06-01', rowCount: 732, shipped: false, loadedBy: 'Ada Admin', source });
    expect(await nafExists(app.db, '62.09Z')).toBe(true);

    // Data newer than the admin's file replaces it: the newest data wins.
    await ship('INSEE, édition 2028', '2028-01-10', withoutOne);
    expect(await naf()).toMatchObject({ sourceDate: '2028-01-10', rowCount: 731, shipped: true, loadedBy: null });
    expect(await nafExists(app.db, '62.09Z')).toBe(false);
  });
});
