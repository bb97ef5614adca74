import type {
  EmployerDossier,
  ErrorBody,
  FundingValidationResponse,
  SheetResponse,
  UserType,
} from '@passerelle/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCaller } from '../../../test/case-fixtures.ts';
import { createTestApp } from '../../../test/helper.ts';
import {
  companies,
  companyUsers,
  dossierSteps,
  dossierTerms,
  dossiers,
  formations,
  fundingValidations,
  mailOutbox,
  schools,
  users,
} from '../../db/schema/index.ts';
import { saveFile } from '../files/files.service.ts';

/** Issue 9, employer pages: decisions only on recorded terms, every page names its apprentice, signed contracts to download. */
describe('employer pages API', async () => {
  const { app } = await createTestApp();
  const db = app.db;
  let seq = 0;

  async function createUser(userType: UserType, prenom = 'Test', nom = `User${seq + 1}`) {
    seq += 1;
    return createCaller(app, userType, `employers-${seq}@example.test`, { prenom, nom });
  }
  type Caller = Awaited<ReturnType<typeof createUser>>;

  const call = (caller: Caller, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: caller.headers, ...(payload ? { payload } : {}) });

  const [school] = await db.insert(schools).values({ code: 'EMLV', name: 'EMLV' }).returning();
  const [formation] = await db
    .insert(formations)
    .values({
      schoolId: school!.id,
      libelle: 'Bachelor Marketing',
      year: 2026,
      etape: 3,
      trainingStart: '2026-09-01',
      trainingEnd: '2027-08-31',
    })
    .returning();
  const [company] = await db.insert(companies).values({ name: 'Capgemini' }).returning();
  const [otherCompany] = await db.insert(companies).values({ name: 'Globex' }).returning();
  const employee = await createUser('company', 'Marc', 'Lambert');
  const stranger = await createUser('company', 'Paul', 'Autre');
  await db.insert(companyUsers).values([
    { companyId: company!.id, userId: employee.id },
    { companyId: otherCompany!.id, userId: stranger.id },
  ]);

  const accepted = { f1ca: 3, f1ce: 3, modalites_re: 3 };
  const signed = {
    ...accepted,
    fra: 3,
    fre: 3,
    cfa: 3,
    signature_admissible: 3,
    signature_employeur: 3,
    signature_ecole: 3,
  };
  const terms = {
    coutFormationAnnuel: 8500,
    priseEnChargeOpco: 8000,
    resteACharge: 500,
    rythme: '3 jours entreprise / 2 jours école',
  };
  const pdf = (text: string) => new Uint8Array(Buffer.from(`%PDF-1.7\n${text}\n%%EOF\n`, 'latin1'));
  const storePdf = (kind: string) =>
    saveFile(db, app.storage, {
      ownerUserId: null,
      kind,
      filename: `${kind}.pdf`,
      contentType: 'application/pdf',
      bytes: pdf(kind),
    });

  /** A dossier of `applicant` with `company`, at this status and these steps (what the staff screens lead to). */
  async function seedDossier(
    applicant: Caller,
    statut: number,
    steps: Record<string, number>,
    extra: { name?: string; cerfa?: string; avenant?: string; companyId?: number } = {},
  ): Promise<number> {
    const [row] = await db
      .insert(dossiers)
      .values({
        admissibleUserId: applicant.id,
        companyId: extra.companyId ?? company!.id,
        formationId: formation!.id,
        dossierName: extra.name ?? null,
        dossierStatut: statut,
        cerfaFileId: extra.cerfa ?? null,
        cerfaAvenantFileId: extra.avenant ?? null,
      })
      .returning();
    if (!row) throw new Error('dossier not created');
    await db
      .insert(dossierSteps)
      .values(Object.entries(steps).map(([type, status]) => ({ dossierId: row.id, type, status })));
    return row.id;
  }

  const statutOf = async (id: number) =>
    (await db.select().from(dossiers).where(eq(dossiers.id, id)))[0]?.dossierStatut;

  describe('funding validation', () => {
    it('offers no decision and answers 409 FUNDING_TERMS_MISSING while the school has not recorded the terms', async () => {
      const applicant = await createUser('admissible');
      // Reached status 5 without terms (e.g. set by hand): the page must not ask the employer to decide on nothing.
      const id = await seedDossier(applicant, 5, accepted);
      const url = `/api/employeurs/validation-financement/${id}`;

      const page = await call(employee, 'GET', url);
      expect(page.statusCode).toBe(200);
      expect(page.json<FundingValidationResponse>()).toMatchObject({ terms: null, decision: null, canDecide: false });

      for (const decision of ['accepted', 'stalled'] as const) {
        const refused = await call(employee, 'POST', url, { decision });
        expect(refused.statusCode).toBe(409);
        const body = refused.json<ErrorBody>();
        expect(body.code).toBe('FUNDING_TERMS_MISSING');
        expect(body.message).toMatch(/not recorded the funding terms/);
      }
      const denied = await call(employee, 'POST', url, { decision: 'denied', reason: 'Trop cher' });
      expect(denied.json<ErrorBody>().code).toBe('FUNDING_TERMS_MISSING');
      expect(await db.select().from(fundingValidations).where(eq(fundingValidations.dossierId, id))).toEqual([]);
      expect(await statutOf(id)).toBe(5);

      // Once recorded, the employer reads them and decides.
      await db.insert(dossierTerms).values({ dossierId: id, data: terms });
      expect((await call(employee, 'GET', url)).json<FundingValidationResponse>()).toMatchObject({
        terms,
        canDecide: true,
      });
      expect((await call(employee, 'POST', url, { decision: 'accepted' })).statusCode).toBe(200);
      expect(await statutOf(id)).toBe(7);
    });

    it("mails each of the company's users a personal link once the school records the terms, and not on a correction", async () => {
      const staff = await createUser('staff');
      const [team] = await db.insert(companies).values({ name: 'Decathlon' }).returning();
      const hr = await createUser('company');
      const signatory = await createUser('company');
      await db.update(users).set({ lang: 'en-US' }).where(eq(users.id, signatory.id));
      await db.insert(companyUsers).values([
        { companyId: team!.id, userId: hr.id },
        { companyId: team!.id, userId: signatory.id },
      ]);
      const applicant = await createUser('admissible', 'Sarah', 'Roux');
      const id = await seedDossier(applicant, 4, { f1ca: 3, f1ce: 3, modalites_re: 2 }, { companyId: team!.id });
      const mailsTo = async (caller: Caller) => {
        const [user] = await db.select().from(users).where(eq(users.id, caller.id));
        return db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user!.email));
      };

      const rec = await call(staff, 'POST', `/api/staff/dossiers/${id}/modalites`, terms);
      expect(rec.statusCode).toBe(200);
      const [fr] = await mailsTo(hr);
      expect(fr?.subject).toBe(`Modalités de financement à valider — dossier n° ${id} (Sarah Roux)`);
      expect(fr?.textBody).toMatch(new RegExp(`/employeur/validation-financement/${id}\\?t=`));
      const [en] = await mailsTo(signatory);
      expect(en?.subject).toBe(`Funding terms to validate — case no. ${id} (Sarah Roux)`);
      // (The employee of another company may hold other mails, such as the information sheet's after a funding accepted.)
      expect(
        (await mailsTo(employee)).filter((mail) => /^(Modalités de financement|Funding terms)/.test(mail.subject)),
      ).toEqual([]);

      // A correction before the employer answers changes the terms on the page, and sends no second mail.
      expect(
        (await call(staff, 'POST', `/api/staff/dossiers/${id}/modalites`, { ...terms, resteACharge: 400 })).statusCode,
      ).toBe(200);
      expect(await mailsTo(hr)).toHaveLength(1);
    });

    it('answers FUNDING_TERMS_MISSING too while the terms are being set (status 4)', async () => {
      const applicant = await createUser('admissible');
      const id = await seedDossier(applicant, 4, { f1ca: 3, f1ce: 3, modalites_re: 2 });
      const response = await call(employee, 'POST', `/api/employeurs/validation-financement/${id}`, {
        decision: 'accepted',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json<ErrorBody>().code).toBe('FUNDING_TERMS_MISSING');
    });
  });

  it('names the apprentice and the case on every employer page', async () => {
    const applicant = await createUser('admissible', 'Léa', 'Moreau');
    const name = 'Capgemini — Chargée de marketing digital';
    const id = await seedDossier(applicant, 7, { ...accepted, fra: 1, fre: 1 }, { name });
    await db.insert(dossierTerms).values({ dossierId: id, data: terms });
    const heading = { id, dossierName: name, applicant: { prenom: 'Léa', nom: 'Moreau' } };

    for (const path of ['fiche-premier-contact', 'modification-missions', 'fiche-renseignement']) {
      const response = await call(employee, 'GET', `/api/employeurs/${path}/${id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json<SheetResponse>().dossier).toEqual(heading);
    }
    const funding = await call(employee, 'GET', `/api/employeurs/validation-financement/${id}`);
    expect(funding.json<FundingValidationResponse>().dossier).toEqual(heading);
    const home = (await call(employee, 'GET', '/api/employeurs/dossiers')).json<EmployerDossier[]>();
    expect(home.find((dossier) => dossier.id === id)).toMatchObject({
      dossierName: name,
      applicant: { prenom: 'Léa', nom: 'Moreau' },
    });
  });

  it('lists signed, terminating and terminated contracts with the documents the company may download', async () => {
    const applicant = await createUser('admissible', 'Noah', 'Simon');
    const otherApplicant = await createUser('admissible');
    const cerfa = await storePdf('cerfa');
    const avenant = await storePdf('cerfaAvenant');
    const breakingCerfa = await storePdf('cerfa');
    const signedId = await seedDossier(applicant, 11, signed, { cerfa: cerfa.id, avenant: avenant.id });
    const breakingId = await seedDossier(applicant, 12, signed, { cerfa: breakingCerfa.id });
    const brokenId = await seedDossier(applicant, 13, signed);

    const home = (await call(employee, 'GET', '/api/employeurs/dossiers')).json<EmployerDossier[]>();
    const byId = (id: number) => home.find((dossier) => dossier.id === id);
    expect(byId(signedId)).toMatchObject({
      dossierStatut: 11,
      waitingFor: { action: 'none', actor: 'none', to: null },
      dossierCerfa: `/api/files/${cerfa.id}`,
      dossierCerfaAvenant: `/api/files/${avenant.id}`,
    });
    expect(byId(breakingId)).toMatchObject({
      dossierStatut: 12,
      dossierCerfa: `/api/files/${breakingCerfa.id}`,
      dossierCerfaAvenant: null,
    });
    expect(byId(brokenId)).toMatchObject({ dossierStatut: 13, dossierCerfa: null, dossierCerfaAvenant: null });
    // Another company sees none of them.
    expect((await call(stranger, 'GET', '/api/employeurs/dossiers')).json<EmployerDossier[]>()).toEqual([]);

    for (const url of [`/api/files/${cerfa.id}`, `/api/files/${avenant.id}`, `/api/files/${breakingCerfa.id}`]) {
      const download = await call(employee, 'GET', url);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await call(applicant, 'GET', url)).statusCode).toBe(200);
      expect((await call(stranger, 'GET', url)).statusCode).toBe(404);
      expect((await call(otherApplicant, 'GET', url)).statusCode).toBe(404);
    }
  });
});
