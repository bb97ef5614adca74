import type { Language, UserType } from '@passerelle/contract';
import { demoApplicants, demoCompanies, demoDossiers, demoFormations } from './dossiers.ts';
import { demoEmails, type DemoKey } from './emails.ts';
import { applicantLabel, employerLabel, type LabelledDossier } from './labels.ts';
import { stageState } from './stages.ts';

/** A demo account: who to sign in as to see a given screen or state. Static, so the CLI prints it without a database. */
export interface DemoAccount {
  email: string;
  userType: UserType;
  /** Short French + English hint of what the account shows. */
  label: string;
  prenom: string;
  nom: string;
  lang: Language;
}

const people: readonly Omit<DemoAccount, 'label'>[] = [
  {
    email: demoEmails.camille,
    userType: 'admissible',
    prenom: 'Camille',
    nom: 'Martin',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.olivia,
    userType: 'admissible',
    prenom: 'Olivia',
    nom: 'Smith',
    lang: 'en-US',
  },
  {
    email: demoEmails.lucas,
    userType: 'admissible',
    prenom: 'Lucas',
    nom: 'Bernard',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.ines,
    userType: 'admissible',
    prenom: 'Inès',
    nom: 'Petit',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.hugo,
    userType: 'admissible',
    prenom: 'Hugo',
    nom: 'Durand',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.lea,
    userType: 'admissible',
    prenom: 'Léa',
    nom: 'Moreau',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.emma,
    userType: 'admissible',
    prenom: 'Emma',
    nom: 'Laurent',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.noah,
    userType: 'admissible',
    prenom: 'Noah',
    nom: 'Simon',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.chloe,
    userType: 'admissible',
    prenom: 'Chloé',
    nom: 'Michel',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.jules,
    userType: 'admissible',
    prenom: 'Jules',
    nom: 'Lefebvre',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.sarah,
    userType: 'admissible',
    prenom: 'Sarah',
    nom: 'Leroy',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.nathan,
    userType: 'admissible',
    prenom: 'Nathan',
    nom: 'Garcia',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.claire,
    userType: 'company',
    prenom: 'Claire',
    nom: 'Dubois',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.marc,
    userType: 'company',
    prenom: 'Marc',
    nom: 'Lambert',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.staff,
    userType: 'staff',
    prenom: 'Sophie',
    nom: 'Roux',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.admin,
    userType: 'admin',
    prenom: 'Alex',
    nom: 'Admin',
    lang: 'fr-FR',
  },
];

/** Each label is written from the account's dossiers as the demo's stages leave them (labels.ts). */
function labelOf(person: Omit<DemoAccount, 'label'>): string {
  const key = (Object.keys(demoEmails) as DemoKey[]).find((k) => demoEmails[k] === person.email);
  const labelled = (d: (typeof demoDossiers)[number]): LabelledDossier => ({
    company: demoCompanies.find((c) => c.key === d.company)?.name ?? null,
    ...stageState(d.stage),
    hasAddendum: d.stage === 'addendum',
  });
  switch (person.userType) {
    case 'admissible': {
      const applicant = demoApplicants.find((a) => a.key === key);
      const school = demoFormations.find((f) => f.key === applicant?.formation)?.school ?? '';
      return applicantLabel(school, person.lang === 'en-US', demoDossiers.filter((d) => d.owner === key).map(labelled));
    }
    case 'company': {
      const company = demoCompanies.find((c) => key !== undefined && c.users.includes(key));
      return employerLabel(company?.name ?? '', demoDossiers.filter((d) => d.company === company?.key).map(labelled));
    }
    case 'staff':
      return 'Personnel du CFA — suit tous les dossiers / CFA staff, follows every case';
    default:
      return 'Administrateur de la plateforme / platform administrator';
  }
}

export const demoAccounts: readonly DemoAccount[] = people.map((person) => ({ ...person, label: labelOf(person) }));

export function demoAccount(key: DemoKey): DemoAccount {
  const account = demoAccounts.find((a) => a.email === demoEmails[key]);
  if (!account) throw new Error(`demo account ${key} missing`);
  return account;
}
