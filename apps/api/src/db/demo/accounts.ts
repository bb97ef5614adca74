import type { Language, UserType } from '@passerelle/contract';

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

export const DEMO_EMAIL_DOMAIN = 'demo.passerelle.test';

const at = (local: string) => `${local}@${DEMO_EMAIL_DOMAIN}`;

/** Keys used by the demo loader to attach data to an account without repeating addresses. */
export const demoEmails = {
  camille: at('camille.martin'),
  lucas: at('lucas.bernard'),
  ines: at('ines.petit'),
  hugo: at('hugo.durand'),
  lea: at('lea.moreau'),
  emma: at('emma.laurent'),
  noah: at('noah.simon'),
  chloe: at('chloe.michel'),
  jules: at('jules.lefebvre'),
  sarah: at('sarah.leroy'),
  olivia: at('olivia.smith'),
  nathan: at('nathan.garcia'),
  claire: at('claire.dubois'),
  marc: at('marc.lambert'),
  staff: at('sophie.roux'),
  admin: at('admin'),
} as const;
export type DemoKey = keyof typeof demoEmails;

export const demoAccounts: readonly DemoAccount[] = [
  {
    email: demoEmails.camille,
    userType: 'admissible',
    label: 'Admissible EMLV — nouveau dossier sans étape (statut 1), CV déposé / new case with no steps yet',
    prenom: 'Camille',
    nom: 'Martin',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.olivia,
    userType: 'admissible',
    label: 'Admissible EMLV anglophone — fiche premier contact à reprendre (statut 1) / English speaker, first-contact sheet sent back',
    prenom: 'Olivia',
    nom: 'Smith',
    lang: 'en-US',
  },
  {
    email: demoEmails.lucas,
    userType: 'admissible',
    label: 'Admissible ESILV — attente de l’employeur (statut 2) et un dossier refusé (statut 6) / waiting for the employer, one refused case',
    prenom: 'Lucas',
    nom: 'Bernard',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.ines,
    userType: 'admissible',
    label: 'Admissible IIM — modalités en cours au service relations entreprises (statut 3), contrat pro / terms being set, PRO contract',
    prenom: 'Inès',
    nom: 'Petit',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.hugo,
    userType: 'admissible',
    label: 'Admissible EMLV — fiche de renseignements à remplir (statut 4) / information sheet to fill in',
    prenom: 'Hugo',
    nom: 'Durand',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.lea,
    userType: 'admissible',
    label: 'Admissible ESILV — fiche de renseignements à corriger (statut 5) / information sheet sent back for correction',
    prenom: 'Léa',
    nom: 'Moreau',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.emma,
    userType: 'admissible',
    label: 'Admissible EMLV — dossier en cours de signature (statut 7) / contract being signed',
    prenom: 'Emma',
    nom: 'Laurent',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.noah,
    userType: 'admissible',
    label: 'Admissible ESILV — contrat signé avec cerfa (statut 8) et un dossier archivé (statut 9) / signed contract, one archived case',
    prenom: 'Noah',
    nom: 'Simon',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.chloe,
    userType: 'admissible',
    label: 'Admissible IIM — contrat accepté, cerfa signé (statut 10) / accepted contract, signed cerfa',
    prenom: 'Chloé',
    nom: 'Michel',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.jules,
    userType: 'admissible',
    label: 'Admissible EMLV — contrat accepté avec avenant (statut 11) / accepted contract with an addendum',
    prenom: 'Jules',
    nom: 'Lefebvre',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.sarah,
    userType: 'admissible',
    label: 'Admissible ESILV — rupture en cours (statut 12) et contrat rompu (statut 13) / contract being terminated, one broken',
    prenom: 'Sarah',
    nom: 'Leroy',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.nathan,
    userType: 'admissible',
    label: 'Admissible ESILV — aucun dossier, suivi de recherche et atelier / no case yet, search tracking and a workshop',
    prenom: 'Nathan',
    nom: 'Garcia',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.claire,
    userType: 'company',
    label: 'Employeur Société Générale — quatre dossiers d’alternants / employer with four cases',
    prenom: 'Claire',
    nom: 'Dubois',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.marc,
    userType: 'company',
    label: 'Employeur Capgemini — trois dossiers d’alternants / employer with three cases',
    prenom: 'Marc',
    nom: 'Lambert',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.staff,
    userType: 'staff',
    label: 'Personnel du CFA — suit tous les dossiers / CFA staff, follows every case',
    prenom: 'Sophie',
    nom: 'Roux',
    lang: 'fr-FR',
  },
  {
    email: demoEmails.admin,
    userType: 'admin',
    label: 'Administrateur de la plateforme / platform administrator',
    prenom: 'Alex',
    nom: 'Admin',
    lang: 'fr-FR',
  },
];

export function demoAccount(key: DemoKey): DemoAccount {
  const account = demoAccounts.find((a) => a.email === demoEmails[key]);
  if (!account) throw new Error(`demo account ${key} missing`);
  return account;
}
