import type { UserType } from '@passerelle/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { accessTokenFor } from './helper.ts';
import { admissibles, dossiers, files, formations, schools, users } from '../src/db/schema/index.ts';
import { drainMailOutbox } from '../src/modules/mail/mail.service.ts';
import type { ReceivedMail, TestSmtpServer } from '../src/modules/mail/test-smtp-server.ts';
import { createSchool, createUser, type SignedInUser } from '../src/modules/workshops/applicant-fixtures.ts';

/**
 * Test support (imported by *.test.ts): cases brought to each stage through the API, as people do it, and the
 * mails the test SMTP server received.
 */
export const SIRET = '73282932000074';
/** A valid NIR (key 65) of a man born in May 2004 in Paris. */
export const NIR = '104057512345665';

type Section = Record<string, unknown>;

/** The applicant of the sheet bodies: Léo Martin, born in May 2004. */
const leo = {
  nom: 'Martin',
  prenom: 'Léo',
  sexe: 'M',
  dateNaissance: '2004-05-10',
  courriel: 'leo.martin@example.test',
  telephone: '0612345678',
};

/**
 * The applicant's first contact (f1ca) naming `contactEmail` as the employer's contact: Léo Martin with his NIR
 * (`nir: null` leaves it out), each section's fields overridable.
 */
export function f1caBody(
  contactEmail: string,
  o: { nir?: string | null; apprenti?: Section; employeur?: Section; contrat?: Section; langue?: string } = {},
) {
  const nir = o.nir === undefined ? NIR : o.nir;
  return {
    apprenti: { ...leo, ...(nir ? { nir } : {}), ...o.apprenti },
    employeur: { denomination: 'Data Conseil', siret: SIRET, ...o.employeur },
    contacts: {
      contactEntreprise: { nom: 'Durand', prenom: 'Claire', courriel: contactEmail, langue: o.langue ?? 'fr-FR' },
    },
    contrat: { intitulePoste: 'Data engineer apprenti', ...o.contrat },
  };
}

/** The employer's first contact (f1ce), complete. */
export const f1ceBody = {
  employeur: {
    denomination: 'Data Conseil',
    siret: SIRET,
    codeIdcc: '1486',
    adresse: { voie: '12 rue de la Paix', codePostal: '75002', commune: 'Paris' },
  },
  maitre1: {
    nom: 'Durand',
    prenom: 'Claire',
    courriel: 'claire.durand@example.test',
    emploiOccupe: 'Lead data engineer',
  },
  contrat: {
    typeContrat: 'APP',
    intitulePoste: 'Data engineer apprenti',
    dateDebutContrat: '2026-09-01',
    dateFinContrat: '2028-08-31',
    dureeTravailHebdoHeures: 35,
    salaireBrutMensuel: 1500,
  },
  contacts: { signataire: { nom: 'Petit', prenom: 'Marc', courriel: 'marc.petit@example.test', fonction: 'DRH' } },
};

/** The funding terms the school records (status 4 to 6). */
export const fundingTerms = {
  coutFormationAnnuel: 8500,
  priseEnChargeOpco: 8000,
  resteACharge: 500,
  rythme: '3 jours entreprise / 2 jours école',
};

/** The applicant's part of the information sheet (fra), complete; `nir: null` leaves the NIR out. */
export function fraBody(o: { nir?: string | null; apprenti?: Section; extra?: Section } = {}) {
  const nir = o.nir === undefined ? NIR : o.nir;
  return {
    apprenti: {
      ...leo,
      departementNaissance: '75',
      communeNaissance: 'Paris',
      nationalite: '1',
      ...(nir ? { nir } : {}),
      adresse: { voie: '3 avenue Foch', codePostal: '92400', commune: 'Courbevoie' },
      situationAvantContrat: '3',
      derniereClasse: '11',
      dernierDiplomeObtenu: '54',
      plusHautDiplome: '54',
      ...o.apprenti,
    },
    ...o.extra,
    consentements: { rgpd: true },
  };
}

/** A contact of the employer's company. */
export const companyPerson = (nom: string) => ({
  nom,
  prenom: 'A',
  courriel: `${nom.toLowerCase()}@data-conseil.test`,
});

/** The employer's part of the information sheet (fre), complete, built on `f1ce`; each section overridable. */
export function freBody(
  o: {
    f1ce?: typeof f1ceBody;
    employeur?: Section;
    maitre1?: Section;
    opco?: Section;
    contacts?: Section;
    responsabilites?: Section;
  } = {},
) {
  const f1ce = o.f1ce ?? f1ceBody;
  return {
    employeur: {
      ...f1ce.employeur,
      telephone: '0140000000',
      courriel: 'contact@data-conseil.test',
      typeEmployeur: '12',
      employeurSpecifique: '0',
      nombreSalaries: 45,
      caisseRetraiteComplementaire: 'AG2R Agirc-Arrco',
      regimeSocial: '2',
      ...o.employeur,
    },
    maitre1: { ...f1ce.maitre1, dateNaissance: '1985-03-02', niveauDiplome: '7', ...o.maitre1 },
    contrat: { ...f1ce.contrat, typeContratApp: '11', modeContractuel: '1', travailRisque: false },
    opco: { nom: 'OPCO_ATLAS', ...o.opco },
    contacts: {
      tuteur: companyPerson('Durand'),
      signataire: companyPerson('Petit'),
      gestionnaire: companyPerson('Roux'),
      ...o.contacts,
    },
    consentements: { attestationEligibilite: true },
    responsabilites: { isSchoolResponsibleCerfa: true, isSchoolResponsibleCerfaOpco: true, ...o.responsabilites },
  };
}

/** A school (`code`) and its formation: the engineering cycle, apprenticeship, with its RNCP, diploma code and hours. */
export async function createFormation(
  app: FastifyInstance,
  code: string,
  overrides: Partial<typeof formations.$inferInsert> = {},
): Promise<{ schoolId: number; formationId: number }> {
  const [school] = await app.db.insert(schools).values({ code, name: 'ESILV' }).returning();
  if (!school) throw new Error('school not created');
  const [formation] = await app.db
    .insert(formations)
    .values({
      schoolId: school.id,
      libelle: 'Cycle ingénieur — Data et IA',
      year: 2026,
      etape: 4,
      contractTypes: 'APP',
      trainingStart: '2026-09-01',
      trainingEnd: '2028-08-31',
      rncp: 'RNCP37512',
      codeDiplome: '17X32601',
      hours: 1200,
      ...overrides,
    })
    .returning();
  if (!formation) throw new Error('formation not created');
  return { schoolId: school.id, formationId: formation.id };
}

/** This user, signed in (a live session and its access token). */
export async function withToken(app: FastifyInstance, id: number, userType: UserType): Promise<SignedInUser> {
  return { id, headers: { authorization: `Bearer ${await accessTokenFor(app, { id, userType })}` } };
}

/** A new user with `email` (no admissible row), signed in; `lang` is the column's default unless given. */
export async function createCaller(
  app: FastifyInstance,
  userType: UserType,
  email: string,
  names: { prenom?: string; nom?: string; lang?: string } = {},
): Promise<SignedInUser> {
  const [user] = await app.db
    .insert(users)
    .values({
      email,
      userType,
      prenom: names.prenom ?? 'Test',
      nom: names.nom ?? 'User',
      ...(names.lang ? { lang: names.lang } : {}),
    })
    .returning();
  if (!user) throw new Error('user not created');
  return withToken(app, user.id, userType);
}

/** The signed-in company user a first contact created for `contactEmail`. */
export async function contactOf(app: FastifyInstance, contactEmail: string): Promise<SignedInUser> {
  const [contact] = await app.db.select().from(users).where(eq(users.email, contactEmail));
  if (!contact) throw new Error('contact not created');
  return withToken(app, contact.id, 'company');
}

/** POSTs as `caller`; throws unless the answer is 200 or 201. */
export async function postOk(
  app: FastifyInstance,
  caller: { headers: Record<string, string> },
  url: string,
  payload?: object,
) {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: caller.headers,
    ...(payload === undefined ? {} : { payload }),
  });
  if (response.statusCode !== 200 && response.statusCode !== 201)
    throw new Error(`POST ${url}: ${response.statusCode} ${response.body}`);
  return response;
}

type Headed = { headers: Record<string, string> };

/** Both first contacts sent (status 3) to the funding to validate (status 6): the school accepts and records the terms. */
export async function toFunding(app: FastifyInstance, staff: Headed, id: number, terms: object = fundingTerms) {
  await postOk(app, staff, `/api/staff/dossiers/${id}/first-contact`, { decision: 'accept' });
  await postOk(app, staff, `/api/staff/dossiers/${id}/modalites`, terms);
}

/** Both first contacts sent (status 3) to the information sheet (status 7): funding recorded and accepted. */
export async function toInformationSheet(app: FastifyInstance, staff: Headed, employer: Headed, id: number) {
  await toFunding(app, staff, id);
  await postOk(app, employer, `/api/employeurs/validation-financement/${id}`, { decision: 'accepted' });
}

/** Status 7, both parts of the information sheet sent (fra 3, fre 3, cfa 2). */
export async function sendInformationSheet(
  app: FastifyInstance,
  c: { id: number; applicant: Headed; employer: Headed },
  bodies: { fra?: object; fre?: object } = {},
) {
  await postOk(app, c.employer, `/api/employeurs/fiche-renseignement/${c.id}/send`, bodies.fre ?? freBody());
  await postOk(app, c.applicant, `/api/admissibles/fiche-renseignement/${c.id}/send`, bodies.fra ?? fraBody());
}

/** A case ready for its contract: its id, its applicant and employer contact signed in, its own signatory's address. */
export interface ContractReadyCase {
  id: number;
  applicant: SignedInUser & { email: string };
  employer: SignedInUser & { email: string };
  signatoryEmail: string;
}

/**
 * A case brought through the API to both parts of the information sheet sent (status 7, cfa 2), the contract ready to
 * prepare: an applicant of `formationId` (`tag` makes the addresses of its people its own, the signatory's included, so
 * that a test counts the mails each receives).
 */
export async function contractReadyCase(
  app: FastifyInstance,
  staff: Headed,
  formationId: number,
  tag: string,
): Promise<ContractReadyCase> {
  const email = `applicant-${tag}@example.test`;
  const applicant = await createCaller(app, 'admissible', email, { nom: `Martin-${tag}` });
  await app.db.insert(admissibles).values({ userId: applicant.id, formationId, contractType: 'APP' });
  const id = (await postOk(app, applicant, '/api/admissibles/dossiers')).json<{ id: number }>().id;
  const contactEmail = `contact-${tag}@data-conseil.test`;
  const signataire = { ...f1ceBody.contacts.signataire, courriel: `signataire-${tag}@data-conseil.test` };
  const apprenti = { courriel: email };
  await postOk(app, applicant, `/api/admissibles/fiche-premier-contact/${id}/submit`, f1caBody(contactEmail, { apprenti }));
  const employer = await contactOf(app, contactEmail);
  const f1ce = { ...f1ceBody, contacts: { signataire } };
  await postOk(app, employer, `/api/employeurs/fiche-premier-contact/${id}/submit`, f1ce);
  await toInformationSheet(app, staff, employer, id);
  await sendInformationSheet(
    app,
    { id, applicant, employer },
    {
      fre: freBody({
        f1ce,
        employeur: { codeApe: '62.02A' },
        maitre1: { diplome: "Diplôme d'ingénieur" },
        opco: { numeroAdherent: 'AT-4521' },
        contacts: { signataire },
        responsabilites: { isSchoolResponsibleSubrogation: false },
      }),
      fra: fraBody({ apprenti: { ...apprenti, rqth: false, sportifHautNiveau: false } }),
    },
  );
  return {
    id,
    applicant: { ...applicant, email },
    employer: { ...employer, email: contactEmail },
    signatoryEmail: signataire.courriel,
  };
}

export interface CaseActors {
  id: number;
  applicant: SignedInUser & { email: string };
  employer: SignedInUser & { email: string };
}

export async function caseFixtures(app: FastifyInstance) {
  const db = app.db;
  const { formationId } = await createSchool(app, 'ESILV');
  const staff = await createUser(app, 'staff', undefined, { email: `staff-${Date.now()}@cfa.test` });
  let seq = 0;

  const call = (caller: SignedInUser | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      ...(caller ? { headers: caller.headers } : {}),
      ...(payload === undefined ? {} : { payload }),
    });

  /** The applicant's first contact sent (status 2): the employer's is awaited. Languages: the applicant's, the contact's. */
  async function toEmployerFirstContact(
    langs: { applicant?: string; employer?: 'fr-FR' | 'en-US' } = {},
  ): Promise<CaseActors> {
    seq += 1;
    const email = `applicant-${seq}-${Date.now()}@example.test`;
    const applicant = await createUser(app, 'admissible', formationId, { prenom: 'Léa', nom: `Martin${seq}`, email });
    await db.update(admissibles).set({ contractType: 'APP' }).where(eq(admissibles.userId, applicant.id));
    if (langs.applicant) await db.update(users).set({ lang: langs.applicant }).where(eq(users.id, applicant.id));
    const created = await call(applicant, 'POST', '/api/admissibles/dossiers');
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    const contactEmail = `contact-${seq}-${Date.now()}@company.test`;
    const f1ca = f1caBody(contactEmail, {
      nir: null,
      apprenti: { prenom: 'Léa', sexe: 'F', courriel: email },
      langue: langs.employer ?? 'fr-FR',
    });
    expect(
      (await call(applicant, 'POST', `/api/admissibles/fiche-premier-contact/${id}/submit`, f1ca)).statusCode,
    ).toBe(200);
    return {
      id,
      applicant: { ...applicant, email },
      employer: { ...(await contactOf(app, contactEmail)), email: contactEmail },
    };
  }

  /** Both first contacts sent (status 3): the school reviews them. */
  async function toFirstContactReview(langs: Parameters<typeof toEmployerFirstContact>[0] = {}): Promise<CaseActors> {
    const actors = await toEmployerFirstContact(langs);
    const sent = await call(
      actors.employer,
      'POST',
      `/api/employeurs/fiche-premier-contact/${actors.id}/submit`,
      f1ceBody,
    );
    expect(sent.statusCode).toBe(200);
    return actors;
  }

  /** Funding accepted (status 7): both parts of the information sheet are to do. */
  async function toInformationSheetCase(langs: Parameters<typeof toEmployerFirstContact>[0] = {}): Promise<CaseActors> {
    const actors = await toFirstContactReview(langs);
    await toInformationSheet(app, staff, actors.employer, actors.id);
    return actors;
  }

  async function dossierRow(id: number) {
    const [row] = await db.select().from(dossiers).where(eq(dossiers.id, id));
    if (!row) throw new Error('no dossier');
    return row;
  }

  /** The applicant's CVEC certificate, as if uploaded now (not checked yet). */
  async function uploadCvec(applicantId: number) {
    const [file] = await db
      .insert(files)
      .values({
        ownerUserId: applicantId,
        kind: 'cvec',
        filename: 'cvec.pdf',
        contentType: 'application/pdf',
        size: 1234,
        sha256: 'a'.repeat(64),
        storageKey: `cvec-${applicantId}`,
      })
      .returning();
    await db
      .update(admissibles)
      .set({ cvecFileId: file?.id ?? null, cvecValid: false })
      .where(eq(admissibles.userId, applicantId));
  }

  return {
    staff,
    call,
    toEmployerFirstContact,
    toFirstContactReview,
    toInformationSheet: toInformationSheetCase,
    dossierRow,
    uploadCvec,
  };
}

/** Sends what the outbox holds through the test SMTP server, then the mails this address received, oldest first. */
export async function receivedBy(app: FastifyInstance, smtp: TestSmtpServer, address: string): Promise<ReceivedMail[]> {
  await drainMailOutbox(app);
  return smtp.messages.filter((m) => m.envelopeTo.includes(address));
}

/** The mail whose subject starts with `subject`; fails when there is not exactly one. */
export function onlyMail(mails: ReceivedMail[], subject: string): ReceivedMail {
  const matching = mails.filter((m) => m.parsed.subject?.startsWith(subject));
  expect(matching.map((m) => m.parsed.subject)).toHaveLength(1);
  const [mail] = matching;
  if (!mail) throw new Error('no mail');
  return mail;
}

/** Path and query of the personal link in a mail, and whether it carries a sign-in token. */
export function linkPathOf(mail: ReceivedMail): { path: string; hasToken: boolean; search: URLSearchParams } {
  const match = mail.parsed.text?.match(/https?:\/\/\S+\?\S*t=[\w-]+\S*/);
  if (!match) throw new Error('no personal link in the mail');
  const url = new URL(match[0]);
  return { path: url.pathname, hasToken: url.searchParams.has('t'), search: url.searchParams };
}
