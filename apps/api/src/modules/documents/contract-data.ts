import {
  agreedPay,
  buildApprenticeshipPeriods,
  cerfaEditionFor,
  chosenPayOf,
  checkDecaPresence,
  checkFormationForContract,
  checkNirPresence,
  formatRuleMessage,
  fundingRules2025,
  getAtPath,
  professionalisationFloorFor,
  sheetIssues,
  type CerfaEditionCode,
  type DossierTerms,
  type FundingRulesOutcome,
  type RuleIssue,
  type SheetFormation,
  type SalaryPeriod,
  type SheetKind,
  type ReferenceLookups,
  type SmicRate,
} from '@passerelle/contract';
import type { CfaIdentity } from '../settings/settings.service.ts';

/**
 * The contract's data as the documents print it (issue 11): the dossier's sent sheets merged, the NIR, the formation,
 * the recorded terms, the salary periods (DOMAIN 1.6, from the rules' own computation), and what is missing or
 * invalid. Pure: the service reads the sources, this module judges them.
 */

type Data = Record<string, unknown>;

export type ContractKind = 'APP' | 'PRO';

/** The CFA responsible for the training, as an admin sets it in the settings (the schools table holds only a name). */
export type { CfaIdentity };

export interface ContractSourceSheet {
  data: Data;
  status: 'draft' | 'submitted';
}

export interface ContractInput {
  sheets: Partial<Record<SheetKind, ContractSourceSheet>>;
  nir: string | undefined;
  formation: SheetFormation | null;
  terms: DossierTerms | null;
  smicTable: readonly SmicRate[];
  /** The reference tables (IDCC, NAF, OPCO) the sheets' rules check against; the rules' built-in lists without. */
  references?: ReferenceLookups | undefined;
  cfa?: CfaIdentity | undefined;
  /** Config SHORT_CONTRACT_MONTHS, as the sheets judge it. */
  shortContractMonths?: number | undefined;
  /**
   * Today (ISO date), the documents' generation day: a contract whose conclusion date is not given yet is concluded
   * when signed, on or after it, and takes the edition and funding rules in force then. The clock's day when unset.
   */
  today?: string | undefined;
}

/** One row of the CERFA's remuneration table: its period, rate and the monthly gross amount it gives. */
export interface ContractPeriod {
  ordre: string;
  annee: number;
  dateDebut: string;
  dateFin: string;
  age: number;
  taux: number;
  base: 'SMIC' | 'SMC';
  reference: number;
  montant: number;
}

/** A field the contract cannot be prepared without, or whose value is invalid. */
export interface MissingField {
  field: string;
  label: string;
  message: string;
}

export interface ContractModel {
  typeContrat: ContractKind;
  apprenti: Data;
  representantLegal: Data;
  employeur: Data;
  maitre1: Data;
  maitre2: Data;
  contrat: Data;
  opco: Data;
  contacts: Data;
  facturation: Data;
  responsabilites: Data;
  missions: Data;
  consentements: Data;
  nir: string | undefined;
  formation: SheetFormation | null;
  terms: DossierTerms | null;
  cfa: CfaIdentity | undefined;
  periods: ContractPeriod[];
  /** The employer chose subrogation: the OPCO pays the training cost to the school directly. */
  subrogation: boolean;
  /** The conclusion date the sheets give (ISO), null while they give none. */
  dateConclusion: string | null;
  /** The CERFA edition in force at the conclusion date (today's while it is not given): decision 0044. */
  edition: CerfaEditionCode;
  /** The 2025 funding rules (750 € share, remote training's reduced funding level), judged at the same date. */
  funding: FundingRulesOutcome;
  /** Blocking: the contract is not prepared while this is not empty, unless staff override with a reason. */
  missing: MissingField[];
  /** Shown in the annex, not blocking. */
  warnings: MissingField[];
}

/** Later sheets restate the earlier ones' blocks: read in this order, a later value wins field by field. */
const sheetOrder: readonly SheetKind[] = ['f1ca', 'f1ce', 'missions', 'fra', 'fre'];
const isObject = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isFilled = (value: unknown) =>
  value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');

/** The blocks of the sent sheets merged (a later sheet's value wins); drafts are ignored. */
export function mergeSentSheets(sheets: ContractInput['sheets']): Record<string, Data> {
  const merged: Record<string, Data> = {};
  for (const kind of sheetOrder) {
    const sheet = sheets[kind];
    if (sheet?.status !== 'submitted') continue;
    for (const [block, value] of Object.entries(sheet.data)) {
      if (!isObject(value)) continue;
      const target = (merged[block] ??= {});
      for (const [key, field] of Object.entries(value)) if (isFilled(field)) target[key] = field;
    }
  }
  return merged;
}

function departementOf(codePostal: unknown): string | null {
  if (typeof codePostal !== 'string' || codePostal.length < 2) return null;
  return codePostal.startsWith('97') ? codePostal.slice(0, 3) : codePostal.slice(0, 2);
}

const asString = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const asNumber = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** The professionalisation contract's age bands (DOMAIN 1.8): under 21, 21 to 25, 26 and over. */
const professionalisationBand = (age: number) => (age < 21 ? 0 : age < 26 ? 1 : 2);

/**
 * The professionalisation contract's periods (DOMAIN 1.6 and 1.8): the contract years of the apprenticeship periods
 * (computed on the SMIC alone), split where the age moves into a higher professionalisation band only (its 21st and
 * 26th birthdays, from the first day of the following month; the 18th changes nothing here), each at the floor of its
 * age: 55 % (65 % with a bac pro) under 21, 70 % (80 %) from 21, from 26 the SMIC or 85 % of the SMC when higher.
 */
function professionalisationPeriods(
  smicPeriods: SalaryPeriod[],
  floorOptions: { qualificationBacPro: boolean; smc: number | null },
): ContractPeriod[] {
  const periods: ContractPeriod[] = [];
  for (const period of smicPeriods) {
    const last = periods.at(-1);
    if (last?.annee === period.annee && professionalisationBand(last.age) === professionalisationBand(period.age)) {
      last.dateFin = period.dateFin;
      continue;
    }
    const floor = professionalisationFloorFor(period.age, period.reference, floorOptions);
    const part = last?.annee === period.annee ? Number(last.ordre.split('.')[1]) + 1 : 1;
    periods.push({
      ordre: `${period.annee}.${part}`,
      annee: period.annee,
      dateDebut: period.dateDebut,
      dateFin: period.dateFin,
      age: period.age,
      taux: floor.taux,
      base: floor.base,
      reference: floor.reference,
      montant: floor.montantMinimum,
    });
  }
  return periods;
}

/**
 * The remuneration periods (DOMAIN 1.6). Apprenticeship: the rules' periods, each at the rate or amount the employer
 * agreed on the information sheet (matched by its number; the minimum when none is given, or when what is given is
 * less). Professionalisation: split at the 21st and 26th birthdays, each at its floor (DOMAIN 1.8).
 */
export function contractPeriods(
  typeContrat: ContractKind,
  blocks: Record<string, Data>,
  smicTable: readonly SmicRate[],
): ContractPeriod[] {
  const dateNaissance = asString(getAtPath(blocks, 'apprenti.dateNaissance'));
  const dateDebutContrat = asString(getAtPath(blocks, 'contrat.dateDebutContrat'));
  const dateFinContrat = asString(getAtPath(blocks, 'contrat.dateFinContrat'));
  if (!dateNaissance || !dateDebutContrat || !dateFinContrat) return [];
  const smc = asNumber(getAtPath(blocks, 'contrat.smc')) ?? null;
  const departementEmployeur = departementOf(getAtPath(blocks, 'employeur.adresse.codePostal'));
  if (typeContrat === 'PRO')
    return professionalisationPeriods(
      buildApprenticeshipPeriods({
        dateNaissance,
        dateDebutContrat,
        dateFinContrat,
        smicTable,
        smc: null,
        departementEmployeur,
      }),
      { qualificationBacPro: getAtPath(blocks, 'contrat.qualificationBacPro') === true, smc },
    );
  const chosen = chosenPayOf(getAtPath(blocks, 'contrat.remunerationsAnnuelles'));
  return buildApprenticeshipPeriods({
    dateNaissance,
    dateDebutContrat,
    dateFinContrat,
    smicTable,
    smc,
    departementEmployeur,
  }).map((period) => {
    // What was agreed; never less than the law's minimum, which applies whatever a contract says.
    const agreed = agreedPay(
      period,
      chosen.find((entry) => entry.ordre === period.ordre),
    );
    const isAboveMinimum = agreed.taux >= period.taux && agreed.montant >= period.montantMinimum;
    return {
      ordre: period.ordre,
      annee: period.annee,
      dateDebut: period.dateDebut,
      dateFin: period.dateFin,
      age: period.age,
      taux: isAboveMinimum ? agreed.taux : period.taux,
      base: period.base,
      reference: period.reference,
      montant: isAboveMinimum ? agreed.montant : period.montantMinimum,
    };
  });
}

// ---------- Labels of the annex ----------

const groupLabels: Record<string, string> = {
  apprenti: "l'apprenti(e)",
  representantLegal: 'représentant légal',
  employeur: "l'employeur",
  maitre1: "maître d'apprentissage n° 1",
  maitre2: "maître d'apprentissage n° 2",
  contrat: 'contrat',
  formation: 'formation',
  opco: 'OPCO',
  contacts: 'contacts',
  tuteur: 'tuteur',
  signataire: 'signataire',
  gestionnaire: 'gestionnaire',
  contactEntreprise: "contact dans l'entreprise",
  facturation: 'facturation',
  consentements: 'consentements',
  responsabilites: 'responsabilités',
  missions: 'missions',
  cfa: 'CFA',
  sheets: 'fiches',
  adresse: 'adresse',
  adresseContrat: 'adresse du contrat',
  adresseExecution: "adresse d'exécution",
  remunerationsAnnuelles: 'rémunération',
};

const fieldLabels: Record<string, string> = {
  nom: 'Nom',
  prenom: 'Prénom',
  sexe: 'Sexe',
  dateNaissance: 'Date de naissance',
  departementNaissance: 'Département de naissance',
  communeNaissance: 'Commune de naissance',
  nationalite: 'Nationalité',
  nir: 'Numéro de sécurité sociale (NIR)',
  courriel: 'Courriel',
  telephone: 'Téléphone',
  voie: 'Numéro et voie',
  complement: "Complément d'adresse",
  codePostal: 'Code postal',
  commune: 'Commune',
  siret: 'SIRET',
  uai: 'N° UAI',
  denomination: 'Dénomination',
  fonction: 'Fonction',
  typeContrat: 'Type de contrat',
  typeContratApp: "Type de contrat ou d'avenant",
  modeContractuel: 'Mode contractuel',
  numeroContratPrecedent: 'Numéro du contrat précédent (DECA)',
  intitulePoste: 'Intitulé du poste',
  dateConclusion: 'Date de conclusion',
  dateDebutContrat: 'Date de début du contrat',
  dateFinContrat: 'Date de fin du contrat',
  dureeTravailHebdoHeures: 'Durée hebdomadaire du travail',
  dureeTravailHebdoMinutes: 'Durée hebdomadaire du travail (minutes)',
  salaireBrutMensuel: "Salaire brut mensuel à l'embauche",
  travailRisque: 'Travail sur machines dangereuses ou à risques particuliers',
  natureContrat: 'Nature du contrat',
  classification: 'Classification',
  niveau: 'Niveau',
  coefficient: 'Coefficient',
  codeIdcc: 'Code IDCC',
  codeApe: 'Code NAF (APE)',
  nafEntrepriseUtilisatrice: "Code NAF de l'entreprise utilisatrice",
  rncp: 'Code RNCP',
  heures: 'Heures de formation',
  dateDebutFormation: 'Date de début de la formation',
  dateFinFormation: 'Date de fin de la formation',
  typeEmployeur: "Type d'employeur",
  employeurSpecifique: 'Employeur spécifique',
  nombreSalaries: 'Effectif salarié',
  caisseRetraiteComplementaire: 'Caisse de retraite complémentaire',
  regimeSocial: 'Régime social',
  emploiOccupe: 'Emploi occupé',
  niveauDiplome: 'Niveau du diplôme le plus élevé',
  situationAvantContrat: 'Situation avant ce contrat',
  derniereClasse: 'Dernière classe ou année suivie',
  dernierDiplomeObtenu: 'Dernier diplôme obtenu',
  plusHautDiplome: 'Diplôme le plus élevé obtenu',
  numeroFranceTravail: 'Identifiant France Travail',
  dureeInscriptionFranceTravailMois: "Durée d'inscription à France Travail",
  rgpd: 'Consentement au traitement des données',
  attestationEligibilite: "Attestation d'éligibilité du maître d'apprentissage",
  siretFacturation: 'SIRET de facturation',
  nom_opco: 'OPCO',
  description: 'Missions confiées',
  fra: "Fiche de renseignement de l'apprenti(e)",
  fre: "Fiche de renseignement de l'employeur",
  f1ca: "Fiche premier contact de l'apprenti(e)",
  f1ce: "Fiche premier contact de l'employeur",
  isSchoolResponsibleSubrogation: 'Subrogation',
  isSchoolResponsibleCerfaOpco: "Dépôt auprès de l'OPCO par l'école",
  remunerationsAnnuelles: 'Rémunération',
  taux: 'Taux convenu',
  montant: 'Montant brut mensuel convenu',
  formation: 'Formation',
};

/** `apprenti.adresse.codePostal` → `Code postal — l'apprenti(e), adresse`. */
export function fieldLabel(path: string): string {
  const parts = path.split('.').filter((part) => !/^\d+$/.test(part));
  const last = parts.at(-1) ?? path;
  const label = (parts[0] === 'opco' && last === 'nom' ? fieldLabels['nom_opco'] : fieldLabels[last]) ?? last;
  const groups =
    parts[0] === 'opco' && last === 'nom' ? [] : parts.slice(0, -1).map((part) => groupLabels[part] ?? part);
  return groups.length > 0 && parts[0] !== 'sheets' ? `${label} — ${groups.join(', ')}` : label;
}

function toField(issue: RuleIssue): MissingField {
  return {
    field: issue.path,
    label: fieldLabel(issue.path),
    message: formatRuleMessage(issue.code, 'fr-FR', issue.params ?? {}),
  };
}

/** The sheets that hold the contract: the information sheet's two parts must be sent. */
const contractSheets: readonly SheetKind[] = ['fra', 'fre'];

/**
 * What is missing or invalid to prepare the contract: each part of the information sheet judged as its send judges it
 * (sheetIssues, on the sent data), then the signature-stage requirements of SPEC 5 (the NIR; the previous contract's
 * DECA number where the contract type requires one) and the CFA's identity the CERFA prints.
 */
export function contractFindings(
  input: ContractInput,
  blocks: Record<string, Data>,
): Pick<ContractModel, 'missing' | 'warnings'> {
  const errors: RuleIssue[] = [];
  const warnings: RuleIssue[] = [];
  const missingSheets: MissingField[] = [];
  for (const kind of contractSheets) {
    const sheet = input.sheets[kind];
    if (sheet?.status !== 'submitted') {
      missingSheets.push({
        field: `sheets.${kind}`,
        label: fieldLabel(`sheets.${kind}`),
        message: "La fiche n'a pas été envoyée.",
      });
      continue;
    }
    const own =
      kind === 'fra' && input.nir
        ? {
            ...sheet.data,
            apprenti: { ...(isObject(sheet.data['apprenti']) ? sheet.data['apprenti'] : {}), nir: input.nir },
          }
        : sheet.data;
    const other: Data = { ...blocks };
    for (const block of Object.keys(own)) delete other[block];
    for (const issue of sheetIssues(kind, own, {
      formation: input.formation,
      smicTable: input.smicTable,
      ...(input.references ? { references: input.references } : {}),
      other,
      ...(input.shortContractMonths ? { shortContractMonths: input.shortContractMonths } : {}),
    })) {
      // Findings on the other part's blocks come back as warnings: that part's own run reports them as errors.
      if (issue.severity === 'error') errors.push(issue);
      // Advice (a 12-month contract is advised…) stays on the sheets; the signature stage turns these two into errors below.
      else if (issue.severity === 'warning' && issue.code !== 'nir.missing' && issue.code !== 'deca.missing')
        warnings.push(issue);
    }
  }
  errors.push(...checkNirPresence(input.nir, 'signature'));
  if (getAtPath(blocks, 'contrat.typeContrat') !== 'PRO')
    errors.push(
      ...checkDecaPresence(
        asString(getAtPath(blocks, 'contrat.numeroContratPrecedent')),
        asString(getAtPath(blocks, 'contrat.typeContratApp')),
        'signature',
      ),
    );
  if (!input.formation) errors.push({ path: 'formation', code: 'field.required', severity: 'error' });
  // The formation's own rules (its length and hours, its RNCP still registered when the contract starts): staff's to fix.
  else {
    const typeContrat = getAtPath(blocks, 'contrat.typeContrat');
    errors.push(
      ...checkFormationForContract(input.formation, {
        typeContrat: typeContrat === 'APP' || typeContrat === 'PRO' ? typeContrat : null,
        dateDebutContrat: asString(getAtPath(blocks, 'contrat.dateDebutContrat')),
      }),
    );
  }
  const cfaMissing: MissingField[] = [];
  for (const key of ['uai', 'siret'] as const)
    if (!input.cfa?.[key])
      cfaMissing.push({
        field: `cfa.${key}`,
        label: fieldLabel(`cfa.${key}`),
        message: formatRuleMessage('field.required', 'fr-FR'),
      });

  const seen = new Set<string>();
  const unique = (issues: RuleIssue[]) =>
    issues.filter((issue) => {
      const key = `${issue.path}|${issue.code}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const missing = [...missingSheets, ...unique(errors).map(toField), ...cfaMissing];
  const blocking = new Set(missing.map((entry) => entry.field));
  return {
    missing,
    warnings: unique(warnings)
      .filter((issue) => !blocking.has(issue.path))
      .map(toField),
  };
}

/** What decides the contract's CERFA and funding rules, before its documents exist (the case page, the funding screen). */
export interface ContractOutlook {
  typeContrat: ContractKind;
  dateConclusion: string | null;
  edition: CerfaEditionCode;
  funding: FundingRulesOutcome;
}

/**
 * The contract's kind, conclusion date, CERFA edition and 2025 funding rules, from the sent sheets' blocks, the formation
 * and the terms: the edition and rules of the conclusion date, today's while the sheets give none (decision 0044).
 */
export function contractOutlook(
  blocks: Record<string, Data>,
  formation: SheetFormation | null,
  terms: DossierTerms | null,
  today: string,
): ContractOutlook {
  const typeContrat: ContractKind =
    getAtPath(blocks, 'contrat.typeContrat') === 'PRO' ||
    (formation?.contractTypes.length === 1 && formation.contractTypes[0] === 'PRO')
      ? 'PRO'
      : 'APP';
  const concluded = asString(getAtPath(blocks, 'contrat.dateConclusion'));
  const dateConclusion = concluded && /^\d{4}-\d{2}-\d{2}$/.test(concluded) ? concluded : null;
  return {
    typeContrat,
    dateConclusion,
    edition: cerfaEditionFor(typeContrat, dateConclusion ?? today),
    funding: fundingRules2025({
      typeContrat,
      dateConclusion,
      today,
      niveauRncp: formation?.niveauRncp ?? null,
      heures: formation?.heures ?? null,
      heuresDistanciel: formation?.heuresDistanciel ?? null,
      npec: terms?.priseEnChargeOpco ?? null,
    }),
  };
}

/** The documents' model of a dossier's contract. */
export function buildContractModel(input: ContractInput): ContractModel {
  const blocks = mergeSentSheets(input.sheets);
  const outlook = contractOutlook(
    blocks,
    input.formation,
    input.terms,
    input.today ?? new Date().toISOString().slice(0, 10),
  );
  const typeContrat = outlook.typeContrat;
  const block = (name: string): Data => blocks[name] ?? {};
  const responsabilites = block('responsabilites');
  return {
    typeContrat,
    apprenti: block('apprenti'),
    representantLegal: block('representantLegal'),
    employeur: block('employeur'),
    maitre1: block('maitre1'),
    maitre2: block('maitre2'),
    contrat: block('contrat'),
    opco: block('opco'),
    contacts: block('contacts'),
    facturation: block('facturation'),
    responsabilites,
    missions: block('missions'),
    consentements: block('consentements'),
    nir: input.nir,
    formation: input.formation,
    terms: input.terms,
    cfa: input.cfa,
    periods: contractPeriods(typeContrat, blocks, input.smicTable),
    subrogation: responsabilites['isSchoolResponsibleSubrogation'] === true,
    dateConclusion: outlook.dateConclusion,
    edition: outlook.edition,
    funding: outlook.funding,
    ...contractFindings(input, blocks),
  };
}
