import type { SheetResponse, StaffDossierDetailResponse } from '@passerelle/contract';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiCall, demo, isoPlusDays, makeSiret } from './sheets-support.ts';
import { newPage, openMailLink, signInAs, waitForMail } from './support.ts';

/**
 * A case made through the product's own API, as its applicant, its company and the school would make it: the first
 * contacts (the company's contact invited by mail), the school's acceptance and terms, the funding, both parts of the
 * information sheet. Each journey uses its own applicant (a demo account no other e2e file signs in with, or a fresh one
 * imported by staff) and a fresh company contact address, so journeys never meet each other's data.
 */

export type Lang = 'fr-FR' | 'en-US';

/** A NIR coherent with a birth (sex, year, month, place and order), its key computed. */
export function nirFor(sexe: 'F' | 'M', birth: string, place: string, order: string): string {
  const body = `${sexe === 'M' ? 1 : 2}${birth.slice(2, 4)}${birth.slice(5, 7)}${place}${order}`;
  const key = 97n - (BigInt(body) % 97n);
  return `${body}${String(key).padStart(2, '0')}`;
}

/** An adult at the contract's start: no legal representative signs. */
const BIRTH = '2003-03-08';

/** The case's people and data, the same from the first contacts to the information sheet. */
export function caseData(applicantEmail: string, contactEmail: string, typeContrat: string) {
  const employeur = {
    denomination: 'Atelier Contraste',
    siret: makeSiret(),
    codeIdcc: '1486',
    adresse: { voie: '20 rue de la République', codePostal: '69002', commune: 'Lyon' },
  };
  const apprenti = {
    nom: 'Mercier',
    prenom: 'Alix',
    sexe: 'F',
    dateNaissance: BIRTH,
    departementNaissance: '69',
    communeNaissance: 'Lyon',
    nationalite: '1',
    courriel: applicantEmail,
    telephone: '06 11 22 33 44',
    adresse: { voie: '5 place Bellecour', codePostal: '69002', commune: 'Lyon' },
  };
  const maitre1 = { nom: 'Garnier', prenom: 'Lise', courriel: contactEmail, emploiOccupe: 'Directrice' };
  const signataire = { nom: 'Garnier', prenom: 'Lise', courriel: contactEmail };
  const f1ca = {
    apprenti,
    employeur: { denomination: employeur.denomination },
    contacts: { contactEntreprise: { nom: 'Garnier', prenom: 'Lise', courriel: contactEmail, fonction: 'DRH' } },
    contrat: { typeContrat, intitulePoste: 'Chargée de communication' },
  };
  const f1ce = (
    formation: { dateDebutFormation?: string | null; dateFinFormation?: string | null } | null | undefined,
  ) => ({
    employeur,
    maitre1,
    contrat: {
      typeContrat,
      intitulePoste: 'Chargée de communication',
      dateDebutContrat: formation?.dateDebutFormation ?? '2026-09-01',
      dateFinContrat: isoPlusDays(formation?.dateFinFormation ?? '2027-07-31', 1),
      dureeTravailHebdoHeures: 35,
      salaireBrutMensuel: 1900,
    },
    contacts: { signataire },
  });
  // The information sheet's two parts, as sheets.test.ts sends them (its freBody and fraBody), for this case.
  const isApprenticeship = typeContrat === 'APP';
  const fre = (first: ReturnType<typeof f1ce>) => ({
    employeur: {
      ...first.employeur,
      telephone: '0478000000',
      courriel: 'contact@atelier-contraste.example',
      typeEmployeur: '12',
      employeurSpecifique: '0',
      nombreSalaries: 12,
      caisseRetraiteComplementaire: 'AG2R Agirc-Arrco',
      regimeSocial: '2',
    },
    maitre1: { ...first.maitre1, dateNaissance: '1980-03-02', niveauDiplome: '7' },
    // A professionalisation contract (the formation offers no apprenticeship) has its own fields, as the demo's; those
    // of the other kind are left out (undefined is not sent).
    contrat: {
      ...first.contrat,
      travailRisque: false,
      typeContratApp: isApprenticeship ? '11' : undefined,
      modeContractuel: isApprenticeship ? '1' : undefined,
      natureContrat: isApprenticeship ? undefined : 'CDD',
      classification: isApprenticeship ? undefined : 'B',
      niveau: isApprenticeship ? undefined : 'II',
      coefficient: isApprenticeship ? undefined : '150',
    },
    opco: { nom: 'OPCO_ATLAS' },
    contacts: {
      tuteur: { nom: 'Garnier', prenom: 'Lise', courriel: contactEmail },
      signataire,
      gestionnaire: { nom: 'Roux', prenom: 'Paul', courriel: 'paul.roux@atelier-contraste.example' },
    },
    consentements: { attestationEligibilite: true },
    responsabilites: { isSchoolResponsibleCerfa: true, isSchoolResponsibleCerfaOpco: true },
  });
  const fra = {
    apprenti: {
      ...apprenti,
      nir: nirFor('F', BIRTH, '69', '123045'),
      situationAvantContrat: '3',
      derniereClasse: '11',
      dernierDiplomeObtenu: '54',
      plusHautDiplome: '54',
    },
    consentements: { rgpd: true },
  };
  return { f1ca, f1ce, fre, fra };
}

export interface SeededCase {
  id: number;
  /** The applicant's page, signed in. */
  applicant: Page;
  /** The company contact's page, signed in through the invitation mail's link. */
  employer: Page;
  applicantEmail: string;
  /** The company contact, also the employer's designated signatory. */
  contactEmail: string;
  data: ReturnType<typeof caseData>;
  formation: Parameters<ReturnType<typeof caseData>['f1ce']>[0];
}

/**
 * A fresh admitted applicant, imported by staff from a one-line CSV as a school sends it (issue 12): no other journey
 * knows the address. Named as the case's sheets name the apprentice; an apprenticeship formation (EMLV, Bachelor 3).
 */
export async function freshApplicant(staff: Page, lang: Lang): Promise<string> {
  const email = `alix.mercier.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.org`;
  const csv = `NOM;Prénom;Courriel;École;Code formation;Langue\r\nMercier;Alix;${email};EMLV;EMLV-BBD-B3;${lang === 'en-US' ? 'en' : 'fr'}\r\n`;
  const imported = await staff.evaluate(async (text) => {
    const store = JSON.parse(localStorage.getItem('passerelle.store') ?? '{}') as { token?: string };
    const body = new FormData();
    body.append('file', new Blob([text], { type: 'text/csv' }), 'admis.csv');
    const res = await fetch('/api/staff/applicants/import', {
      method: 'POST',
      headers: { Authorization: `Bearer ${store.token ?? ''}`, Accept: 'application/json' },
      body,
    });
    return { status: res.status, body: (await res.json()) as { imported?: number } };
  }, csv);
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  expect(imported.body.imported).toBe(1);
  return email;
}

/**
 * A fresh case brought to status 3 (both first contacts sent) through the API, as its applicant and company do it.
 * `applicant`: a demo account's name (before @demo.passerelle.test) or an address (a fresh applicant's).
 */
export async function caseAwaitingTheSchool(
  applicant: string,
  lang: Lang,
  viewport: { width: number; height: number },
): Promise<SeededCase> {
  const applicantEmail = applicant.includes('@') ? applicant : demo(applicant);
  const contactEmail = `lise.garnier.${Date.now()}@example.test`;
  const applicantPage = await newPage({ ...viewport, lang });
  await signInAs(applicantPage, applicantEmail);
  const created = await apiCall<{ id: number }>(applicantPage, 'POST', '/admissibles/dossiers');
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id;
  const f1caSheet = await apiCall<SheetResponse<'f1ca'>>(applicantPage, 'GET', `/admissibles/fiche-premier-contact/${id}`);
  const types = f1caSheet.body.formation?.contractTypes ?? [];
  const typeContrat = types.includes('APP') ? 'APP' : (types[0] ?? 'APP');
  const data = caseData(applicantEmail, contactEmail, typeContrat);
  const sentF1ca = await apiCall(applicantPage, 'POST', `/admissibles/fiche-premier-contact/${id}/submit`, data.f1ca);
  expect(sentF1ca.status, JSON.stringify(sentF1ca.body)).toBe(200);

  const employer = await newPage({ ...viewport, lang });
  await openMailLink(employer, (await waitForMail(contactEmail)).link);
  const f1ceSheet = await apiCall<SheetResponse<'f1ce'>>(employer, 'GET', `/employeurs/fiche-premier-contact/${id}`);
  const formation = f1ceSheet.body.formation;
  const sentF1ce = await apiCall(
    employer,
    'POST',
    `/employeurs/fiche-premier-contact/${id}/submit`,
    data.f1ce(formation),
  );
  expect(sentF1ce.status, JSON.stringify(sentF1ce.body)).toBe(200);
  return { id, applicant: applicantPage, employer, applicantEmail, contactEmail, data, formation };
}

/** The school accepts the first contacts and records the terms (status 5, the company's funding answer awaited). */
export async function acceptWithTerms(staff: Page, id: number): Promise<void> {
  const accepted = await apiCall(staff, 'POST', `/staff/dossiers/${id}/first-contact`, { decision: 'accept' });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const terms = { coutFormationAnnuel: 8200, priseEnChargeOpco: 8000, resteACharge: 200, rythme: '3 jours / 2 jours' };
  const recorded = await apiCall(staff, 'POST', `/staff/dossiers/${id}/modalites`, terms);
  expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
}

/** The company accepts the funding, then the company and the applicant send their parts of the information sheet. */
export async function sendInformationSheet(seed: SeededCase): Promise<void> {
  const funding = await apiCall(seed.employer, 'POST', `/employeurs/validation-financement/${seed.id}`, {
    decision: 'accepted',
  });
  expect(funding.status, JSON.stringify(funding.body)).toBe(200);
  const fre = seed.data.fre(seed.data.f1ce(seed.formation));
  const sentFre = await apiCall(seed.employer, 'POST', `/employeurs/fiche-renseignement/${seed.id}/send`, fre);
  expect(sentFre.status, JSON.stringify(sentFre.body)).toBe(200);
  const sentFra = await apiCall(seed.applicant, 'POST', `/admissibles/fiche-renseignement/${seed.id}/send`, seed.data.fra);
  expect(sentFra.status, JSON.stringify(sentFra.body)).toBe(200);
}

/**
 * A fresh case of a fresh applicant whose contract staff can prepare: first contacts, terms, funding and information
 * sheet done.
 */
export async function caseReadyForTheContract(
  lang: Lang,
  viewport: { width: number; height: number },
  staff: Page,
): Promise<SeededCase> {
  const seed = await caseAwaitingTheSchool(await freshApplicant(staff, lang), lang, viewport);
  await acceptWithTerms(staff, seed.id);
  await sendInformationSheet(seed);
  return seed;
}

/** The case's status, as the staff API reads it. */
export async function statutOf(staff: Page, id: number): Promise<number> {
  return (await apiCall<StaffDossierDetailResponse>(staff, 'GET', `/staff/dossiers/${id}`)).body.dossierStatut;
}
