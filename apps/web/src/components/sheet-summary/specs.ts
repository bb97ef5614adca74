import { typedMaxLength } from '@passerelle/contract';
import type { FieldSpec, SpecGroup } from './spec-values';

const date = (path: string, label: string): FieldSpec => ({ path, label, type: 'date' });
const select = (path: string, label: string, options: FieldSpec['options'], extra: Partial<FieldSpec> = {}): FieldSpec => ({
  path,
  label,
  type: 'select',
  options,
  ...extra,
});
const flag = (path: string, label: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ path, label, type: 'checkbox', ...extra });
const number = (path: string, label: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ path, label, type: 'number', ...extra });
const field = (path: string, label: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ path, label, type: 'text', ...extra });

export const address = (prefix: string): FieldSpec[] => [
  field(`${prefix}.voie`, 'voie', { wide: true, maxLength: 200 }),
  field(`${prefix}.complement`, 'complement', { wide: true, maxLength: 200 }),
  field(`${prefix}.codePostal`, 'codePostal', { maxLength: 5 }),
  field(`${prefix}.commune`, 'commune', { maxLength: 100 }),
];

export const person = (prefix: string): FieldSpec[] => [
  field(`${prefix}.nom`, 'nom', { maxLength: 100 }),
  field(`${prefix}.prenom`, 'prenom', { maxLength: 100 }),
  field(`${prefix}.courriel`, 'courriel', { type: 'email', maxLength: 254 }),
  field(`${prefix}.telephone`, 'telephone', { type: 'tel', maxLength: typedMaxLength(20) }),
];

// ---------- Applicant (fra) ----------

// The applicant types their own details: the browser may fill them (WCAG 1.3.5, identify input purpose).
export const apprentiIdentity: FieldSpec[] = [
  field('apprenti.nom', 'nom', { maxLength: 100, autoComplete: 'family-name' }),
  field('apprenti.prenom', 'prenom', { maxLength: 100, autoComplete: 'given-name' }),
  select('apprenti.sexe', 'sexe', 'sexes'),
  { ...date('apprenti.dateNaissance', 'dateNaissance'), autoComplete: 'bday', max: 'today' },
  select('apprenti.departementNaissance', 'departementNaissance', 'departementsNaissance', { withCode: true }),
  field('apprenti.communeNaissance', 'communeNaissance', { maxLength: 100 }),
  select('apprenti.nationalite', 'nationalite', 'nationalites'),
  // A row of its own: its hint and warning run several lines, beside a one-line field they would leave a hole.
  field('apprenti.nir', 'nir', { hint: 'nir', maxLength: typedMaxLength(15), wide: true }),
  field('apprenti.courriel', 'courriel', { type: 'email', maxLength: 254, autoComplete: 'email' }),
  field('apprenti.telephone', 'telephone', { type: 'tel', maxLength: typedMaxLength(20), autoComplete: 'tel' }),
];

export const apprentiAddress = address('apprenti.adresse');

export const apprentiBackground: FieldSpec[] = [
  select('apprenti.situationAvantContrat', 'situationAvantContrat', 'situationsAvantContrat', { wide: true }),
  select('apprenti.derniereClasse', 'derniereClasse', 'dernieresClasses', { wide: true }),
  select('apprenti.diplomePrepare', 'diplomePrepare', 'diplomes'),
  field('apprenti.intituleDiplomePrepare', 'intituleDiplomePrepare', { maxLength: 250 }),
  select('apprenti.dernierDiplomeObtenu', 'dernierDiplomeObtenu', 'diplomes'),
  field('apprenti.intituleDernierDiplomeObtenu', 'intituleDernierDiplomeObtenu', { maxLength: 250 }),
  select('apprenti.plusHautDiplome', 'plusHautDiplome', 'diplomes'),
  field('apprenti.intitulePlusHautDiplome', 'intitulePlusHautDiplome', { maxLength: 250 }),
];

/** SPEC 3's identity flags, asked from the first contact on. */
export const apprentiRecognitions: FieldSpec[] = [
  flag('apprenti.rqth', 'rqth'),
  flag('apprenti.sportifHautNiveau', 'sportifHautNiveau'),
  flag('apprenti.equivalenceJeunes', 'equivalenceJeunes'),
  flag('apprenti.extensionBoe', 'extensionBoe'),
];

export const apprentiFlags: FieldSpec[] = [
  ...apprentiRecognitions,
  flag('apprenti.projetCreationReprise', 'projetCreationReprise'),
  flag('apprenti.apprentiMineurEmancipe', 'apprentiMineurEmancipe'),
];

export const apprentiFranceTravail: FieldSpec[] = [
  flag('apprenti.inscritFranceTravail', 'inscritFranceTravail'),
  field('apprenti.numeroFranceTravail', 'numeroFranceTravail', { hint: 'franceTravail', maxLength: typedMaxLength(8) }),
  number('apprenti.dureeInscriptionFranceTravailMois', 'dureeInscriptionFranceTravailMois'),
  field('apprenti.typeMinimumSocial', 'typeMinimumSocial', { maxLength: 100 }),
];

export const representantLegal: FieldSpec[] = [
  ...person('representantLegal'),
  flag('representantLegal.memeAdresse', 'memeAdresse'),
  ...address('representantLegal.adresse'),
];

/** The applicant's previous apprenticeship contract, when there was one (a succession of contracts). */
export const apprentiPreviousContract: FieldSpec[] = [
  field('contrat.numeroContratPrecedent', 'numeroContratPrecedent', { hint: 'decaApplicant', maxLength: typedMaxLength(15) }),
];

export const consentementRgpd: FieldSpec[] = [flag('consentements.rgpd', 'rgpd', { hint: 'rgpd' })];

// ---------- Employer ----------

export const employeurIdentity = (idccLocked: boolean): FieldSpec[] => [
  field('employeur.denomination', 'denomination', { wide: true, maxLength: 200 }),
  field('employeur.nomCommercial', 'nomCommercial', { maxLength: 200 }),
  field('employeur.codeIdcc', 'codeIdcc', { hint: idccLocked ? 'idccLocked' : 'idcc', maxLength: 4, locked: idccLocked }),
  field('employeur.codeApe', 'codeApe', { hint: 'naf', maxLength: 6 }),
  number('employeur.nombreSalaries', 'nombreSalaries'),
  field('employeur.telephone', 'telephone', { type: 'tel', maxLength: typedMaxLength(20) }),
  field('employeur.courriel', 'courriel', { type: 'email', maxLength: 254 }),
];

/** What the company says of its status from the first contact on. */
export const employeurStatus: FieldSpec[] = [
  select('employeur.typeEmployeur', 'typeEmployeur', 'typesEmployeur', { wide: true }),
  select('employeur.employeurSpecifique', 'employeurSpecifique', 'employeursSpecifiques', { wide: true }),
  select('employeur.regimeSocial', 'regimeSocial', 'regimesSociaux'),
  field('employeur.caisseRetraiteComplementaire', 'caisseRetraiteComplementaire', { maxLength: 120 }),
  field('employeur.siteWeb', 'siteWeb', { type: 'text', maxLength: 300, wide: true }),
  flag('employeur.regimeSpecifique', 'regimeSpecifique'),
];

/** The information sheet adds the contract's head-office address, a CERFA formality. */
export const employeurDetails: FieldSpec[] = [...employeurStatus, flag('employeur.adresseContratDifferente', 'adresseContratDifferente')];

export const employeurExecutionSiret: FieldSpec = field('employeur.siretExecution', 'siretExecution', { hint: 'siret', maxLength: typedMaxLength(14), wide: true });

export const employeurReadOnly: FieldSpec[] = [
  field('employeur.siret', 'siret'),
  ...employeurIdentity(false),
  ...address('employeur.adresse'),
  ...employeurDetails,
];

export const maitre = (prefix: string): FieldSpec[] => [
  ...person(prefix),
  { ...date(`${prefix}.dateNaissance`, 'dateNaissance'), max: 'today' },
  field(`${prefix}.emploiOccupe`, 'emploiOccupe', { maxLength: 200 }),
  select(`${prefix}.niveauDiplome`, 'niveauDiplome', 'niveauxDiplome'),
  field(`${prefix}.diplome`, 'diplome', { maxLength: 200 }),
];

/**
 * The OPCO block as the employer fills it (issue 28): the OPCO is derived from the IDCC (IDCC -> OPCO table) and then
 * read-only; the employer chooses it only when the table gives none for its IDCC.
 */
export const opcoInputs = (derived: boolean): FieldSpec[] => [
  select('opco.nom', 'opco', 'opcos', { wide: true, locked: derived, hint: derived ? 'opcoDerived' : 'opcoChoose' }),
  ...opco.slice(1),
];

export const opco: FieldSpec[] = [
  select('opco.nom', 'opco', 'opcos', { wide: true }),
  field('opco.adresse', 'voie', { wide: true, maxLength: 200 }),
  field('opco.codePostal', 'codePostal', { maxLength: 5 }),
  field('opco.commune', 'commune', { maxLength: 100 }),
  field('opco.numeroAdherent', 'numeroAdherent', { maxLength: 50 }),
];

export const responsabilites: FieldSpec[] = [
  flag('responsabilites.isSchoolResponsibleCerfa', 'isSchoolResponsibleCerfa'),
  flag('responsabilites.isSchoolResponsibleCerfaOpco', 'isSchoolResponsibleCerfaOpco'),
  flag('responsabilites.isSchoolResponsibleConvention', 'isSchoolResponsibleConvention'),
  flag('responsabilites.isSchoolResponsibleSubrogation', 'isSchoolResponsibleSubrogation'),
];

export const contratMain: FieldSpec[] = [
  select('contrat.typeContrat', 'typeContrat', 'typesContrat'),
  field('contrat.intitulePoste', 'intitulePoste', { maxLength: 200 }),
  date('contrat.dateConclusion', 'dateConclusion'),
  date('contrat.dateDebutContrat', 'dateDebutContrat'),
  date('contrat.dateFinContrat', 'dateFinContrat'),
  number('contrat.dureeTravailHebdoHeures', 'dureeTravailHebdoHeures'),
  number('contrat.dureeTravailHebdoMinutes', 'dureeTravailHebdoMinutes'),
  { path: 'contrat.travailRisque', label: 'travailRisque', type: 'yesno', hint: 'travailRisque', wide: true },
];

export const contratApp: FieldSpec[] = [
  select('contrat.typeContratApp', 'typeContratApp', 'typesContratAvenant', { wide: true }),
  select('contrat.modeContractuel', 'modeContractuel', 'modesContractuels'),
  select('contrat.typeDerogation', 'typeDerogation', 'typesDerogation'),
  field('contrat.numeroContratPrecedent', 'numeroContratPrecedent', { hint: 'deca', maxLength: typedMaxLength(15) }),
];

export const contratPro: FieldSpec[] = [
  select('contrat.natureContrat', 'natureContrat', 'naturesContratPro'),
  field('contrat.numeroProjet', 'numeroProjet', { maxLength: 50 }),
  field('contrat.nafEntrepriseUtilisatrice', 'nafEntrepriseUtilisatrice', { hint: 'naf', maxLength: 6 }),
  field('contrat.classification', 'classification', { maxLength: 3 }),
  field('contrat.niveau', 'niveau', { maxLength: 3 }),
  field('contrat.coefficient', 'coefficient', { maxLength: 3 }),
  number('contrat.dureePeriodeEssaiJours', 'dureePeriodeEssaiJours'),
  flag('contrat.qualificationBacPro', 'qualificationBacPro'),
];

export const contratSalary: FieldSpec[] = [
  number('contrat.salaireBrutMensuel', 'salaireBrutMensuel'),
  number('contrat.smc', 'smc', { hint: 'smc' }),
  number('contrat.avantageNourriture', 'avantageNourriture'),
  number('contrat.avantageLogement', 'avantageLogement'),
  flag('contrat.autresAvantagesEnNature', 'autresAvantagesEnNature'),
  flag('contrat.deuxiemeMaitre', 'deuxiemeMaitre'),
];

/** SPEC's company contacts (tutor, signatory, file manager, apprenticeship-tax manager): the same details asked of each, under their own title. */
export const contacts: SpecGroup[] = [
  { title: 'tutor', specs: person('contacts.tuteur') },
  { title: 'signatory', specs: [...person('contacts.signataire'), field('contacts.signataire.fonction', 'fonction', { maxLength: 100 })] },
  { title: 'manager', specs: person('contacts.gestionnaire') },
  { title: 'taxManager', specs: person('contacts.responsableTaxe') },
];

export const facturation: FieldSpec[] = [
  field('facturation.referenceBonCommande', 'referenceBonCommande', { maxLength: 100 }),
  field('facturation.lienDepotFacture', 'lienDepotFacture', { maxLength: 500 }),
  flag('facturation.entiteFacturationDifferente', 'entiteFacturationDifferente'),
  field('facturation.siretFacturation', 'siretFacturation', { hint: 'siret', maxLength: typedMaxLength(14) }),
];

export const attestationEligibilite: FieldSpec[] = [flag('consentements.attestationEligibilite', 'attestationEligibilite', { hint: 'eligibilite' })];
