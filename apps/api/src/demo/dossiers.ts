import type { DemoKey } from './emails.ts';
import type { DemoStage } from './stages.ts';

/**
 * The demo's schools, formations, applicants, companies, dossiers and tracking entries, as data.
 * load.ts writes them; dates are offsets from the `now` it is given.
 */

export type SchoolCode = 'EMLV' | 'ESILV' | 'IIM';

export const demoSchools: { code: SchoolCode; name: string }[] = [
  { code: 'EMLV', name: 'EMLV — École de management Léonard de Vinci (business school)' },
  { code: 'ESILV', name: 'ESILV — École supérieure d’ingénieurs Léonard de Vinci' },
  { code: 'IIM', name: 'IIM — Institut de l’Internet et du Multimédia (digital school)' },
];

export type FormationKey = 'emlvPge' | 'emlvBachelor' | 'esilvData' | 'esilvFinance' | 'iimWeb' | 'iimGame';

export interface DemoFormation {
  key: FormationKey;
  school: SchoolCode;
  libelle: string;
  /** The school information system's code, which the applicants' import matches (issue 12). */
  code: string;
  /** Years before the current rentrée the programme started (a 2nd-year contract started last September). */
  startedYearsAgo: 0 | 1;
  etape: number;
  contractTypes: 'APP' | 'PRO' | 'APP,PRO';
  /** Training start day in September, and length in years. */
  septemberDay: number;
  years: 1 | 2 | 3;
  /** Month and day the training ends in its last year. */
  endMonthDay: string;
  rncp: string;
  codeDiplome: string;
  hours: number;
  /** Of `hours`, those given remotely. */
  remoteHours: number;
  /** The certification's level in the national framework (RNCP). */
  rncpLevel: number;
}

export const demoFormations: DemoFormation[] = [
  {
    key: 'emlvPge',
    school: 'EMLV',
    libelle: 'Programme Grande École — Master 1 Management, parcours Marketing digital',
    code: 'EMLV-PGE-M1',
    startedYearsAgo: 0,
    etape: 4,
    contractTypes: 'APP,PRO',
    septemberDay: 8,
    years: 2,
    endMonthDay: '08-31',
    rncp: 'RNCP35921',
    codeDiplome: '16X31004',
    hours: 1050,
    remoteHours: 105,
    rncpLevel: 7,
  },
  {
    key: 'emlvBachelor',
    school: 'EMLV',
    libelle: 'Bachelor Business Development — 3e année',
    code: 'EMLV-BBD-B3',
    startedYearsAgo: 0,
    etape: 3,
    contractTypes: 'APP',
    septemberDay: 1,
    years: 1,
    endMonthDay: '07-31',
    rncp: 'RNCP36141',
    codeDiplome: '26X31210',
    hours: 520,
    remoteHours: 0,
    rncpLevel: 6,
  },
  {
    key: 'esilvData',
    school: 'ESILV',
    libelle: 'Cycle ingénieur — Informatique, Data et IA (4e année)',
    code: 'ESILV-IDIA-4',
    startedYearsAgo: 0,
    etape: 4,
    contractTypes: 'APP',
    septemberDay: 1,
    years: 2,
    endMonthDay: '09-30',
    rncp: 'RNCP37512',
    codeDiplome: '17X32601',
    hours: 1200,
    remoteHours: 120,
    rncpLevel: 7,
  },
  {
    key: 'esilvFinance',
    school: 'ESILV',
    libelle: 'Cycle ingénieur — Ingénierie financière (5e année)',
    code: 'ESILV-IFI-5',
    startedYearsAgo: 1,
    etape: 5,
    contractTypes: 'APP',
    septemberDay: 2,
    years: 2,
    endMonthDay: '09-30',
    rncp: 'RNCP37512',
    codeDiplome: '17X31302',
    hours: 1200,
    remoteHours: 0,
    rncpLevel: 7,
  },
  {
    key: 'iimWeb',
    school: 'IIM',
    libelle: 'Mastère Développement web et applications — 1re année',
    code: 'IIM-MDWA-1',
    startedYearsAgo: 0,
    etape: 4,
    contractTypes: 'APP,PRO',
    septemberDay: 15,
    years: 2,
    endMonthDay: '08-31',
    rncp: 'RNCP36916',
    codeDiplome: '16X32605',
    hours: 900,
    remoteHours: 720,
    rncpLevel: 7,
  },
  {
    key: 'iimGame',
    school: 'IIM',
    libelle: 'Bachelor Création numérique et jeu vidéo — 2e année',
    code: 'IIM-BCNJ-2',
    startedYearsAgo: 0,
    etape: 2,
    contractTypes: 'PRO',
    septemberDay: 15,
    years: 3,
    endMonthDay: '06-30',
    rncp: 'RNCP35463',
    codeDiplome: '26X32304',
    hours: 1400,
    remoteHours: 280,
    rncpLevel: 6,
  },
];

export type CompanyKey = 'sg' | 'capgemini' | 'loreal' | 'bnp' | 'decathlon' | 'thales' | 'publicis' | 'orange';

/** Real employers' names; the SIRETs are made up (Luhn-valid, see luhnSiret). */
export const demoCompanies: { key: CompanyKey; name: string; sirenBase: string; users: DemoKey[] }[] = [
  { key: 'sg', name: 'Société Générale', sirenBase: '5521200', users: ['claire'] },
  { key: 'capgemini', name: 'Capgemini', sirenBase: '3307031', users: ['marc'] },
  { key: 'loreal', name: "L'Oréal", sirenBase: '6320128', users: [] },
  { key: 'bnp', name: 'BNP Paribas', sirenBase: '6620429', users: [] },
  { key: 'decathlon', name: 'Decathlon', sirenBase: '3065006', users: [] },
  { key: 'thales', name: 'Thales', sirenBase: '5520599', users: [] },
  { key: 'publicis', name: 'Publicis Sapient France', sirenBase: '4216207', users: [] },
  { key: 'orange', name: 'Orange', sirenBase: '3801292', users: [] },
];

/** A 14-digit SIRET from a 7-digit base: pads with a fixed establishment part and a Luhn check digit. */
export function luhnSiret(base: string): string {
  const body = `${base}00001`.padEnd(13, '0').slice(0, 13);
  for (let check = 0; check < 10; check += 1) {
    const candidate = `${body}${check}`;
    let sum = 0;
    for (let i = 0; i < candidate.length; i += 1) {
      let digit = Number(candidate[candidate.length - 1 - i]);
      if (i % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('no Luhn digit');
}

export interface DemoApplicant {
  key: DemoKey;
  /** As the sheets ask it (sex at birth, on the NIR). */
  sexe: 'F' | 'M';
  formation: FormationKey;
  contractType: 'APP' | 'PRO' | null;
  /** Number of CVs uploaded (0 to 2). */
  cvs: number;
  /** CVEC certificate uploaded, and whether staff checked it. */
  cvec: 'none' | 'pending' | 'valid';
  bac: 'none' | 'pending' | 'valid';
  forumInvited: boolean;
  cvHeadline: string;
}

export const demoApplicants: DemoApplicant[] = [
  { key: 'camille', sexe: 'F', formation: 'emlvPge', contractType: 'APP', cvs: 1, cvec: 'none', bac: 'none', forumInvited: true, cvHeadline: 'Recherche une alternance en marketing digital' },
  { key: 'olivia', sexe: 'F', formation: 'emlvBachelor', contractType: 'APP', cvs: 1, cvec: 'pending', bac: 'none', forumInvited: true, cvHeadline: 'Looking for a business development apprenticeship' },
  { key: 'lucas', sexe: 'M', formation: 'esilvData', contractType: 'APP', cvs: 2, cvec: 'none', bac: 'pending', forumInvited: true, cvHeadline: 'Futur ingénieur data, recherche une alternance de 2 ans' },
  { key: 'ines', sexe: 'F', formation: 'iimWeb', contractType: 'PRO', cvs: 1, cvec: 'pending', bac: 'pending', forumInvited: true, cvHeadline: 'Développeuse web front-end en contrat de professionnalisation' },
  { key: 'hugo', sexe: 'M', formation: 'emlvPge', contractType: 'APP', cvs: 1, cvec: 'valid', bac: 'pending', forumInvited: true, cvHeadline: 'Alternance en banque de détail' },
  { key: 'lea', sexe: 'F', formation: 'esilvData', contractType: 'APP', cvs: 0, cvec: 'valid', bac: 'valid', forumInvited: true, cvHeadline: 'Ingénierie logicielle' },
  { key: 'emma', sexe: 'F', formation: 'emlvBachelor', contractType: 'APP', cvs: 1, cvec: 'valid', bac: 'valid', forumInvited: true, cvHeadline: 'Chargée de clientèle professionnels' },
  { key: 'noah', sexe: 'M', formation: 'esilvData', contractType: 'APP', cvs: 1, cvec: 'valid', bac: 'valid', forumInvited: false, cvHeadline: 'Ingénieur cloud et DevOps' },
  { key: 'chloe', sexe: 'F', formation: 'iimGame', contractType: 'PRO', cvs: 0, cvec: 'valid', bac: 'valid', forumInvited: false, cvHeadline: 'Graphiste 3D' },
  { key: 'jules', sexe: 'M', formation: 'emlvPge', contractType: 'APP', cvs: 0, cvec: 'valid', bac: 'valid', forumInvited: false, cvHeadline: 'Analyste risques' },
  { key: 'sarah', sexe: 'F', formation: 'esilvFinance', contractType: 'APP', cvs: 1, cvec: 'valid', bac: 'none', forumInvited: true, cvHeadline: 'Ingénieure en finance de marché' },
  { key: 'nathan', sexe: 'M', formation: 'esilvData', contractType: 'APP', cvs: 2, cvec: 'none', bac: 'none', forumInvited: true, cvHeadline: 'Recherche une alternance en cybersécurité' },
];

export interface DemoDossier {
  owner: DemoKey;
  /** The employer named on the first contact; null while the applicant has not filled it in. */
  company: CompanyKey | null;
  stage: DemoStage;
  /** Last update, in days (and hours) before now. */
  daysAgo: number;
}

/**
 * Together: every dossierStatut 1..13 and every step value 1, 2, 3 and 5; and for each demo employer a first contact
 * to answer, an information sheet to fill in, a funding to validate and missions to clarify. The signing flow: Marc's
 * (Capgemini) contract to sign, Emma's turn after Claire's online signature, Claire's paper scan for staff to check;
 * the signed contracts (8, 10 to 13) signed online by everyone and sealed (Noah's, Jules's) or on paper (journeys.ts,
 * paperSigned), then filed, registered or terminated by staff.
 */
export const demoDossiers: DemoDossier[] = [
  { owner: 'camille', company: null, stage: 'firstContactToFill', daysAgo: 1 },
  { owner: 'olivia', company: 'loreal', stage: 'firstContactReturned', daysAgo: 3 },
  { owner: 'olivia', company: 'capgemini', stage: 'awaitingEmployer', daysAgo: 2 },
  // Signed on paper: Claire (Société Générale) sent the scan, the CFA checks it (and Olivia's CVEC certificate).
  { owner: 'olivia', company: 'sg', stage: 'scanSubmitted', daysAgo: 1 },
  { owner: 'lucas', company: 'capgemini', stage: 'firstContactReview', daysAgo: 2 },
  { owner: 'lucas', company: 'thales', stage: 'refusedAtFirstContact', daysAgo: 41 },
  { owner: 'ines', company: 'sg', stage: 'awaitingEmployer', daysAgo: 5 },
  { owner: 'ines', company: 'publicis', stage: 'terms', daysAgo: 8 },
  { owner: 'hugo', company: 'sg', stage: 'informationSheet', daysAgo: 6 },
  { owner: 'hugo', company: 'bnp', stage: 'employerPartSent', daysAgo: 2 },
  // Marc (Capgemini) is the signatory: signed in, he opens /signature/:id, chooses the method and signs.
  { owner: 'hugo', company: 'capgemini', stage: 'employerToSign', daysAgo: 1 },
  { owner: 'lea', company: 'capgemini', stage: 'funding', daysAgo: 9 },
  { owner: 'lea', company: 'sg', stage: 'funding', daysAgo: 4 },
  // Claire (Société Générale) signed online: Emma's turn to sign.
  { owner: 'emma', company: 'sg', stage: 'applicantToSign', daysAgo: 4 },
  { owner: 'emma', company: 'capgemini', stage: 'applicantPartSent', daysAgo: 7 },
  { owner: 'noah', company: 'capgemini', stage: 'signed', daysAgo: 12 },
  { owner: 'noah', company: 'orange', stage: 'archived', daysAgo: 63 },
  { owner: 'chloe', company: 'bnp', stage: 'accepted', daysAgo: 20 },
  { owner: 'jules', company: 'sg', stage: 'addendum', daysAgo: 15 },
  // Marc (Capgemini) has a signed contract and one being terminated; Claire (Société Générale) an addendum and a broken one.
  { owner: 'sarah', company: 'capgemini', stage: 'breaking', daysAgo: 10 },
  { owner: 'sarah', company: 'sg', stage: 'broken', daysAgo: 77 },
];

export interface DemoTracking {
  owner: DemoKey;
  targetCompany: string;
  position: string;
  applicationDaysAgo: number;
  applicationType: 'spontanee' | 'offre';
  contact?: { lastName: string; firstName: string; position: string; email: string; phone: string };
  firstContactDaysAgo?: number;
  interviewDaysAgo?: number;
  relaunch?: { daysAgo: number; method: 'telephone' | 'email' | 'courrier' };
  response?: { value: 0 | 1; daysAgo: number };
  offerLink?: string;
}

/** Each suiviStatut appears: envoyee (no answer), relance, positif, negatif. */
export const demoTracking: DemoTracking[] = [
  {
    owner: 'nathan',
    targetCompany: 'Thales',
    position: 'Alternant analyste cybersécurité',
    applicationDaysAgo: 4,
    applicationType: 'offre',
    offerLink: 'https://careers.thalesgroup.com/',
  },
  {
    owner: 'nathan',
    targetCompany: 'Orange Cyberdefense',
    position: 'Apprenti ingénieur sécurité opérationnelle',
    applicationDaysAgo: 18,
    applicationType: 'spontanee',
    contact: { lastName: 'Fontaine', firstName: 'Julie', position: 'Chargée de recrutement', email: 'julie.fontaine@example.com', phone: '01 44 44 22 22' },
    relaunch: { daysAgo: 6, method: 'email' },
  },
  {
    owner: 'nathan',
    targetCompany: 'Société Générale',
    position: 'Alternant SOC analyst',
    applicationDaysAgo: 30,
    applicationType: 'offre',
    contact: { lastName: 'Girard', firstName: 'Thomas', position: 'Responsable SOC', email: 'thomas.girard@example.com', phone: '+33 1 42 14 20 00' },
    firstContactDaysAgo: 25,
    interviewDaysAgo: 14,
    response: { value: 1, daysAgo: 7 },
    offerLink: 'https://careers.societegenerale.com/',
  },
  {
    owner: 'nathan',
    targetCompany: 'Capgemini',
    position: 'Apprenti consultant cybersécurité',
    applicationDaysAgo: 45,
    applicationType: 'spontanee',
    response: { value: 0, daysAgo: 33 },
  },
  {
    owner: 'lucas',
    targetCompany: 'Dassault Systèmes',
    position: 'Apprenti data engineer',
    applicationDaysAgo: 50,
    applicationType: 'offre',
    response: { value: 0, daysAgo: 38 },
  },
  {
    owner: 'lucas',
    targetCompany: 'Capgemini',
    position: 'Apprenti data engineer',
    applicationDaysAgo: 21,
    applicationType: 'spontanee',
    contact: { lastName: 'Lambert', firstName: 'Marc', position: 'Manager data', email: 'marc.lambert@example.com', phone: '06 12 34 56 78' },
    interviewDaysAgo: 9,
    response: { value: 1, daysAgo: 3 },
  },
  {
    owner: 'camille',
    targetCompany: 'Decathlon',
    position: 'Alternante chargée de marketing digital',
    applicationDaysAgo: 8,
    applicationType: 'offre',
    offerLink: 'https://joinus.decathlon.fr/',
  },
];
