import type { CfaContact, CfaSettingsResponse, ErrorBody } from '@passerelle/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { caseFixtures, sendInformationSheet, withToken } from '../../../test/case-fixtures.ts';
import { sampleCfaIdentity } from '../../../test/cfa-identity.ts';
import { createTestApp } from '../../../test/helper.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { auditLog, mailOutbox, signatureProcedures, signatureSigners } from '../../db/schema/index.ts';
import { mailTextFooter } from '../mail/templates.ts';
import { createSchool, createUser, type SignedInUser } from '../workshops/applicant-fixtures.ts';
import { refreshMailContact } from '../contact/contact.service.ts';

const url = '/api/staff/settings/cfa';

const identity = sampleCfaIdentity;

/** No CFA_* identity in the environment: a production installation that has set nothing yet. */
const noIdentity = { CFA_DENOMINATION: undefined, CFA_UAI: undefined, CFA_SIRET: undefined } as const;

function caller(app: FastifyInstance) {
  return (who: SignedInUser | undefined, method: 'GET' | 'PUT', path: string, payload?: object) =>
    app.inject({ method, url: path, ...(who ? { headers: who.headers } : {}), ...(payload ? { payload } : {}) });
}

describe('CFA identity settings API (production, nothing set)', async () => {
  const { app, database, url: dbUrl } = await createTestApp({ ...noIdentity });
  const call = caller(app);
  const admin = await createUser(app, 'admin', undefined, { email: 'chef@cfa.test', prenom: 'Nadia', nom: 'Roux' });
  const staff = await createUser(app, 'staff', undefined, { email: 'agent@cfa.test' });
  const { formationId } = await createSchool(app, 'ESILV');
  const applicant = await createUser(app, 'admissible', formationId, { email: 'candidate@example.test' });
  const employer = await createUser(app, 'company', undefined, { email: 'boss@company.test' });

  it('answers 401 without a token and 403 to staff, applicants and employers, reading or saving', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const payload = method === 'PUT' ? identity : undefined;
      expect((await call(undefined, method, url, payload)).statusCode).toBe(401);
      for (const who of [staff, applicant, employer]) {
        const res = await call(who, method, url, payload);
        expect(res.statusCode, `${method} as ${who.id}`).toBe(403);
      }
    }
    // Nothing was saved by the refused calls.
    expect((await call(admin, 'GET', url)).json<CfaSettingsResponse>().source).toBe('environment');
  });

  it('shows the environment first: no denomination, UAI or SIRET, which contracts need', async () => {
    const res = await call(admin, 'GET', url);
    expect(res.statusCode).toBe(200);
    const body = res.json<CfaSettingsResponse>();
    expect(body).toMatchObject({ source: 'environment', updatedAt: null, updatedBy: null, demo: false });
    expect(body.values).toMatchObject({ denomination: '', uai: '', siret: '' });
    expect(body.missingForContracts).toEqual(['denomination', 'uai', 'siret']);
  });

  it('refuses a wrong UAI letter, a SIRET failing Luhn and a malformed e-mail under their fields, saving nothing', async () => {
    const res = await call(admin, 'PUT', url, {
      ...identity,
      uai: '0750654E',
      siret: '73282932000075',
      contactEmail: 'alternance@',
      postcode: '7500',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toEqual({
      uai: ['cfa.uai_check_letter'],
      siret: ['cfa.siret_checksum'],
      contactEmail: ['email.format'],
      postcode: ['postcode.format'],
    });
    const shapes = await call(admin, 'PUT', url, { ...identity, uai: '075065', siret: '1234', denomination: ' ' });
    expect(shapes.json<ErrorBody>().errors).toEqual({
      uai: ['cfa.uai_format'],
      siret: ['cfa.siret_format'],
      denomination: ['field.required'],
    });
    expect((await call(admin, 'GET', url)).json<CfaSettingsResponse>().source).toBe('environment');
  });

  it('puts the codes into words in French and English', async () => {
    const { formatValidationText } = await import('@passerelle/contract/rules/validation-texts');
    expect(formatValidationText('cfa.uai_check_letter', 'fr-FR')).toMatch(/^La lettre de ce numéro UAI/);
    expect(formatValidationText('cfa.uai_check_letter', 'en-US')).toMatch(/^The letter of this UAI number/);
    expect(formatValidationText('cfa.siret_checksum', 'en-US')).toMatch(/^This SIRET is not valid/);
  });

  it('refuses to prepare a contract without the CFA, with no override, and prepares it once an admin has set it', async () => {
    const cases = await caseFixtures(app);
    const c = await cases.toInformationSheet();
    await sendInformationSheet(app, c);
    const prepare = `/api/staff/dossiers/${c.id}/contract-prepared`;
    for (const payload of [undefined, { override: true, reason: 'Identité vue au téléphone' }]) {
      const refused = await cases.call(cases.staff, 'POST', prepare, payload);
      expect(refused.statusCode).toBe(409);
      const body = refused.json<ErrorBody>();
      expect(body.code).toBe('CFA_IDENTITY_INCOMPLETE');
      expect(body.message).toContain('an admin must complete it');
      expect(body.errors).toEqual({
        'cfa.denomination': ['field.required'],
        'cfa.uai': ['field.required'],
        'cfa.siret': ['field.required'],
      });
    }
    expect((await cases.dossierRow(c.id)).dossierStatut).toBe(7);

    const saved = await call(admin, 'PUT', url, { ...identity, uai: ' 0750654d ', siret: '732 829 320 00074' });
    expect(saved.statusCode).toBe(200);
    const body = saved.json<CfaSettingsResponse>();
    expect(body.values).toEqual(identity);
    expect(body).toMatchObject({ source: 'saved', updatedBy: 'Nadia Roux', missingForContracts: [] });
    expect(Date.now() - Date.parse(body.updatedAt ?? '')).toBeLessThan(60_000);
    expect((await call(admin, 'GET', url)).json<CfaSettingsResponse>()).toEqual(body);
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.cfa_saved'), eq(auditLog.actorUserId, admin.id)));
    // The fields' names, never their values.
    expect((audit?.details as { changed: string[] }).changed).toEqual(expect.arrayContaining(['denomination', 'uai', 'siret']));
    expect(JSON.stringify(audit?.details)).not.toContain(identity.representativeName);

    expect((await cases.call(cases.staff, 'POST', prepare)).statusCode).toBe(200);
    const [procedure] = await app.db.select().from(signatureProcedures).where(eq(signatureProcedures.dossierId, c.id));
    if (!procedure) throw new Error('no procedure opened');
    const signers = await app.db.select().from(signatureSigners).where(eq(signatureSigners.procedureId, procedure.id));
    const school = signers.find((signer) => signer.role === 'school');
    expect(school).toMatchObject({ name: identity.denomination, email: identity.contactEmail });
    // The first signer's mail closes with the contact just saved.
    const [mail] = await app.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail?.textBody).toContain(`Écrivez au CFA à ${identity.contactEmail} ou appelez le ${identity.contactPhone}`);

    // A refusal is mailed to the contact address saved, not the environment's.
    const employerSigner = signers.find((signer) => signer.role === 'employer');
    if (!employerSigner?.userId) throw new Error('no employer signer');
    const signatory = await withToken(app, employerSigner.userId, 'company');
    const refusal = await cases.call(signatory, 'POST', `/api/signature/${c.id}/refuse`, { reason: 'Le salaire est faux' });
    expect(refusal.statusCode).toBe(200);
    const toCfa = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, identity.contactEmail));
    expect(toCfa.map((row) => row.textBody).join('\n')).toContain('Le salaire est faux');
  });

  it('is seen at once by another API process on the same database: the contact page and the contracts read the table', async () => {
    const otherDatabase = dbUrl ? await openDatabase({ url: dbUrl, poolSize: 2 }) : database;
    const other = await buildApp({ config: app.config, database: otherDatabase, logger: false });
    await other.ready();
    afterAll(async () => {
      await other.close();
      if (dbUrl) await otherDatabase.close();
    });
    const changed = { ...identity, contactPhone: '01 44 99 99 99', contactHoursEn: 'Weekdays, 9 am – 1 pm' };
    expect((await call(admin, 'PUT', url, changed)).statusCode).toBe(200);
    const contact = (await other.inject({ method: 'GET', url: '/api/public/contact' })).json<CfaContact>();
    expect(contact).toEqual({
      email: identity.contactEmail,
      phone: '01 44 99 99 99',
      hours: { 'fr-FR': identity.contactHoursFr, 'en-US': 'Weekdays, 9 am – 1 pm' },
    });
    // The mails' footer: what the other process's 30-second refresh reads.
    await refreshMailContact(other.db, other.config);
    expect(mailTextFooter('en-US')).toContain('call 01 44 99 99 99 (Weekdays, 9 am – 1 pm)');
  });
});

describe('CFA identity settings API (demonstration)', async () => {
  const { app } = await createTestApp({ ...noIdentity, DEMO_DATA: true });
  const admin = await createUser(app, 'admin', undefined, { email: 'chef-demo@cfa.test' });

  it('says the demo CFA is fictitious until an admin sets the real one', async () => {
    const body = (await caller(app)(admin, 'GET', url)).json<CfaSettingsResponse>();
    expect(body).toMatchObject({ source: 'demo', demo: true, missingForContracts: [] });
    expect(body.values.denomination).toMatch(/fictif/);
  });
});
