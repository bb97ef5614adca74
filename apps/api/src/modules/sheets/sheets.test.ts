import {
  dossierActions,
  formatRuleMessage,
  getAtPath,
  type Dossier,
  type EmployerDossier,
  type ErrorBody,
  type SalaryGridResponse,
  type SheetResponse,
  type UserType,
} from '@passerelle/contract';
import type { LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  contactOf,
  createCaller,
  createFormation,
  f1caBody as sharedF1caBody,
  f1ceBody,
  fraBody as sharedFraBody,
  freBody as sharedFreBody,
  fundingTerms,
  NIR,
  SIRET,
} from '../../../test/case-fixtures.ts';
import { createTestApp } from '../../../test/helper.ts';
import { docFile, docxFile, pdfFile, xlsxFile } from '../../../test/document-fixtures.ts';
import {
  admissibles,
  auditLog,
  companies,
  companyUsers,
  dossierPersonal,
  dossierSteps,
  dossiers,
  fundingValidations,
  mailOutbox,
  sheets,
  users,
} from '../../db/schema/index.ts';

describe('sheets API', async () => {
  const { app } = await createTestApp();
  const db = app.db;
  let seq = 0;

  async function createUser(userType: UserType, email?: string) {
    seq += 1;
    const user = await createCaller(app, userType, email ?? `sheets-${seq}@example.test`, { nom: `User${seq}` });
    return { ...user, userType };
  }

  type Caller = Awaited<ReturnType<typeof createUser>>;
  const sheet = (response: LightMyRequestResponse) => response.json<SheetResponse>();
  const call = (caller: Caller | undefined, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      ...(caller ? { headers: caller.headers } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const formation = { id: (await createFormation(app, 'ESILV')).formationId };
  const staff = await createUser('staff');

  async function createApplicant() {
    const applicant = await createUser('admissible');
    await db.insert(admissibles).values({ userId: applicant.id, formationId: formation.id, contractType: 'APP' });
    return applicant;
  }

  async function newDossier(applicant: Caller): Promise<number> {
    const response = await call(applicant, 'POST', '/api/admissibles/dossiers');
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  }

  type F1caExtra = { apprenti?: Record<string, unknown>; contrat?: Record<string, unknown> };
  /** The applicant's first contact, the employer's contact to answer in English. */
  const f1caBody = (contactEmail: string, nir: string | null = NIR, extra: F1caExtra = {}) =>
    sharedF1caBody(contactEmail, { nir, langue: 'en-US', ...extra });

  /** What an applicant may add at first contact beyond the required fields (SPEC 3: identity and background). */
  const applicantDetails = {
    apprenti: {
      departementNaissance: '75',
      communeNaissance: 'Paris',
      nationalite: '1',
      adresse: { voie: '3 avenue Foch', codePostal: '92400', commune: 'Courbevoie' },
      rqth: true,
      equivalenceJeunes: false,
      situationAvantContrat: '3',
      derniereClasse: '11',
      diplomePrepare: '74',
      intituleDiplomePrepare: 'Diplôme d’ingénieur ESILV',
      dernierDiplomeObtenu: '54',
      intituleDernierDiplomeObtenu: 'BTS SIO',
      plusHautDiplome: '54',
      inscritFranceTravail: true,
      numeroFranceTravail: '1234567A',
      dureeInscriptionFranceTravailMois: 3,
      typeMinimumSocial: 'RSA',
    },
    contrat: { numeroContratPrecedent: '075202409NC0012' },
  };

  /** The employer's first contact with the company's status and the place of work (SPEC 3, company). */
  const f1ceWide = {
    ...f1ceBody,
    employeur: {
      ...f1ceBody.employeur,
      nomCommercial: 'DataCo',
      siteWeb: 'https://data-conseil.example',
      caisseRetraiteComplementaire: 'AG2R Agirc-Arrco',
      employeurSpecifique: '0',
      regimeSocial: '2',
      regimeSpecifique: false,
      siretExecution: '35600000000048',
      adresseExecution: { voie: '8 quai de Seine', codePostal: '75019', commune: 'Paris' },
    },
  };

  /** Applicant's first contact sent: answers the employer's contact, signed in. */
  async function toEmployerFirstContact(
    applicant: Caller,
    contactEmail = `contact-${seq + 1}@data-conseil.test`,
    extra: F1caExtra = {},
  ) {
    const id = await newDossier(applicant);
    const response = await call(
      applicant,
      'POST',
      `/api/admissibles/fiche-premier-contact/${id}/submit`,
      f1caBody(contactEmail, NIR, extra),
    );
    expect(response.statusCode).toBe(200);
    const employer: Caller = { ...(await contactOf(app, contactEmail.toLowerCase())), userType: 'company' };
    return { id, employer };
  }

  async function toFunding(applicant: Caller, extra: F1caExtra = {}, f1ce: object = f1ceBody) {
    const { id, employer } = await toEmployerFirstContact(applicant, undefined, extra);
    expect((await call(employer, 'POST', `/api/employeurs/fiche-premier-contact/${id}/submit`, f1ce)).statusCode).toBe(
      200,
    );
    expect(
      (await call(staff, 'POST', `/api/staff/dossiers/${id}/first-contact`, { decision: 'accept' })).statusCode,
    ).toBe(200);
    expect((await call(staff, 'POST', `/api/staff/dossiers/${id}/modalites`, fundingTerms)).statusCode).toBe(200);
    return { id, employer };
  }

  async function toInformationSheet(applicant: Caller, extra: F1caExtra = {}, f1ce: object = f1ceBody) {
    const { id, employer } = await toFunding(applicant, extra, f1ce);
    expect(
      (await call(employer, 'POST', `/api/employeurs/validation-financement/${id}`, { decision: 'accepted' }))
        .statusCode,
    ).toBe(200);
    return { id, employer };
  }

  async function stepsOf(id: number) {
    const rows = await db.select().from(dossierSteps).where(eq(dossierSteps.dossierId, id));
    return Object.fromEntries(rows.map((row) => [row.type, row.status]));
  }

  async function statutOf(id: number) {
    const [row] = await db.select().from(dossiers).where(eq(dossiers.id, id));
    return row?.dossierStatut;
  }

  async function employerHome(employer: Caller, id: number) {
    const response = await call(employer, 'GET', '/api/employeurs/dossiers');
    expect(response.statusCode).toBe(200);
    return response.json<EmployerDossier[]>().find((dossier) => dossier.id === id);
  }

  async function portalDossier(applicant: Caller, id: number): Promise<Dossier> {
    const response = await call(applicant, 'GET', '/api/admissibles/portal/dossiers');
    expect(response.statusCode).toBe(200);
    const dossier = response.json<Dossier[]>().find((row) => row.id === id);
    if (!dossier) throw new Error(`dossier ${id} not listed`);
    return dossier;
  }

  describe('dossier creation', () => {
    it('creates a case at status 1 with the first-contact sheet to do', async () => {
      const applicant = await createApplicant();
      const id = await newDossier(applicant);
      const [row] = await db.select().from(dossiers).where(eq(dossiers.id, id));
      expect(row).toMatchObject({ admissibleUserId: applicant.id, dossierStatut: 1, formationId: formation.id });
      expect(await stepsOf(id)).toEqual({ f1ca: 1 });
      const audit = await db.select().from(auditLog).where(eq(auditLog.dossierId, id));
      expect(audit.map((entry) => entry.action)).toEqual(['dossier.created']);
    });

    it('answers 401 without a token and 403 to an employer', async () => {
      expect((await call(undefined, 'POST', '/api/admissibles/dossiers')).statusCode).toBe(401);
      expect((await call(await createUser('company'), 'POST', '/api/admissibles/dossiers')).statusCode).toBe(403);
    });
  });

  describe('dossier deletion', () => {
    const remove = (caller: Caller | undefined, id: number) =>
      app.inject({
        method: 'DELETE',
        url: `/api/admissibles/dossiers/${id}`,
        ...(caller ? { headers: caller.headers } : {}),
      });

    it('deletes a case with nothing sent, its draft with it, and keeps an audit entry', async () => {
      const applicant = await createApplicant();
      const id = await newDossier(applicant);
      const draft = await call(applicant, 'PUT', `/api/admissibles/fiche-premier-contact/${id}`, {
        apprenti: { nom: 'Martin' },
      });
      expect(draft.statusCode).toBe(200);
      expect((await remove(applicant, id)).statusCode).toBe(204);
      expect(await db.select().from(dossiers).where(eq(dossiers.id, id))).toEqual([]);
      expect(await db.select().from(sheets).where(eq(sheets.dossierId, id))).toEqual([]);
      const audit = await db.select().from(auditLog).where(eq(auditLog.dossierId, id));
      expect(audit.map((entry) => entry.action)).toEqual(['dossier.created', 'sheet.draft_saved', 'dossier.deleted']);
      expect((await remove(applicant, id)).statusCode).toBe(404);
    });

    it('answers 409 once the first-contact sheet is sent, and keeps the case', async () => {
      const applicant = await createApplicant();
      const { id } = await toEmployerFirstContact(applicant);
      const response = await remove(applicant, id);
      expect(response.statusCode).toBe(409);
      expect(response.json<ErrorBody>().code).toBe('LOCKED');
      expect(await statutOf(id)).toBe(2);
    });

    it("answers 404 for another applicant's case, 403 to an employer and 401 without a token", async () => {
      const owner = await createApplicant();
      const id = await newDossier(owner);
      expect((await remove(await createApplicant(), id)).statusCode).toBe(404);
      expect((await remove(await createUser('company'), id)).statusCode).toBe(403);
      expect((await remove(undefined, id)).statusCode).toBe(401);
      expect(await statutOf(id)).toBe(1);
    });
  });

  describe('applicant first-contact sheet', () => {
    it('saves a partial draft and restores it', async () => {
      const applicant = await createApplicant();
      const id = await newDossier(applicant);
      const draft = {
        apprenti: { nom: 'Martin', prenom: '' },
        contacts: { contactEntreprise: { courriel: 'rh@example.test' } },
      };
      const saved = await call(applicant, 'PUT', `/api/admissibles/fiche-premier-contact/${id}`, draft);
      expect(saved.statusCode).toBe(200);
      const restored = await call(applicant, 'GET', `/api/admissibles/fiche-premier-contact/${id}`);
      expect(restored.statusCode).toBe(200);
      const body = sheet(restored);
      expect(body).toMatchObject({
        status: 'draft',
        submittedAt: null,
        readOnly: false,
        data: draft.apprenti ? { apprenti: { nom: 'Martin' } } : {},
      });
      expect(getAtPath(body.data, 'apprenti.prenom')).toBeUndefined();
      expect(getAtPath(body.data, 'contacts.contactEntreprise.courriel')).toBe('rh@example.test');
      expect(body.formation).toMatchObject({
        dateDebutFormation: '2026-09-01',
        dateFinFormation: '2028-08-31',
        contractTypes: ['APP'],
      });
      // A missing NIR is a warning at first contact (SPEC 5).
      expect(body.warnings['apprenti.nir']).toEqual([{ code: 'nir.missing', severity: 'warning' }]);
    });

    it('refuses malformed values with errors keyed by dotted path', async () => {
      const applicant = await createApplicant();
      const id = await newDossier(applicant);
      const response = await call(applicant, 'PUT', `/api/admissibles/fiche-premier-contact/${id}`, {
        apprenti: { nir: '104057512345600', dateNaissance: '2004-02-30' },
        contacts: { contactEntreprise: { courriel: 'not-an-address' } },
      });
      expect(response.statusCode).toBe(400);
      const body = response.json<ErrorBody>();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.errors?.['apprenti.nir']).toEqual(['nir.key']);
      expect(body.errors?.['apprenti.dateNaissance']).toBeDefined();
      expect(body.errors?.['contacts.contactEntreprise.courriel']).toBeDefined();
      const [row] = await db.select().from(sheets).where(eq(sheets.dossierId, id));
      expect(row).toBeUndefined();
    });

    it('keeps the NIR encrypted, out of the sheet data, full for the applicant and staff', async () => {
      const applicant = await createApplicant();
      const id = await newDossier(applicant);
      expect(
        (
          await call(
            applicant,
            'PUT',
            `/api/admissibles/fiche-premier-contact/${id}`,
            f1caBody('x@example.test', '1 04 05 75 123 456 65'),
          )
        ).statusCode,
      ).toBe(200);
      const [personal] = await db.select().from(dossierPersonal).where(eq(dossierPersonal.dossierId, id));
      expect(personal?.nirCiphertext).toBeTruthy();
      expect(personal?.nirCiphertext).not.toContain(NIR);
      expect(personal?.nirHash).toMatch(/^[0-9a-f]{64}$/);
      expect(personal?.nirHash).not.toContain(NIR);
      const [row] = await db
        .select()
        .from(sheets)
        .where(and(eq(sheets.dossierId, id), eq(sheets.kind, 'f1ca')));
      expect(JSON.stringify(row?.data)).not.toContain(NIR);
      expect(JSON.stringify(row?.data)).not.toContain('nir');

      const mine = await call(applicant, 'GET', `/api/admissibles/fiche-premier-contact/${id}`);
      expect(getAtPath(sheet(mine).data, 'apprenti.nir')).toBe(NIR);
      const asStaff = await call(staff, 'GET', `/api/admissibles/fiche-premier-contact/${id}`);
      expect(asStaff.statusCode).toBe(200);
      expect(getAtPath(sheet(asStaff).data, 'apprenti.nir')).toBe(NIR);

      // Saving without the NIR clears it.
      await call(applicant, 'PUT', `/api/admissibles/fiche-premier-contact/${id}`, f1caBody('x@example.test', null));
      const [cleared] = await db.select().from(dossierPersonal).where(eq(dossierPersonal.dossierId, id));
      expect(cleared?.nirCiphertext).toBeNull();
    });

    it('saves and submits the birth place, nationality, address, background, France Travail and previous contract', async () => {
      const applicant = await createApplicant();
      const id = await newDossier(applicant);
      const url = `/api/admissibles/fiche-premier-contact/${id}`;
      const saved = await call(applicant, 'PUT', url, f1caBody('w@example.test', NIR, applicantDetails));
      expect(saved.statusCode).toBe(200);
      const restored = sheet(await call(applicant, 'GET', url));
      expect(getAtPath(restored.data, 'apprenti')).toMatchObject({ ...applicantDetails.apprenti, nir: NIR });
      expect(getAtPath(restored.data, 'contrat.numeroContratPrecedent')).toBe('075202409NC0012');
      const [row] = await db
        .select()
        .from(sheets)
        .where(and(eq(sheets.dossierId, id), eq(sheets.kind, 'f1ca')));
      expect(getAtPath(row?.data, 'apprenti.adresse.commune')).toBe('Courbevoie');

      // The NIR is checked against the birth département now given at first contact (a warning: it may be a NIA).
      const elsewhere = { apprenti: { ...applicantDetails.apprenti, departementNaissance: '69' } };
      const submitted = await call(applicant, 'POST', `${url}/submit`, f1caBody('w@example.test', NIR, elsewhere));
      expect(submitted.statusCode).toBe(200);
      expect(sheet(submitted).warnings['apprenti.nir']).toEqual([
        { code: 'nir.department_mismatch', severity: 'warning' },
      ]);
      expect(await statutOf(id)).toBe(2);
    });

    it('refuses a malformed new field with its dotted path and saves nothing', async () => {
      const applicant = await createApplicant();
      const id = await newDossier(applicant);
      const response = await call(applicant, 'PUT', `/api/admissibles/fiche-premier-contact/${id}`, {
        apprenti: {
          departementNaissance: '96',
          nationalite: '4',
          adresse: { voie: '3 avenue Foch', codePostal: '9240' },
          numeroFranceTravail: '12345678',
          plusHautDiplome: 'BTS',
        },
        contrat: { numeroContratPrecedent: '075202409' },
      });
      expect(response.statusCode).toBe(400);
      const errors = response.json<ErrorBody>().errors ?? {};
      expect(errors['apprenti.departementNaissance']).toEqual(['departement.format']);
      expect(errors['apprenti.adresse.codePostal']).toEqual(['postcode.format']);
      expect(errors['apprenti.numeroFranceTravail']).toEqual(['france_travail.format']);
      expect(errors['contrat.numeroContratPrecedent']).toEqual(['deca.format']);
      expect(Object.keys(errors)).toEqual(expect.arrayContaining(['apprenti.nationalite', 'apprenti.plusHautDiplome']));
      expect(await db.select().from(sheets).where(eq(sheets.dossierId, id))).toEqual([]);
    });

    it('refuses an incomplete submit with all the errors at once', async () => {
      const applicant = await createApplicant();
      const id = await newDossier(applicant);
      await call(applicant, 'PUT', `/api/admissibles/fiche-premier-contact/${id}`, { apprenti: { nom: 'Martin' } });
      const response = await call(applicant, 'POST', `/api/admissibles/fiche-premier-contact/${id}/submit`);
      expect(response.statusCode).toBe(400);
      const errors = response.json<ErrorBody>().errors ?? {};
      expect(errors['apprenti.prenom']).toEqual(['field.required']);
      expect(errors['apprenti.dateNaissance']).toEqual(['field.required']);
      expect(errors['employeur.denomination']).toEqual(['field.required']);
      expect(errors['contacts.contactEntreprise.courriel']).toEqual(['field.required']);
      expect(errors['apprenti.nom']).toBeUndefined();
      expect(await statutOf(id)).toBe(1);
    });

    it('refuses a NIR that contradicts the birth date on submit', async () => {
      const applicant = await createApplicant();
      const id = await newDossier(applicant);
      const body = f1caBody('y@example.test');
      const response = await call(applicant, 'POST', `/api/admissibles/fiche-premier-contact/${id}/submit`, {
        ...body,
        apprenti: { ...body.apprenti, dateNaissance: '2003-05-10' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().errors?.['apprenti.nir']).toEqual(['nir.year_mismatch']);
      // The draft given with the submit is kept: nothing typed is lost.
      const restored = await call(applicant, 'GET', `/api/admissibles/fiche-premier-contact/${id}`);
      expect(getAtPath(sheet(restored).data, 'apprenti.dateNaissance')).toBe('2003-05-10');
    });

    it('submits, locks the sheet, moves the dossier and mails the employer contact a personal link', async () => {
      const applicant = await createApplicant();
      const id = await newDossier(applicant);
      const contactEmail = 'claire.durand@data-conseil.test';
      const response = await call(
        applicant,
        'POST',
        `/api/admissibles/fiche-premier-contact/${id}/submit`,
        f1caBody(contactEmail, null),
      );
      expect(response.statusCode).toBe(200);
      const body = sheet(response);
      expect(body).toMatchObject({ status: 'submitted', readOnly: true });
      expect(body.submittedAt).toEqual(expect.any(String));
      expect(body.warnings['apprenti.nir']).toEqual([{ code: 'nir.missing', severity: 'warning' }]);
      expect(await statutOf(id)).toBe(2);
      expect(await stepsOf(id)).toEqual({ f1ca: 2, f1ce: 1 });
      expect(body.etapeStatus).toEqual([
        { type: 'f1ca', status: 2 },
        { type: 'f1ce', status: 1 },
      ]);

      const [contact] = await db.select().from(users).where(eq(users.email, contactEmail));
      expect(contact).toMatchObject({ userType: 'company', prenom: 'Claire', nom: 'Durand', lang: 'en-US' });
      const [dossier] = await db.select().from(dossiers).where(eq(dossiers.id, id));
      const [link] = await db
        .select()
        .from(companyUsers)
        .where(eq(companyUsers.userId, contact?.id ?? 0));
      expect(link?.companyId).toBe(dossier?.companyId);
      const [company] = await db
        .select()
        .from(companies)
        .where(eq(companies.id, dossier?.companyId ?? 0));
      expect(company).toMatchObject({ name: 'Data Conseil', siret: SIRET });

      const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, contactEmail));
      expect(mails).toHaveLength(1);
      // The subject is ours alone; what the applicant typed is quoted in the body as theirs.
      expect(mails[0]?.subject).toMatch(/^CFA Passerelle — .+'s work-study contract: employer sheet to fill in$/);
      expect(mails[0]?.textBody.startsWith('Hello Claire Durand,\n')).toBe(true);
      expect(mails[0]?.textBody).toContain('> Applicant: Léo Martin');
      expect(mails[0]?.textBody).toMatch(
        new RegExp(`http://localhost:3999/employeur/fiche-premier-contact/${id}\\?t=[\\w-]{40,}`),
      );

      expect(
        (await call(applicant, 'PUT', `/api/admissibles/fiche-premier-contact/${id}`, { apprenti: { nom: 'X' } }))
          .statusCode,
      ).toBe(409);
      const again = await call(applicant, 'POST', `/api/admissibles/fiche-premier-contact/${id}/submit`);
      expect(again.statusCode).toBe(409);
      expect(again.json<ErrorBody>().code).toBe('LOCKED');
      const audit = await db.select().from(auditLog).where(eq(auditLog.dossierId, id));
      expect(audit.map((entry) => entry.action)).toEqual(
        expect.arrayContaining(['sheet.submitted', 'employer.invited']),
      );
      expect(JSON.stringify(audit)).not.toContain(contactEmail);
    });

    it('reuses the employer account and its company when the address is known', async () => {
      const known = await createUser('company', 'rh@known-company.test');
      const [company] = await db.insert(companies).values({ name: 'Known Company', siret: null }).returning();
      await db.insert(companyUsers).values({ companyId: company?.id ?? 0, userId: known.id });
      const applicant = await createApplicant();
      const usersBefore = await db.select().from(users);
      const { id, employer } = await toEmployerFirstContact(applicant, 'RH@known-company.test');
      expect(employer.id).toBe(known.id);
      expect(await db.select().from(users)).toHaveLength(usersBefore.length);
      const [dossier] = await db.select().from(dossiers).where(eq(dossiers.id, id));
      expect(dossier?.companyId).toBe(company?.id);
      const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'rh@known-company.test'));
      expect(mails).toHaveLength(1);
      // The known employer's home lists the dossier, waiting for them.
      const home = await call(employer, 'GET', '/api/employeurs/dossiers');
      expect(home.statusCode).toBe(200);
      expect(home.json()).toEqual([
        expect.objectContaining({
          id,
          dossierStatut: 2,
          formation: { libelle: 'Cycle ingénieur — Data et IA', school: 'ESILV' },
          waitingFor: { action: 'f1ce', actor: 'company', to: `/employeur/fiche-premier-contact/${id}` },
        }),
      ]);
    });

    it('answers for an address of a non-employer account exactly as for an unknown one, linking and mailing nobody', async () => {
      const applicant = await createApplicant();
      const other = await createUser('admissible', 'student@school.test');
      const submit = async (address: string) => {
        const id = await newDossier(applicant);
        const response = await call(
          applicant,
          'POST',
          `/api/admissibles/fiche-premier-contact/${id}/submit`,
          f1caBody(address),
        );
        return { id, response };
      };
      const withAccount = await submit('student@school.test');
      const unknown = await submit('nobody-yet@data-conseil.test');
      expect(withAccount.response.statusCode).toBe(unknown.response.statusCode);
      // The same body but for the address typed and the time of sending.
      const comparable = (response: LightMyRequestResponse, address: string) => ({
        ...sheet(response),
        submittedAt: null,
        // Two cases: their numbers differ.
        dossier: { ...sheet(response).dossier, id: 0 },
        data: JSON.parse(JSON.stringify(sheet(response).data).replaceAll(address, 'ADDRESS')) as unknown,
      });
      expect(comparable(withAccount.response, 'student@school.test')).toEqual(
        comparable(unknown.response, 'nobody-yet@data-conseil.test'),
      );
      expect(await statutOf(withAccount.id)).toBe(2);

      const [row] = await db.select().from(users).where(eq(users.id, other.id));
      expect(row?.userType).toBe('admissible');
      expect(await db.select().from(companyUsers).where(eq(companyUsers.userId, other.id))).toEqual([]);
      expect(await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'student@school.test'))).toEqual([]);
      const audit = await db.select().from(auditLog).where(eq(auditLog.dossierId, withAccount.id));
      expect(audit.find((entry) => entry.action === 'employer.invitation_withheld')?.details).toMatchObject({
        reason: 'not_company_account',
      });
      expect(JSON.stringify(audit)).not.toContain('student@school.test');
    });

    it('names the case after the company and the position when the first contact is submitted', async () => {
      const applicant = await createApplicant();
      const id = await newDossier(applicant);
      await call(applicant, 'PUT', `/api/admissibles/fiche-premier-contact/${id}`, f1caBody('rh@data-conseil.test'));
      // A draft does not name it: the cases screen says "new case" until the sheet is sent.
      expect((await portalDossier(applicant, id)).dossierName).toBeNull();
      const body = f1caBody('rh@data-conseil.test');
      const submitted = await call(applicant, 'POST', `/api/admissibles/fiche-premier-contact/${id}/submit`, {
        ...body,
        employeur: { ...body.employeur, denomination: '  Capgemini ' },
        contrat: { intitulePoste: 'Chargé de marketing digital' },
      });
      expect(submitted.statusCode).toBe(200);
      expect((await portalDossier(applicant, id)).dossierName).toBe('Capgemini — Chargé de marketing digital');
      const [dossier] = await db.select().from(dossiers).where(eq(dossiers.id, id));
      expect(dossier?.dossierName).toBe('Capgemini — Chargé de marketing digital');
    });
  });

  describe('access control', () => {
    it('hides a dossier from other applicants and companies, forbids the wrong user type, lets staff in', async () => {
      const applicant = await createApplicant();
      const { id, employer } = await toEmployerFirstContact(applicant);
      const otherApplicant = await createApplicant();
      const otherCompany = await createUser('company');

      expect((await call(undefined, 'GET', `/api/admissibles/fiche-premier-contact/${id}`)).statusCode).toBe(401);
      expect((await call(otherApplicant, 'GET', `/api/admissibles/fiche-premier-contact/${id}`)).statusCode).toBe(404);
      expect((await call(otherApplicant, 'PUT', `/api/admissibles/fiche-premier-contact/${id}`, {})).statusCode).toBe(
        404,
      );
      expect((await call(otherCompany, 'GET', `/api/employeurs/fiche-premier-contact/${id}`)).statusCode).toBe(404);
      expect((await call(otherCompany, 'PUT', `/api/employeurs/fiche-premier-contact/${id}`, {})).statusCode).toBe(404);
      expect((await call(applicant, 'GET', `/api/employeurs/fiche-premier-contact/${id}`)).statusCode).toBe(403);
      expect((await call(applicant, 'GET', `/api/employeurs/validation-financement/${id}`)).statusCode).toBe(403);
      expect((await call(employer, 'GET', `/api/admissibles/fiche-premier-contact/${id}`)).statusCode).toBe(403);
      expect((await call(staff, 'GET', `/api/employeurs/fiche-premier-contact/${id}`)).statusCode).toBe(200);
      expect((await call(otherCompany, 'GET', '/api/employeurs/dossiers')).json()).toEqual([]);
    });

    it('gives the company only who the applicant is and how to reach them at first contact', async () => {
      const applicant = await createApplicant();
      const { id, employer } = await toEmployerFirstContact(applicant, undefined, applicantDetails);
      const response = await call(employer, 'GET', `/api/employeurs/fiche-premier-contact/${id}`);
      expect(response.statusCode).toBe(200);
      const body = sheet(response);
      expect(body.context['apprenti']).toEqual({
        nom: 'Martin',
        prenom: 'Léo',
        dateNaissance: '2004-05-10',
        courriel: 'leo.martin@example.test',
        telephone: '0612345678',
      });
      expect(getAtPath(body.context, 'contrat.numeroContratPrecedent')).toBe('075202409NC0012');
      for (const withheld of [NIR, 'Courbevoie', 'BTS SIO', '1234567A', 'RSA', 'rqth', 'nationalite', 'nir'])
        expect(JSON.stringify(body)).not.toContain(withheld);
      // The employer sheet starts from what the applicant said of the company.
      expect(getAtPath(body.data, 'employeur')).toMatchObject({ denomination: 'Data Conseil', siret: SIRET });

      // The applicant and staff read everything; the rules still see the whole applicant block.
      const mine = sheet(await call(applicant, 'GET', `/api/admissibles/fiche-premier-contact/${id}`));
      expect(getAtPath(mine.data, 'apprenti.adresse.commune')).toBe('Courbevoie');
      const asStaff = sheet(await call(staff, 'GET', `/api/employeurs/fiche-premier-contact/${id}`));
      expect(getAtPath(asStaff.context, 'apprenti')).toMatchObject({ rqth: true, nir: NIR, nationalite: '1' });

      // The missions page is read at the same stage.
      await call(employer, 'POST', `/api/employeurs/fiche-premier-contact/${id}/submit`, f1ceBody);
      const missions = await call(employer, 'GET', `/api/employeurs/modification-missions/${id}`);
      expect(missions.statusCode).toBe(200);
      expect(Object.keys(getAtPath(sheet(missions).context, 'apprenti') ?? {}).sort()).toEqual([
        'courriel',
        'dateNaissance',
        'nom',
        'prenom',
        'telephone',
      ]);
      expect(missions.body).not.toContain('Courbevoie');
    });
  });

  describe('employer first-contact sheet', () => {
    it('refuses a submit breaking the contract rules with every error, then submits a valid one', async () => {
      const applicant = await createApplicant();
      const { id, employer } = await toEmployerFirstContact(applicant);
      const broken = {
        ...f1ceBody,
        contrat: {
          ...f1ceBody.contrat,
          dateFinContrat: '2028-06-30',
          dureeTravailHebdoHeures: 45,
          salaireBrutMensuel: 500,
        },
      };
      const refused = await call(employer, 'POST', `/api/employeurs/fiche-premier-contact/${id}/submit`, broken);
      expect(refused.statusCode).toBe(400);
      const errors = refused.json<ErrorBody>().errors ?? {};
      expect(errors['contrat.dateFinContrat']).toEqual(['contract.end_before_training_end']);
      expect(errors['contrat.dureeTravailHebdoHeures']).toEqual(['working_time.over_limit']);
      expect(errors['contrat.salaireBrutMensuel']).toEqual(['salary.below_minimum']);
      expect(await statutOf(id)).toBe(2);

      const accepted = await call(employer, 'POST', `/api/employeurs/fiche-premier-contact/${id}/submit`, f1ceBody);
      expect(accepted.statusCode).toBe(200);
      // 24 months: advice to sign for 12 months for full OPCO funding.
      expect(sheet(accepted).warnings['contrat.dateFinContrat']).toEqual([
        { code: 'contract.advise_12_months', severity: 'advice', params: { months: 12, duration: 24 } },
      ]);
      expect(await statutOf(id)).toBe(3);
      expect(await stepsOf(id)).toMatchObject({ f1ca: 2, f1ce: 2 });
      expect((await call(employer, 'PUT', `/api/employeurs/fiche-premier-contact/${id}`, f1ceBody)).statusCode).toBe(
        409,
      );
    });

    it("refuses what the State's CERFA tool refuses, each under its field with the values its message shows", async () => {
      const applicant = await createApplicant();
      const { id, employer } = await toEmployerFirstContact(applicant);
      const url = `/api/employeurs/fiche-premier-contact/${id}`;
      const refused = await call(employer, 'POST', `${url}/submit`, {
        ...f1ceBody,
        employeur: { ...f1ceBody.employeur, typeEmployeur: '22', codeIdcc: '650' },
        maitre1: { ...f1ceBody.maitre1, dateNaissance: '2009-01-01' },
        contrat: { ...f1ceBody.contrat, dateFinContrat: '2028-06-30' },
      });
      expect(refused.statusCode).toBe(400);
      const body = refused.json<ErrorBody>();
      expect(body.errors).toMatchObject({
        'employeur.typeEmployeur': ['employer.public_celia'],
        'employeur.codeIdcc': ['idcc.not_in_force'],
        'maitre1.dateNaissance': ['maitre.under_18'],
        'contrat.dateFinContrat': ['contract.end_before_training_end'],
      });
      expect(body.params).toEqual({
        'employeur.codeIdcc': { 'idcc.not_in_force': { idcc: '0650' } },
        'maitre1.dateNaissance': { 'maitre.under_18': { min: 18 } },
        'contrat.dateFinContrat': { 'contract.end_before_training_end': { date: '2028-08-31' } },
      });
      // Put into words with them, the messages read whole.
      expect(
        formatRuleMessage(
          'contract.end_before_training_end',
          'fr-FR',
          body.params?.['contrat.dateFinContrat']?.['contract.end_before_training_end'],
        ),
      ).toBe('Le contrat ne peut pas se terminer avant la fin de la formation (31/08/2028).');
      // The send is refused whole: the draft is kept, nothing moves.
      expect(sheet(await call(employer, 'GET', url)).status).toBe('draft');
      expect(await statutOf(id)).toBe(2);

      const dryRun = await call(employer, 'POST', `${url}/submit?dryRun=true`, {
        ...f1ceBody,
        employeur: { ...f1ceBody.employeur, telephone: '01 40 00 00 0' },
      });
      expect(dryRun.statusCode).toBe(400);
      expect(dryRun.json<ErrorBody>().errors?.['employeur.telephone']).toBeDefined();
    });

    it('checks the IDCC and the NAF code against the reference tables the server loaded (checks 20 and 21)', async () => {
      const applicant = await createApplicant();
      const { id, employer } = await toEmployerFirstContact(applicant);
      const url = `/api/employeurs/fiche-premier-contact/${id}/submit?dryRun=true`;
      // Neither the built-in lists nor the format know these are wrong: 1234 is no agreement, 62.01A no NAF sub-class.
      const refused = await call(employer, 'POST', url, {
        ...f1ceBody,
        employeur: { ...f1ceBody.employeur, codeIdcc: '1234', codeApe: '62.01A' },
      });
      expect(refused.statusCode).toBe(400);
      const body = refused.json<ErrorBody>();
      expect(body.errors).toMatchObject({
        'employeur.codeIdcc': ['idcc.unknown'],
        'employeur.codeApe': ['naf.unknown'],
      });
      expect(body.params).toMatchObject({
        'employeur.codeIdcc': { 'idcc.unknown': { idcc: '1234' } },
        'employeur.codeApe': { 'naf.unknown': { code: '62.01A' } },
      });
      const nafParams = body.params?.['employeur.codeApe']?.['naf.unknown'];
      expect(formatRuleMessage('naf.unknown', 'fr-FR', nafParams)).toBe(
        "Le code NAF 62.01A n'existe pas dans la nomenclature de l'INSEE : vérifiez-le sur l'avis de situation Sirene de l'entreprise.",
      );
      expect(formatRuleMessage('naf.unknown', 'en-US', nafParams)).toBe(
        "NAF code 62.01A does not exist in INSEE's nomenclature: check it on the company's Sirene registration notice.",
      );
      // Métallurgie's former agreement for engineers and managers: in the table, abrogated.
      const abrogated = await call(employer, 'POST', url, {
        ...f1ceBody,
        employeur: { ...f1ceBody.employeur, codeIdcc: '0650' },
      });
      expect(abrogated.json<ErrorBody>().errors?.['employeur.codeIdcc']).toEqual(['idcc.not_in_force']);
      const known = await call(employer, 'POST', url, {
        ...f1ceBody,
        employeur: { ...f1ceBody.employeur, codeIdcc: '16', codeApe: '6202A' },
      });
      expect(known.statusCode).toBe(204);
      const none = await call(employer, 'POST', url, { ...f1ceBody, employeur: { ...f1ceBody.employeur, codeIdcc: '9999' } });
      expect(none.statusCode).toBe(204);
    });

    it("saves and submits the company's status and place of work, refusing malformed ones by dotted path", async () => {
      const applicant = await createApplicant();
      const { id, employer } = await toEmployerFirstContact(applicant);
      const url = `/api/employeurs/fiche-premier-contact/${id}`;
      const malformed = await call(employer, 'PUT', url, {
        employeur: { siteWeb: 'data conseil', regimeSocial: '3', siretExecution: '35600000009090' },
      });
      expect(malformed.statusCode).toBe(400);
      const errors = malformed.json<ErrorBody>().errors ?? {};
      expect(errors['employeur.siretExecution']).toEqual(['siret.checksum']);
      expect(Object.keys(errors)).toEqual(expect.arrayContaining(['employeur.siteWeb', 'employeur.regimeSocial']));

      const submitted = await call(employer, 'POST', `${url}/submit`, f1ceWide);
      expect(submitted.statusCode).toBe(200);
      expect(getAtPath(sheet(submitted).data, 'employeur')).toMatchObject(f1ceWide.employeur);
      expect(await statutOf(id)).toBe(3);
    });

    it('is not open before the applicant sends theirs', async () => {
      const applicant = await createApplicant();
      const id = await newDossier(applicant);
      const read = await call(staff, 'GET', `/api/employeurs/fiche-premier-contact/${id}`);
      expect(sheet(read).readOnly).toBe(true);
      const write = await call(staff, 'PUT', `/api/employeurs/fiche-premier-contact/${id}`, {});
      expect(write.statusCode).toBe(409);
    });
  });

  describe('staff transitions', () => {
    it('are staff only', async () => {
      const applicant = await createApplicant();
      const { id, employer } = await toEmployerFirstContact(applicant);
      for (const caller of [applicant, employer]) {
        expect(
          (await call(caller, 'POST', `/api/staff/dossiers/${id}/first-contact`, { decision: 'accept' })).statusCode,
        ).toBe(403);
        expect((await call(caller, 'POST', `/api/staff/dossiers/${id}/contract-prepared`)).statusCode).toBe(403);
        expect((await call(caller, 'GET', '/api/staff/smic')).statusCode).toBe(403);
      }
      expect((await call(undefined, 'POST', `/api/staff/dossiers/${id}/modalites`, {})).statusCode).toBe(401);
    });

    it('accept the first contact, record the terms, and refuse transitions out of turn', async () => {
      const applicant = await createApplicant();
      const { id, employer } = await toEmployerFirstContact(applicant);
      const early = await call(staff, 'POST', `/api/staff/dossiers/${id}/first-contact`, { decision: 'accept' });
      expect(early.statusCode).toBe(409);
      await call(employer, 'POST', `/api/employeurs/fiche-premier-contact/${id}/submit`, f1ceBody);

      const noReason = await call(staff, 'POST', `/api/staff/dossiers/${id}/first-contact`, { decision: 'refuse' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json<ErrorBody>().errors?.['reason']).toEqual(['field.required']);

      const accepted = await call(staff, 'POST', `/api/staff/dossiers/${id}/first-contact`, { decision: 'accept' });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({ id, dossierStatut: 4 });
      expect(await stepsOf(id)).toMatchObject({ f1ca: 3, f1ce: 3, modalites_re: 2 });

      const badTerms = await call(staff, 'POST', `/api/staff/dossiers/${id}/modalites`, { coutFormationAnnuel: -1 });
      expect(badTerms.statusCode).toBe(400);
      expect(badTerms.json<ErrorBody>().errors).toHaveProperty('coutFormationAnnuel');
      const terms = { coutFormationAnnuel: 8500, priseEnChargeOpco: 8000, resteACharge: 500, rythme: '3/2' };
      expect((await call(staff, 'POST', `/api/staff/dossiers/${id}/modalites`, terms)).json()).toMatchObject({
        dossierStatut: 5,
      });
      expect((await call(staff, 'POST', `/api/staff/dossiers/${id}/contract-prepared`)).statusCode).toBe(409);

      const funding = await call(employer, 'GET', `/api/employeurs/validation-financement/${id}`);
      expect(funding.json()).toMatchObject({ terms, decision: null, canDecide: true });
    });

    it('refuse a first contact: the dossier is refused and its sheets closed', async () => {
      const applicant = await createApplicant();
      const { id, employer } = await toEmployerFirstContact(applicant);
      await call(employer, 'POST', `/api/employeurs/fiche-premier-contact/${id}/submit`, f1ceBody);
      const refused = await call(staff, 'POST', `/api/staff/dossiers/${id}/first-contact`, {
        decision: 'refuse',
        reason: 'Formation complète',
      });
      expect(refused.json()).toMatchObject({ dossierStatut: 6 });
      const [entry] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.dossierId, id), eq(auditLog.action, 'first_contact.refuse')));
      expect(entry?.details).toMatchObject({ reason: 'Formation complète', statut: { from: 3, to: 6 } });
      expect((await call(employer, 'PUT', `/api/employeurs/modification-missions/${id}`, {})).statusCode).toBe(409);
    });
  });

  describe('funding validation', () => {
    it('needs a reason to deny, then refuses the dossier', async () => {
      const applicant = await createApplicant();
      const { id, employer } = await toFunding(applicant);
      const noReason = await call(employer, 'POST', `/api/employeurs/validation-financement/${id}`, {
        decision: 'denied',
        reason: '  ',
      });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json<ErrorBody>().errors?.['reason']).toEqual(['field.required']);

      const denied = await call(employer, 'POST', `/api/employeurs/validation-financement/${id}`, {
        decision: 'denied',
        reason: 'Budget gelé',
      });
      expect(denied.statusCode).toBe(200);
      expect(denied.json()).toMatchObject({ decision: 'denied', reason: 'Budget gelé', canDecide: false });
      expect(await statutOf(id)).toBe(6);
      const rows = await db.select().from(fundingValidations).where(eq(fundingValidations.dossierId, id));
      expect(rows).toEqual([
        expect.objectContaining({ decision: 'denied', reason: 'Budget gelé', decidedBy: employer.id }),
      ]);
      expect(
        (await call(employer, 'POST', `/api/employeurs/validation-financement/${id}`, { decision: 'accepted' }))
          .statusCode,
      ).toBe(409);
    });

    it('keeps a stalled answer pending, then accepts and opens the information sheet', async () => {
      const applicant = await createApplicant();
      const { id, employer } = await toFunding(applicant);
      const stalled = await call(employer, 'POST', `/api/employeurs/validation-financement/${id}`, {
        decision: 'stalled',
      });
      expect(stalled.json()).toMatchObject({ decision: 'stalled', canDecide: true });
      expect(await statutOf(id)).toBe(5);
      expect(
        (await call(employer, 'POST', `/api/employeurs/validation-financement/${id}`, { decision: 'accepted' }))
          .statusCode,
      ).toBe(200);
      expect(await statutOf(id)).toBe(7);
      expect(await stepsOf(id)).toMatchObject({ fra: 1, fre: 1 });
    });
  });

  describe('information sheet', () => {
    const fraBody = sharedFraBody();
    const freBody = sharedFreBody();

    it("stores the OPCO the IDCC gives when none is named, and refuses another under the OPCO's field", async () => {
      const applicant = await createApplicant();
      const { id, employer } = await toInformationSheet(applicant);
      const url = `/api/employeurs/fiche-renseignement/${id}`;
      const storedOpco = async () => {
        const [row] = await db
          .select({ data: sheets.data })
          .from(sheets)
          .where(and(eq(sheets.dossierId, id), eq(sheets.kind, 'fre')));
        return getAtPath(row?.data, 'opco.nom');
      };

      // IDCC 1486 (engineering and consulting offices) belongs to OPCO ATLAS in the IDCC -> OPCO table.
      const saved = await call(employer, 'PUT', url, { ...freBody, opco: {} });
      expect(saved.statusCode).toBe(200);
      expect(getAtPath(sheet(saved).data, 'opco.nom')).toBe('OPCO_ATLAS');
      expect(await storedOpco()).toBe('OPCO_ATLAS');

      const other = { ...freBody, opco: { nom: 'AKTO' } };
      const dryRun = await call(employer, 'POST', `${url}/send?dryRun=true`, other);
      expect(dryRun.statusCode).toBe(400);
      expect(dryRun.json<ErrorBody>().errors?.['opco.nom']).toEqual(['opco.idcc_mismatch']);
      const refused = await call(employer, 'POST', `${url}/send`, other);
      expect(refused.statusCode).toBe(400);
      const body = refused.json<ErrorBody>();
      expect(body.errors).toEqual({ 'opco.nom': ['opco.idcc_mismatch'] });
      const params = body.params?.['opco.nom']?.['opco.idcc_mismatch'];
      expect(params).toEqual({ idcc: '1486', opco: 'OPCO ATLAS' });
      expect(formatRuleMessage('opco.idcc_mismatch', 'fr-FR', params)).toBe(
        "La convention collective 1486 relève de l'OPCO OPCO ATLAS : c'est cet OPCO qui figure au contrat. Si ce n'est pas le bon, corrigez le code IDCC.",
      );
      expect(formatRuleMessage('opco.idcc_mismatch', 'en-US', params)).toBe(
        'Collective agreement 1486 belongs to the OPCO OPCO ATLAS: this OPCO goes on the contract. If it is not the right one, correct the IDCC code.',
      );
      // The refused send keeps the draft as typed, nothing moves; sent with the IDCC's OPCO, it goes.
      expect(await storedOpco()).toBe('AKTO');
      expect(await stepsOf(id)).toMatchObject({ fre: 1 });
      const sent = await call(employer, 'POST', `${url}/send`, { ...freBody, opco: {} });
      expect(sent.statusCode).toBe(200);
      expect(await storedOpco()).toBe('OPCO_ATLAS');
      expect(await stepsOf(id)).toMatchObject({ fre: 2 });
    });

    it('starts from the first contacts, blocks an IDCC change, checks the OPCO rules, and locks once both parts are sent', async () => {
      const applicant = await createApplicant();
      const { id, employer } = await toInformationSheet(applicant);

      const fra = await call(applicant, 'GET', `/api/admissibles/fiche-renseignement/${id}`);
      expect(getAtPath(sheet(fra).data, 'apprenti')).toMatchObject({ nom: 'Martin', prenom: 'Léo', nir: NIR });
      const fre = await call(employer, 'GET', `/api/employeurs/fiche-renseignement/${id}`);
      expect(getAtPath(sheet(fre).data, 'employeur.codeIdcc')).toBe('1486');
      expect(getAtPath(sheet(fre).context, 'apprenti.nir')).toBe('1 04 ** ** *** *** 65');

      const idccChange = await call(employer, 'PUT', `/api/employeurs/fiche-renseignement/${id}`, {
        ...freBody,
        employeur: { ...freBody.employeur, codeIdcc: '1501' },
      });
      expect(idccChange.statusCode).toBe(400);
      expect(idccChange.json<ErrorBody>().errors?.['employeur.codeIdcc']).toEqual(['idcc.change_blocked']);

      // A draft moves no step: each part stays to do until sent, and its author keeps the way in (SPEC 4).
      expect((await call(employer, 'PUT', `/api/employeurs/fiche-renseignement/${id}`, freBody)).statusCode).toBe(200);
      expect((await call(applicant, 'PUT', `/api/admissibles/fiche-renseignement/${id}`, fraBody)).statusCode).toBe(
        200,
      );
      expect(await stepsOf(id)).toMatchObject({ fre: 1, fra: 1 });
      expect(await employerHome(employer, id)).toMatchObject({ waitingFor: { action: 'fre', actor: 'company' } });
      expect(dossierActions(await portalDossier(applicant, id)).map((action) => action.kind)).toEqual([
        'informationSheet',
      ]);

      const health = await call(employer, 'POST', `/api/employeurs/fiche-renseignement/${id}/send`, {
        ...freBody,
        opco: { nom: 'OPCO_SANTE' },
        responsabilites: {
          isSchoolResponsibleCerfa: false,
          isSchoolResponsibleCerfaOpco: true,
          isSchoolResponsibleSubrogation: true,
        },
      });
      expect(health.statusCode).toBe(400);
      const errors = health.json<ErrorBody>().errors ?? {};
      expect(errors['responsabilites.isSchoolResponsibleSubrogation']).toEqual(['opco.no_subrogation_health']);
      expect(errors['responsabilites.isSchoolResponsibleCerfaOpco']).toEqual(['opco.filing_requires_school_cerfa']);
      // OPCO Santé is not the OPCO of IDCC 1486 either.
      expect(errors['opco.nom']).toEqual(['opco.idcc_mismatch']);

      const sentFre = await call(employer, 'POST', `/api/employeurs/fiche-renseignement/${id}/send`, freBody);
      expect(sentFre.statusCode).toBe(200);
      expect(sentFre.json()).toMatchObject({ status: 'submitted', readOnly: true });
      // Sent, the company's part waits for the applicant's (2); the answer says so.
      expect(await stepsOf(id)).toMatchObject({ fre: 2, fra: 1 });
      expect(sheet(sentFre).etapeStatus).toEqual(expect.arrayContaining([{ type: 'fre', status: 2 }]));
      expect((await call(employer, 'PUT', `/api/employeurs/fiche-renseignement/${id}`, freBody)).statusCode).toBe(409);
      expect(await employerHome(employer, id)).toMatchObject({
        waitingFor: { action: 'fra', actor: 'admissible', to: null },
      });
      const waiting = await portalDossier(applicant, id);
      expect(dossierActions(waiting).map((action) => action.kind)).toEqual(['informationSheet']);

      const incomplete = await call(applicant, 'POST', `/api/admissibles/fiche-renseignement/${id}/send`, {
        apprenti: { nom: 'Martin' },
      });
      expect(incomplete.statusCode).toBe(400);
      expect(Object.keys(incomplete.json<ErrorBody>().errors ?? {})).toEqual(
        expect.arrayContaining(['apprenti.sexe', 'apprenti.adresse.voie', 'consentements.rgpd']),
      );

      const sentFra = await call(applicant, 'POST', `/api/admissibles/fiche-renseignement/${id}/send`, fraBody);
      expect(sentFra.statusCode).toBe(200);
      expect(await stepsOf(id)).toMatchObject({ fra: 3, fre: 3, cfa: 2 });
      expect(sheet(sentFra).etapeStatus).toEqual(
        expect.arrayContaining([
          { type: 'fra', status: 3 },
          { type: 'fre', status: 3 },
          { type: 'cfa', status: 2 },
        ]),
      );
      expect(dossierActions(await portalDossier(applicant, id))).toEqual([]);
      expect((await call(applicant, 'POST', `/api/admissibles/fiche-renseignement/${id}/send`)).statusCode).toBe(409);

      const home = await call(employer, 'GET', '/api/employeurs/dossiers');
      expect(home.json<EmployerDossier[]>()[0]?.waitingFor).toEqual({ action: 'cfa', actor: 'staff', to: null });
      // The missions may be clarified until the contract is prepared.
      expect((await employerHome(employer, id))?.missions).toEqual({
        open: true,
        to: `/employeur/modification-missions/${id}`,
      });
      const prepared = await call(staff, 'POST', `/api/staff/dossiers/${id}/contract-prepared`);
      expect(prepared.statusCode).toBe(200);
      expect((await employerHome(employer, id))?.missions).toEqual({ open: false, to: null });
      expect(await stepsOf(id)).toMatchObject({
        cfa: 3,
        signature_admissible: 1,
        signature_employeur: 1,
        signature_ecole: 1,
      });
      const [personal] = await db.select().from(dossierPersonal).where(eq(dossierPersonal.dossierId, id));
      expect(personal?.nirCiphertext).not.toContain(NIR);
      const rows = await db.select().from(sheets).where(eq(sheets.dossierId, id));
      expect(JSON.stringify(rows.map((row) => row.data))).not.toContain(NIR);
    });

    it('starts from everything both first contacts gave, and shows the company the whole applicant part', async () => {
      const applicant = await createApplicant();
      const { id, employer } = await toInformationSheet(applicant, applicantDetails, f1ceWide);

      const fra = sheet(await call(applicant, 'GET', `/api/admissibles/fiche-renseignement/${id}`));
      expect(getAtPath(fra.data, 'apprenti')).toMatchObject({ ...applicantDetails.apprenti, nir: NIR, nom: 'Martin' });
      // Everything the information sheet requires of the applicant was given at first contact, but the consent.
      const unsaved = await call(applicant, 'POST', `/api/admissibles/fiche-renseignement/${id}/send`);
      expect(unsaved.statusCode).toBe(400);
      expect(Object.keys(unsaved.json<ErrorBody>().errors ?? {})).toEqual(['consentements.rgpd']);

      const fre = sheet(await call(employer, 'GET', `/api/employeurs/fiche-renseignement/${id}`));
      expect(getAtPath(fre.data, 'employeur')).toMatchObject(f1ceWide.employeur);
      expect(getAtPath(fre.data, 'contrat')).toMatchObject({
        numeroContratPrecedent: '075202409NC0012',
        typeContrat: 'APP',
        salaireBrutMensuel: 1500,
      });
      // The CERFA the employer signs carries the applicant's part: from here on they read it (the NIR masked).
      expect(getAtPath(fre.context, 'apprenti')).toMatchObject({
        adresse: applicantDetails.apprenti.adresse,
        nationalite: '1',
        rqth: true,
        nir: '1 04 ** ** *** *** 65',
      });

      // The first-contact screens stay minimal for the company, even once the applicant's part holds more.
      const representantLegal = { nom: 'Martin', prenom: 'Anne', courriel: 'anne.martin@example.test' };
      await call(applicant, 'PUT', `/api/admissibles/fiche-renseignement/${id}`, { ...fraBody, representantLegal });
      const f1ce = sheet(await call(employer, 'GET', `/api/employeurs/fiche-premier-contact/${id}`));
      expect(Object.keys(f1ce.context).sort()).not.toContain('representantLegal');
      expect(getAtPath(f1ce.context, 'apprenti.adresse')).toBeUndefined();
      expect(getAtPath(f1ce.context, 'apprenti.nom')).toBe('Martin');
      expect(
        getAtPath(
          sheet(await call(employer, 'GET', `/api/employeurs/fiche-renseignement/${id}`)).context,
          'representantLegal',
        ),
      ).toEqual(representantLegal);
    });

    it('is not open before the funding is accepted', async () => {
      const applicant = await createApplicant();
      const { id } = await toFunding(applicant);
      const response = await call(applicant, 'PUT', `/api/admissibles/fiche-renseignement/${id}`, fraBody);
      expect(response.statusCode).toBe(409);
      expect(sheet(await call(applicant, 'GET', `/api/admissibles/fiche-renseignement/${id}`)).readOnly).toBe(true);
    });
  });

  describe('missions clarification', () => {
    function multipart(filename: string, bytes: Uint8Array) {
      const boundary = '----passerelle-test-boundary';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      return {
        payload: Buffer.concat([head, Buffer.from(bytes), tail]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    }
    const upload = (caller: Caller, id: number, filename: string, bytes: Uint8Array) => {
      const { payload, headers } = multipart(filename, bytes);
      return app.inject({
        method: 'POST',
        url: `/api/employeurs/modification-missions/${id}/attachment`,
        payload,
        headers: { ...caller.headers, ...headers },
      });
    };
    const text = (value: string) => new TextEncoder().encode(value);
    const docx = docxFile();
    const doc = docFile();

    it('accepts a pdf, doc or docx by content, refuses other types and files over 5 MB', async () => {
      const applicant = await createApplicant();
      const { id, employer } = await toEmployerFirstContact(applicant);
      expect((await upload(employer, id, 'poste.pdf', pdfFile('fiche'))).statusCode).toBe(409);
      await call(employer, 'POST', `/api/employeurs/fiche-premier-contact/${id}/submit`, f1ceBody);

      const pdf = await upload(employer, id, 'fiche de poste.pdf', pdfFile('fiche'));
      expect(pdf.statusCode).toBe(200);
      expect(sheet(pdf).attachment).toMatchObject({ filename: 'fiche de poste.pdf', contentType: 'application/pdf' });
      const firstUrl = sheet(pdf).attachment?.url ?? '';

      const word = await upload(employer, id, 'poste.bin', docx);
      expect(sheet(word).attachment).toMatchObject({
        filename: 'poste.docx',
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      });
      expect(sheet(await upload(employer, id, 'old.doc', doc)).attachment?.contentType).toBe('application/msword');
      // The replaced file is gone.
      expect((await call(employer, 'GET', firstUrl)).statusCode).toBe(404);

      const fake = await upload(employer, id, 'virus.pdf', text('MZ this is not a pdf'));
      expect(fake.statusCode).toBe(415);
      // Named .pdf but not a PDF: the content is what is wrong, not the extension.
      expect(fake.json<ErrorBody>().errors?.['file']).toEqual(['file.content_not_document']);
      const wrongName = await upload(employer, id, 'poste.exe', text('MZ this is not a pdf'));
      expect(wrongName.json<ErrorBody>().errors?.['file']).toEqual(['file.unsupported_type']);
      const zipOnly = await upload(
        employer,
        id,
        'sheet.docx',
        Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x78, 0x6c]),
      );
      expect(zipOnly.statusCode).toBe(415);
      // A real archive, of a spreadsheet's parts: not a Word document whatever its name.
      const spreadsheet = await upload(employer, id, 'poste.docx', xlsxFile());
      expect(spreadsheet.statusCode).toBe(415);
      expect(spreadsheet.json<ErrorBody>().errors?.['file']).toEqual(['file.content_not_document']);

      const big = new Uint8Array(5 * 1024 * 1024 + 10);
      big.set(text('%PDF-1.7'));
      const tooBig = await upload(employer, id, 'big.pdf', big);
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json<ErrorBody>().errors?.['file']).toEqual(['file.too_large']);

      const missionsSheet = await call(employer, 'GET', `/api/employeurs/modification-missions/${id}`);
      const url = sheet(missionsSheet).attachment?.url ?? '';
      expect((await call(employer, 'GET', url)).statusCode).toBe(200);
      expect((await call(applicant, 'GET', url)).statusCode).toBe(200);
      expect((await call(await createUser('company'), 'GET', url)).statusCode).toBe(404);
      expect((await upload(applicant, id, 'poste.pdf', text('%PDF-1.7'))).statusCode).toBe(403);
    });

    it('saves, then submits the missions with the description required', async () => {
      const applicant = await createApplicant();
      const { id, employer } = await toEmployerFirstContact(applicant);
      // The employer home offers the missions once the company has described the job, until they are submitted.
      expect((await employerHome(employer, id))?.missions).toEqual({ open: false, to: null });
      await call(employer, 'POST', `/api/employeurs/fiche-premier-contact/${id}/submit`, f1ceBody);
      expect((await employerHome(employer, id))?.missions).toEqual({
        open: true,
        to: `/employeur/modification-missions/${id}`,
      });
      const empty = await call(employer, 'POST', `/api/employeurs/modification-missions/${id}/submit`, {});
      expect(empty.json<ErrorBody>().errors?.['missions.description']).toEqual(['field.required']);
      const missions = { missions: { description: 'Construire les pipelines de données du service client.' } };
      expect(
        (await call(employer, 'POST', `/api/employeurs/modification-missions/${id}/submit`, missions)).json(),
      ).toMatchObject({ status: 'submitted', data: missions });
      expect((await call(employer, 'PUT', `/api/employeurs/modification-missions/${id}`, missions)).statusCode).toBe(
        409,
      );
      expect((await employerHome(employer, id))?.missions).toEqual({ open: false, to: null });
    });
  });

  describe('SMIC table and salary grid', () => {
    it('serves the grid from the dated table, which staff extend', async () => {
      const user = await createApplicant();
      const before = await call(
        user,
        'GET',
        '/api/sheets/salary-grid?date=2026-09-01&dateNaissance=2004-05-10&dateFinContrat=2028-08-31',
      );
      expect(before.statusCode).toBe(200);
      // The value in force since 2026-01-01 (décret n° 2025-1228), shipped with issue 28.
      expect(before.json<SalaryGridResponse>().smic).toMatchObject({ validFrom: '2026-01-01', monthly: 1823.03, hourly: 12.02 });
      expect(before.json<SalaryGridResponse>().apprentissage?.rows[0]?.cells[2]).toEqual({ taux: 53, montant: 966.21 });
      expect(before.json<SalaryGridResponse>().periodes[0]).toMatchObject({
        ordre: '1.1',
        taux: 53,
        montantMinimum: 966.21,
      });

      const table = await call(staff, 'GET', '/api/staff/smic');
      expect(table.json()).toHaveLength(13);
      expect(table.json<{ validFrom: string; source?: string }[]>().at(-1)?.source).toContain('2025-1228');
      expect(
        (await call(staff, 'PUT', '/api/staff/smic', { validFrom: '2026-06-01', monthly: -3, hourly: 12.31 }))
          .statusCode,
      ).toBe(400);
      const added = await call(staff, 'PUT', '/api/staff/smic', {
        validFrom: '2026-06-01',
        monthly: 1867.02,
        hourly: 12.31,
      });
      expect(added.statusCode).toBe(200);
      expect(added.json()).toHaveLength(14);
      expect(
        (await call(user, 'PUT', '/api/staff/smic', { validFrom: '2027-01-01', monthly: 1900, hourly: 12.5 }))
          .statusCode,
      ).toBe(403);

      const after = await call(user, 'GET', '/api/sheets/salary-grid?date=2026-09-01');
      expect(after.json<SalaryGridResponse>().smic).toMatchObject({ validFrom: '2026-06-01', monthly: 1867.02 });
      expect(after.json<SalaryGridResponse>().apprentissage?.rows[0]?.cells[0]).toEqual({ taux: 27, montant: 504.1 });
      expect((await call(user, 'GET', '/api/sheets/salary-grid?date=nope')).statusCode).toBe(400);
      const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'smic.saved'));
      expect(entry?.actorUserId).toBe(staff.id);
    });
  });

  describe('issue 9: what a sheet says of itself', () => {
    it('says who sent a sheet and when', async () => {
      const applicant = await createApplicant();
      const { id } = await toEmployerFirstContact(applicant);
      const read = sheet(await call(applicant, 'GET', `/api/admissibles/fiche-premier-contact/${id}`));
      const [account] = await db.select().from(users).where(eq(users.id, applicant.id));
      expect(read.submittedAt).toEqual(expect.any(String));
      expect(read.submittedBy).toEqual({ prenom: account?.prenom, nom: account?.nom, userType: 'admissible' });
      const draft = sheet(
        await call(applicant, 'GET', `/api/admissibles/fiche-premier-contact/${await newDossier(applicant)}`),
      );
      expect(draft.submittedBy).toBeNull();
    });

    it('starts a first contact from the account and the applicant’s earlier sheets, the NIR excepted', async () => {
      const applicant = await createApplicant();
      const [account] = await db.select().from(users).where(eq(users.id, applicant.id));
      const first = sheet(
        await call(applicant, 'GET', `/api/admissibles/fiche-premier-contact/${await newDossier(applicant)}`),
      );
      expect(getAtPath(first.data, 'apprenti')).toEqual({
        nom: account?.nom,
        prenom: account?.prenom,
        courriel: account?.email,
      });

      await toEmployerFirstContact(applicant, undefined, {
        apprenti: { departementNaissance: '75', communeNaissance: 'Paris' },
      });
      const second = sheet(
        await call(applicant, 'GET', `/api/admissibles/fiche-premier-contact/${await newDossier(applicant)}`),
      );
      expect(getAtPath(second.data, 'apprenti')).toMatchObject({
        nom: 'Martin',
        prenom: 'Léo',
        sexe: 'M',
        dateNaissance: '2004-05-10',
        departementNaissance: '75',
        communeNaissance: 'Paris',
        courriel: 'leo.martin@example.test',
      });
      expect(getAtPath(second.data, 'apprenti.nir')).toBeUndefined();
    });

    it('judges a sheet on a dry run as the send would, changing nothing', async () => {
      const applicant = await createApplicant();
      const id = await newDossier(applicant);
      const url = `/api/admissibles/fiche-premier-contact/${id}/submit?dryRun=true`;
      const refused = await call(applicant, 'POST', url, { apprenti: { nom: 'Martin' } });
      expect(refused.statusCode).toBe(400);
      const errors = refused.json<ErrorBody>().errors ?? {};
      expect(Object.keys(errors).length).toBeGreaterThan(3);
      expect(errors['apprenti.nom']).toBeUndefined();
      expect(errors['contacts.contactEntreprise.courriel']).toBeDefined();

      const passed = await call(applicant, 'POST', url, f1caBody('dry-run@data-conseil.test'));
      expect(passed.statusCode).toBe(204);
      const rows = await db.select().from(sheets).where(eq(sheets.dossierId, id));
      expect(rows).toEqual([]);
      expect(await stepsOf(id)).toEqual({ f1ca: 1 });
      expect(await db.select().from(users).where(eq(users.email, 'dry-run@data-conseil.test'))).toEqual([]);
    });

    it('gives the reason staff recorded for a refused case, a returned sheet and an archived case', async () => {
      const applicant = await createApplicant();
      const { id, employer } = await toEmployerFirstContact(applicant);
      await call(employer, 'POST', `/api/employeurs/fiche-premier-contact/${id}/submit`, f1ceBody);
      const refused = await call(staff, 'POST', `/api/staff/dossiers/${id}/first-contact`, {
        decision: 'refuse',
        reason: 'Poste sans lien avec la formation',
      });
      expect(refused.statusCode).toBe(200);
      for (const [caller, url] of [
        [applicant, `/api/admissibles/fiche-premier-contact/${id}`],
        [employer, `/api/employeurs/fiche-premier-contact/${id}`],
      ] as const)
        expect(sheet(await call(caller, 'GET', url)).statusNote).toMatchObject({
          kind: 'refused',
          reason: 'Poste sans lien avec la formation',
        });

      // Returning a sheet and archiving a case have no endpoint yet: written as the demo (and the staff module) write them.
      const other = await newDossier(applicant);
      await db.insert(dossierSteps).values({ dossierId: other, type: 'f1ce', status: 1 });
      await db
        .update(dossierSteps)
        .set({ status: 5 })
        .where(and(eq(dossierSteps.dossierId, other), eq(dossierSteps.type, 'f1ca')));
      await db.insert(auditLog).values({
        dossierId: other,
        actorUserId: staff.id,
        action: 'sheet.returned',
        details: { kind: 'f1ca', reason: 'Date de début à corriger' },
      });
      const returned = sheet(await call(applicant, 'GET', `/api/admissibles/fiche-premier-contact/${other}`));
      expect(returned).toMatchObject({
        readOnly: false,
        statusNote: { kind: 'returned', reason: 'Date de début à corriger' },
      });

      await db.update(dossiers).set({ dossierStatut: 9 }).where(eq(dossiers.id, other));
      await db.insert(auditLog).values({
        dossierId: other,
        actorUserId: staff.id,
        action: 'dossier.archived',
        details: { reason: 'Sans nouvelles' },
      });
      const archived = sheet(await call(applicant, 'GET', `/api/admissibles/fiche-premier-contact/${other}`));
      expect(archived).toMatchObject({ readOnly: true, statusNote: { kind: 'archived', reason: 'Sans nouvelles' } });

      const open = sheet(
        await call(applicant, 'GET', `/api/admissibles/fiche-premier-contact/${await newDossier(applicant)}`),
      );
      expect(open.statusNote).toBeNull();
    });

    it('keeps the reason of a denied funding in the audit trail and shows it on the closed sheets', async () => {
      const applicant = await createApplicant();
      const { id, employer } = await toFunding(applicant);
      const denied = await call(employer, 'POST', `/api/employeurs/validation-financement/${id}`, {
        decision: 'denied',
        reason: 'Budget gelé',
      });
      expect(denied.statusCode).toBe(200);
      const [entry] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.dossierId, id), eq(auditLog.action, 'funding.denied')));
      expect(entry?.details).toMatchObject({ reason: 'Budget gelé' });
      expect(
        sheet(await call(applicant, 'GET', `/api/admissibles/fiche-premier-contact/${id}`)).statusNote,
      ).toMatchObject({ kind: 'refused', reason: 'Budget gelé' });
    });
  });
});
