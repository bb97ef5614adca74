import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helper.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { admissibles } from '../db/schema/index.ts';
import { drainMailOutbox } from '../modules/mail/mail.service.ts';
import { linkIn, startTestSmtpServer, tokenOf } from '../modules/mail/test-smtp-server.ts';
import { findOrCreateUserByEmail } from '../modules/users/users.service.ts';
import { createSchool } from '../modules/workshops/applicant-fixtures.ts';
import { loggerOptions } from './logger.ts';

/** Values no log line may hold: an applicant, her employer contact, her search, all distinctive enough to grep for. */
const person = {
  prenom: 'Zéphyrine',
  nom: 'Quaglio',
  email: 'zephyrine.quaglio@example.org',
  birthDate: '2003-11-27',
  phone: '0698765432',
  street: '17 rue des Capucines Vertes',
  /** A valid NIR (key 19) of a woman born in November 2003 in Paris. */
  nir: '203117511234519',
};
const contact = { prenom: 'Ottokar', nom: 'Vandermeulen', email: 'ottokar.vandermeulen@example.org', phone: '0611223344' };
const refusedCompany = 'Brasserie Hirondelle Pourpre';

describe('log lines through a whole journey, at trace level', async () => {
  const smtp = await startTestSmtpServer();
  const { database, drop } = await createTestDatabase();
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      callback();
    },
  });
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { PUBLIC_URL: 'http://localhost:3999', DEMO_DATA: false, JWT_SECRET: 'test-secret-test-secret-test-secret-0123', SMTP_URL: smtp.url },
  );
  const app = await buildApp({ config, database, logger: { ...loggerOptions('trace'), stream } });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await drop();
    await smtp.close();
  });

  it('holds no name, birth date, e-mail, phone, address, NIR or token, and says which write failed by its codes', async () => {
    const school = await createSchool(app, 'Journal');
    const user = await findOrCreateUserByEmail(app.db, { email: person.email, userType: 'admissible', prenom: person.prenom, nom: person.nom, lang: 'fr-FR' });
    await app.db.insert(admissibles).values({ userId: user.id, formationId: school.formationId, contractType: 'APP' });

    expect((await app.inject({ method: 'POST', url: '/api/auth/login-link', payload: { email: person.email } })).statusCode).toBe(202);
    // The link is made and queued once the answer is out.
    await app.afterResponseSettled();
    await drainMailOutbox(app);
    const t = tokenOf(linkIn(smtp.messages.find((mail) => mail.envelopeTo.includes(person.email))));
    await app.inject({ method: 'GET', url: `/?t=${t}` });
    const exchanged = await app.inject({ method: 'POST', url: '/api/auth/exchange', payload: { t } });
    expect(exchanged.statusCode).toBe(200);
    const { token } = exchanged.json<{ token: string }>();
    const headers = { authorization: `Bearer ${token}` };

    const created = await app.inject({ method: 'POST', url: '/api/admissibles/dossiers', headers });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    const sheet = {
      apprenti: {
        nom: person.nom,
        prenom: person.prenom,
        sexe: 'F',
        dateNaissance: person.birthDate,
        courriel: person.email,
        telephone: person.phone,
        nir: person.nir,
        adresse: { voie: person.street, codePostal: '69004', commune: 'Lyon' },
      },
      employeur: { denomination: 'Data Conseil', siret: '73282932000074' },
      contacts: { contactEntreprise: { nom: contact.nom, prenom: contact.prenom, courriel: contact.email, langue: 'fr-FR' } },
      contrat: { intitulePoste: 'Data engineer apprentie' },
    };
    const sheetUrl = `/api/admissibles/fiche-premier-contact/${id}`;
    expect((await app.inject({ method: 'PUT', url: sheetUrl, headers, payload: sheet })).statusCode).toBe(200);
    const submitted = await app.inject({ method: 'POST', url: `${sheetUrl}/submit`, headers });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await app.inject({ method: 'GET', url: sheetUrl, headers })).statusCode).toBe(200);
    await drainMailOutbox(app);

    const tracking = {
      targetCompany: 'Data Conseil',
      position: 'Data engineer apprentie',
      applicationDate: '2026-10-01',
      contactLastName: contact.nom,
      contactFirstName: contact.prenom,
      contactEmail: contact.email,
      contactPhone: contact.phone,
    };
    const trackingUrl = '/api/admissibles/portal/suiviRechercheEmployeur';
    expect((await app.inject({ method: 'POST', url: trackingUrl, headers, payload: tracking })).statusCode).toBe(201);

    // A write the database refuses, with the personal values bound to it: the constraint stands for any the schema has.
    await app.db.execute(
      sql.raw(`alter table tracking_entries add constraint tracking_entries_test_refused check (target_company <> '${refusedCompany}')`),
    );
    const refused = await app.inject({ method: 'POST', url: trackingUrl, headers, payload: { ...tracking, targetCompany: refusedCompany } });
    expect(refused.statusCode).toBe(500);
    expect(refused.json()).toEqual({ code: 'INTERNAL', message: 'Internal error' });

    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.some((entry) => entry['msg'] === 'request completed')).toBe(true);
    expect(entries.some((entry) => entry['level'] === 10 || entry['level'] === 20)).toBe(true);
    const failure = entries.find((entry) => entry['msg'] === 'request failed');
    expect(failure).toMatchObject({
      reqId: refused.headers['x-request-id'],
      route: trackingUrl,
      err: {
        type: 'DrizzleQueryError',
        dbCode: '23514',
        constraint: 'tracking_entries_test_refused',
        statement: 'insert into tracking_entries',
      },
    });

    const written = lines.join('\n').toLowerCase();
    const secrets = [
      ...Object.values(person),
      ...Object.values(contact),
      'Capucines',
      refusedCompany,
      t,
      token,
      // What a phone or a birth date looks like once bound or serialised otherwise.
      person.birthDate.replaceAll('-', ''),
      '06 98 76 54 32',
      'params:',
      'Failed query',
    ];
    for (const secret of secrets) expect(written, secret).not.toContain(secret.toLowerCase());
  });
});
