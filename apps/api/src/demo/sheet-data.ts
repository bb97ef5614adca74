import type { CompanyKey } from './dossiers.ts';

/**
 * What the demo's people type on the sheets. Each builder gives a complete sheet, valid under the contract's schemas and
 * rules for the dossier's formation, so that every part the demo marks as sent holds what was sent.
 */

export interface SheetPerson {
  prenom: string;
  nom: string;
  email: string;
  sexe: 'F' | 'M';
  /** yyyy-mm-dd */
  dateNaissance: string;
  telephone: string;
  adresse: { voie: string; codePostal: string; commune: string };
}

export interface SheetCompany {
  name: string;
  siret: string;
  codeIdcc: string;
  opco: string;
  adresse: { voie: string; codePostal: string; commune: string };
  telephone: string;
  /** The person who answers the first contact: the company's demo account, or a contact without an account. */
  contact: { prenom: string; nom: string; email: string };
  /** Who signs the contract for the company: its demo account (who may then sign in and sign), or a named person. */
  signatory: { prenom: string; nom: string; email: string; fonction: string };
  position: string;
}

export interface SheetContract {
  typeContrat: 'APP' | 'PRO';
  dateDebutContrat: string;
  dateFinContrat: string;
}

/** Where each demo company sits, its collective agreement (IDCC) and its OPCO; the addresses are the real head offices. */
export const companyDetails: Record<CompanyKey, { codeIdcc: string; opco: string; adresse: SheetCompany['adresse']; telephone: string; domain: string; position: string }> = {
  sg: { codeIdcc: '2120', opco: 'OPCO_ATLAS', adresse: { voie: '29 boulevard Haussmann', codePostal: '75009', commune: 'Paris' }, telephone: '0142142000', domain: 'societegenerale.example', position: 'Chargé·e d’affaires entreprises en alternance' },
  capgemini: { codeIdcc: '1486', opco: 'OPCO_ATLAS', adresse: { voie: '11 rue de Tilsitt', codePostal: '75017', commune: 'Paris' }, telephone: '0147545000', domain: 'capgemini.example', position: 'Data engineer en alternance' },
  loreal: { codeIdcc: '0176', opco: 'OPCO_2I', adresse: { voie: '14 rue Royale', codePostal: '75008', commune: 'Paris' }, telephone: '0147567000', domain: 'loreal.example', position: 'Business developer en alternance' },
  bnp: { codeIdcc: '2120', opco: 'OPCO_ATLAS', adresse: { voie: '16 boulevard des Italiens', codePostal: '75009', commune: 'Paris' }, telephone: '0140144546', domain: 'bnpparibas.example', position: 'Chargé·e de clientèle en alternance' },
  decathlon: { codeIdcc: '1557', opco: 'OPCO_COMMERCE', adresse: { voie: '4 boulevard de Mons', codePostal: '59650', commune: 'Villeneuve-d’Ascq' }, telephone: '0320335000', domain: 'decathlon.example', position: 'Analyste financier en alternance' },
  thales: { codeIdcc: '3248', opco: 'OPCO_2I', adresse: { voie: '4 rue de la Verrerie', codePostal: '92190', commune: 'Meudon' }, telephone: '0157778000', domain: 'thalesgroup.example', position: 'Ingénieur data en alternance' },
  publicis: { codeIdcc: '0086', opco: 'AFDAS', adresse: { voie: '133 avenue des Champs-Élysées', codePostal: '75008', commune: 'Paris' }, telephone: '0144437000', domain: 'publicissapient.example', position: 'Développeur·se web front-end' },
  orange: { codeIdcc: '2148', opco: 'AFDAS', adresse: { voie: '111 quai du Président Roosevelt', codePostal: '92130', commune: 'Issy-les-Moulineaux' }, telephone: '0144442222', domain: 'orange.example', position: 'Ingénieur cloud en alternance' },
};

/** A NIR coherent with the birth (sex, year, month, Paris) and its key, as INSEE computes it. */
export function nirOf(person: Pick<SheetPerson, 'sexe' | 'dateNaissance'>, order: number): string {
  const body = `${person.sexe === 'M' ? 1 : 2}${person.dateNaissance.slice(2, 4)}${person.dateNaissance.slice(5, 7)}75056${String(order).padStart(3, '0')}`;
  const key = 97n - (BigInt(body) % 97n);
  return `${body}${String(key).padStart(2, '0')}`;
}

/** The applicant's first contact: who they are, the company and its contact, the position (SPEC 3). */
export function applicantFirstContact(person: SheetPerson, company: SheetCompany, contract: SheetContract, nir: string) {
  return {
    apprenti: {
      nom: person.nom,
      prenom: person.prenom,
      sexe: person.sexe,
      dateNaissance: person.dateNaissance,
      departementNaissance: '75',
      communeNaissance: 'Paris',
      nationalite: '1',
      courriel: person.email,
      telephone: person.telephone,
      nir,
      adresse: person.adresse,
    },
    employeur: { denomination: company.name, siret: company.siret },
    contacts: { contactEntreprise: { ...company.contact, courriel: company.contact.email, langue: 'fr-FR' } },
    contrat: { typeContrat: contract.typeContrat, intitulePoste: company.position, dateDebutContrat: contract.dateDebutContrat },
  };
}

const salaryOf = (contract: SheetContract) => (contract.typeContrat === 'PRO' ? 1_650 : 1_450);

/** The employer's first contact: the company, the master, the contract's dates, hours and salary, its signatory. */
export function employerFirstContact(company: SheetCompany, contract: SheetContract) {
  return {
    employeur: { denomination: company.name, siret: company.siret, codeIdcc: company.codeIdcc, adresse: company.adresse },
    maitre1: { nom: company.contact.nom, prenom: company.contact.prenom, courriel: company.contact.email, emploiOccupe: 'Responsable d’équipe' },
    contrat: {
      typeContrat: contract.typeContrat,
      intitulePoste: company.position,
      dateDebutContrat: contract.dateDebutContrat,
      dateFinContrat: contract.dateFinContrat,
      dureeTravailHebdoHeures: 35,
      salaireBrutMensuel: salaryOf(contract),
    },
    contacts: { signataire: { nom: company.signatory.nom, prenom: company.signatory.prenom, courriel: company.signatory.email, fonction: company.signatory.fonction } },
  };
}

/** The applicant's part of the information sheet: identity, address, background and consent (SPEC 3). */
export function applicantInformationSheet(person: SheetPerson, nir: string) {
  return {
    apprenti: {
      nom: person.nom,
      prenom: person.prenom,
      sexe: person.sexe,
      dateNaissance: person.dateNaissance,
      departementNaissance: '75',
      communeNaissance: 'Paris',
      nationalite: '1',
      nir,
      courriel: person.email,
      telephone: person.telephone,
      adresse: person.adresse,
      situationAvantContrat: '3',
      derniereClasse: '11',
      dernierDiplomeObtenu: '54',
      plusHautDiplome: '54',
    },
    consentements: { rgpd: true },
  };
}

/** The company's part of the information sheet: the first contact completed with what the CERFA needs. */
export function employerInformationSheet(company: SheetCompany, contract: SheetContract) {
  const first = employerFirstContact(company, contract);
  const domain = company.contact.email.split('@')[1] ?? 'example.test';
  const person = (prenom: string, nom: string) => ({ nom, prenom, courriel: `${prenom.toLowerCase()}.${nom.toLowerCase()}@${domain}` });
  return {
    employeur: {
      ...first.employeur,
      telephone: company.telephone,
      courriel: `alternance@${domain}`,
      typeEmployeur: '12',
      employeurSpecifique: '0',
      nombreSalaries: 1_200,
      caisseRetraiteComplementaire: 'AG2R Agirc-Arrco',
      regimeSocial: '2',
    },
    maitre1: { ...first.maitre1, dateNaissance: '1982-04-17', niveauDiplome: '7' },
    contrat: {
      ...first.contrat,
      travailRisque: false,
      ...(contract.typeContrat === 'APP'
        ? { typeContratApp: '11', modeContractuel: '1' }
        : { natureContrat: 'CDD', classification: 'B', niveau: 'II', coefficient: '150' }),
    },
    opco: { nom: company.opco },
    contacts: {
      tuteur: { nom: company.contact.nom, prenom: company.contact.prenom, courriel: company.contact.email },
      signataire: { ...first.contacts.signataire },
      gestionnaire: person('Paul', 'Girard'),
    },
    consentements: { attestationEligibilite: true },
    responsabilites: { isSchoolResponsibleCerfa: true, isSchoolResponsibleCerfaOpco: true },
  };
}

/** The terms the employer-relations service records (training cost, OPCO share, rhythm). */
export const demoTerms = {
  coutFormationAnnuel: 8_500,
  priseEnChargeOpco: 8_000,
  resteACharge: 500,
  rythme: '3 jours en entreprise / 2 jours à l’école',
};
