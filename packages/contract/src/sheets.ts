import { z } from 'zod';
import { language } from './auth.ts';
import { etapeStatus } from './portal.ts';
import {
  modeContractuelCode,
  natureContratProCode,
  typeContratAvenantCode,
  typeContratCode,
  typeDerogationCode,
} from './reference/contract.ts';
import { employeurSpecifiqueCode, opcoCode, regimeSocialCode, typeEmployeurCode } from './reference/employer.ts';
import {
  checkAge,
  checkConclusionDate,
  checkContractDates,
  checkContractNotEnded,
  checkContractTypeOffered,
  checkDecaPresence,
  checkIdccChange,
  checkIdccInForce,
  checkMaitresAge,
  checkNafExists,
  checkNationality,
  checkNir,
  checkNirPresence,
  checkOpcoOfIdcc,
  checkOpcoRules,
  checkPublicEmployer,
  checkSalary,
  checkTrainingShare,
  checkWeeklyHours,
  chosenPayOf,
  classificationField,
  decaField,
  franceTravailField,
  idccField,
  isMinorWhenSigning,
  nirField,
  phoneField,
  ruleError,
  siretField,
  smicRate,
  todayIso,
  type ContractKind,
  type ReferenceLookups,
  type RuleCode,
  type RuleIssue,
  type RuleSeverity,
  type SmicRate,
} from './rules/index.ts';
import { pastDateRule, reasonWhenDenied, reasonWhenRefused, transforms } from './rules/refinements.ts';
import { fundingRulesOutcome } from './rules/funding-2025.ts';

// ---------- Fields ----------

/**
 * Every field of a sheet is optional while it is a draft: an empty string or null clears it. What is
 * given must still be well formed; completeness is checked on submit (`sheetIssues`).
 */
function draft<T extends z.ZodType>(schema: T) {
  return z.preprocess(transforms.emptyToUndefined, schema.optional());
}

const text = (max = 200) => draft(z.string().trim().max(max));
const longText = (max = 5000) => draft(z.string().trim().max(max));
const flag = () => draft(z.boolean());
const day = () => draft(z.iso.date());
/** A birth date: never in the future (the State tool's rule for the apprentice and the maîtres). */
const birthDay = () => draft(z.iso.date().superRefine(pastDateRule));
const email = () => draft(z.email().max(254));
/** A phone number: digits and separators; a French one has its 10 digits (`checkPhone`). */
const phone = () => draft(phoneField);
const postcode = () =>
  draft(
    z
      .string()
      .trim()
      .regex(/^\d{5}$/, 'postcode.format'),
  );
const euros = () => draft(z.number().min(0).max(100_000));
const wholeNumber = (max: number) => draft(z.number().int().min(0).max(max));
const departement = () =>
  draft(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^(0[1-9]|[1-8]\d|9[0-5]|2A|2B|97[1-6]|99)$/, 'departement.format'),
  );
const threeChars = () => draft(classificationField);

const address = z.object({
  voie: text(200),
  complement: text(200),
  codePostal: postcode(),
  commune: text(100),
});

const person = z.object({
  nom: text(100),
  prenom: text(100),
  courriel: email(),
  telephone: phone(),
});

// ---------- Blocks (names of the CERFA data model, DOMAIN 1.12) ----------

export const apprentiBlock = z.object({
  nom: text(100),
  prenom: text(100),
  sexe: draft(z.enum(['F', 'M'])),
  dateNaissance: birthDay(),
  departementNaissance: departement(),
  communeNaissance: text(100),
  /** 1 French, 2 European Union, 3 outside the European Union. */
  nationalite: draft(z.enum(['1', '2', '3'])),
  nir: draft(nirField),
  courriel: email(),
  telephone: phone(),
  adresse: draft(address),
  rqth: flag(),
  equivalenceJeunes: flag(),
  extensionBoe: flag(),
  sportifHautNiveau: flag(),
  projetCreationReprise: flag(),
  apprentiMineurEmancipe: flag(),
  situationAvantContrat: draft(z.string().regex(/^([1-9]|1[0-2])$/, 'choice.invalid')),
  derniereClasse: draft(z.enum(['01', '11', '12', '21', '22', '31', '32', '40', '41', '42'])),
  diplomePrepare: draft(z.string().regex(/^\d{2}$/, 'choice.invalid')),
  intituleDiplomePrepare: text(250),
  dernierDiplomeObtenu: draft(z.string().regex(/^\d{2}$/, 'choice.invalid')),
  intituleDernierDiplomeObtenu: text(250),
  plusHautDiplome: draft(z.string().regex(/^\d{2}$/, 'choice.invalid')),
  intitulePlusHautDiplome: text(250),
  inscritFranceTravail: flag(),
  numeroFranceTravail: draft(franceTravailField),
  dureeInscriptionFranceTravailMois: wholeNumber(600),
  typeMinimumSocial: text(100),
});

export const representantLegalBlock = z.object({
  ...person.shape,
  memeAdresse: flag(),
  adresse: draft(address),
});

export const employeurBlock = z.object({
  denomination: text(200),
  nomCommercial: text(200),
  siret: draft(siretField),
  codeIdcc: draft(idccField),
  adresse: draft(address),
  adresseContratDifferente: flag(),
  adresseContrat: draft(address),
  siretExecution: draft(siretField),
  adresseExecution: draft(address),
  telephone: phone(),
  courriel: email(),
  siteWeb: draft(z.url().max(300)),
  caisseRetraiteComplementaire: text(120),
  codeApe: draft(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^\d{2}\.?\d{2}[A-Z]$/, 'naf.format'),
  ),
  nombreSalaries: wholeNumber(10_000_000),
  typeEmployeur: draft(typeEmployeurCode),
  employeurSpecifique: draft(employeurSpecifiqueCode),
  regimeSpecifique: flag(),
  regimeSocial: draft(regimeSocialCode),
});

export const maitreBlock = z.object({
  ...person.shape,
  dateNaissance: birthDay(),
  emploiOccupe: text(200),
  /** Niveau de diplôme (DOMAIN 1.10): 0, 3 to 8. */
  niveauDiplome: draft(z.enum(['0', '3', '4', '5', '6', '7', '8'])),
  diplome: text(200),
});

/**
 * One pay period as agreed (FILING's `remunerationsAnnuelles`): its number and dates as the rules split the contract, the
 * rate of its base (SMIC or SMC), and the gross monthly amount when the employer gave an amount rather than a rate. A
 * draft may hold neither (the field emptied); the send asks for one, and a missing period pays the minimum.
 */
export const remunerationPeriod = z.object({
  ordre: z.string().regex(/^[1-4]\.[12]$/, 'choice.invalid'),
  dateDebut: z.iso.date(),
  dateFin: z.iso.date(),
  taux: draft(z.number().min(0).max(1000)),
  typeSalaire: z.enum(['SMIC', 'SMC']),
  montant: draft(z.number().min(0).max(100_000)),
});

export const contratBlock = z.object({
  typeContrat: draft(typeContratCode),
  /** Type de contrat ou d'avenant (11, 21-23, 31-38). */
  typeContratApp: draft(typeContratAvenantCode),
  modeContractuel: draft(modeContractuelCode),
  numeroContratPrecedent: draft(decaField),
  intitulePoste: text(200),
  dateConclusion: day(),
  dateDebutContrat: day(),
  dateFinContrat: day(),
  dureeTravailHebdoHeures: wholeNumber(99),
  dureeTravailHebdoMinutes: wholeNumber(59),
  typeDerogation: draft(typeDerogationCode),
  travailRisque: flag(),
  salaireBrutMensuel: euros(),
  /** Salaire minimum conventionnel, when the branch has one (applies from 21 when higher than the SMIC). */
  smc: euros(),
  avantageNourriture: euros(),
  avantageLogement: euros(),
  autresAvantagesEnNature: flag(),
  remunerationsAnnuelles: draft(z.array(remunerationPeriod).max(8)),
  deuxiemeMaitre: flag(),
  // Professionalisation only.
  natureContrat: draft(natureContratProCode),
  numeroProjet: text(50),
  nafEntrepriseUtilisatrice: draft(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^\d{2}\.?\d{2}[A-Z]$/, 'naf.format'),
  ),
  classification: threeChars(),
  niveau: threeChars(),
  coefficient: threeChars(),
  dureePeriodeEssaiJours: wholeNumber(365),
  qualificationBacPro: flag(),
});

export const opcoBlock = z.object({
  nom: draft(opcoCode),
  adresse: text(200),
  codePostal: postcode(),
  commune: text(100),
  numeroAdherent: text(50),
});

/** The training, held by the school: shown on the sheets, never typed by users. */
export const formationBlock = z.object({
  libelle: z.string(),
  school: z.string(),
  dateDebutFormation: z.iso.date(),
  dateFinFormation: z.iso.date(),
  contractTypes: z.array(typeContratCode),
  proStartAfter: z.iso.date().nullable(),
  proEndBefore: z.iso.date().nullable(),
  rncp: z.string().nullable(),
  /** The last day the certification is registered in the RNCP, when the formation records it. */
  rncpEndDate: z.iso.date().nullable().optional(),
  codeDiplome: z.string().nullable(),
  heures: z.number().int().nullable(),
  /** Of `heures`, those given remotely (CERFA 10103*14 "heures en distanciel"); unset where the school gave none. */
  heuresDistanciel: z.number().int().nullable().optional(),
  /** The certification's level (RNCP, national framework): the 750 € employer share from level 6. */
  niveauRncp: z.number().int().nullable().optional(),
});
export type SheetFormation = z.infer<typeof formationBlock>;

/**
 * Whose case a page is about (issue 9): a company may follow several apprentices on one programme, so every page of a
 * dossier names its apprentice and the case. The employer reads the apprentice's name on its home already.
 */
export const dossierHeading = z.object({
  id: z.number().int(),
  /** The case's name ("Capgemini — Chargé de marketing digital"), null until the first contact names it. */
  dossierName: z.string().nullable(),
  applicant: z.object({ prenom: z.string(), nom: z.string() }),
});
export type DossierHeading = z.infer<typeof dossierHeading>;

export const contactsBlock = z.object({
  /** The employer's contact named by the applicant: the personal link goes to this address. */
  contactEntreprise: draft(z.object({ ...person.shape, fonction: text(100), langue: draft(language) })),
  tuteur: draft(person),
  signataire: draft(z.object({ ...person.shape, fonction: text(100) })),
  gestionnaire: draft(person),
  responsableTaxe: draft(person),
});

export const facturationBlock = z.object({
  referenceBonCommande: text(100),
  lienDepotFacture: draft(z.url().max(500)),
  entiteFacturationDifferente: flag(),
  siretFacturation: draft(siretField),
});

export const consentementsBlock = z.object({
  /** The employer attests that the master meets the eligibility criteria (R6223-22). */
  attestationEligibilite: flag(),
  /** The applicant agrees to the processing of their data (RGPD). */
  rgpd: flag(),
});

export const responsabilitesBlock = z.object({
  isSchoolResponsibleCerfa: flag(),
  isSchoolResponsibleConvention: flag(),
  isSchoolResponsibleCerfaOpco: flag(),
  isSchoolResponsibleSubrogation: flag(),
});

export const missionsBlock = z.object({
  description: longText(5000),
  competencesVisees: longText(3000),
});

// ---------- Sheets ----------

export const sheetKinds = ['f1ca', 'f1ce', 'missions', 'fra', 'fre'] as const;
export type SheetKind = (typeof sheetKinds)[number];
export const sheetStatuses = ['draft', 'submitted'] as const;
export type SheetStatus = (typeof sheetStatuses)[number];

/**
 * Applicant first contact: who they are (identity, birth place, nationality, address, background, recognitions,
 * France Travail registration, previous contract), and the employer and contact who will receive the link. The
 * declarations that only matter for the contract (business creation, emancipation) wait for the information sheet.
 */
export const f1caDraft = z.object({
  apprenti: draft(apprentiBlock.omit({ projetCreationReprise: true, apprentiMineurEmancipe: true })),
  employeur: draft(employeurBlock.pick({ denomination: true, siret: true, adresse: true })),
  contacts: draft(contactsBlock.pick({ contactEntreprise: true })),
  contrat: draft(
    contratBlock.pick({
      typeContrat: true,
      intitulePoste: true,
      dateDebutContrat: true,
      numeroContratPrecedent: true,
    }),
  ),
});

/**
 * Employer first contact: the company (identity, status, where the apprentice will work), the master, the job and
 * its terms. The contract's head-office address, a CERFA formality, waits for the information sheet.
 */
export const f1ceDraft = z.object({
  employeur: draft(
    employeurBlock.pick({
      denomination: true,
      nomCommercial: true,
      siret: true,
      codeIdcc: true,
      adresse: true,
      siretExecution: true,
      adresseExecution: true,
      telephone: true,
      courriel: true,
      siteWeb: true,
      caisseRetraiteComplementaire: true,
      nombreSalaries: true,
      typeEmployeur: true,
      employeurSpecifique: true,
      regimeSpecifique: true,
      regimeSocial: true,
      codeApe: true,
    }),
  ),
  maitre1: draft(maitreBlock),
  contrat: draft(
    contratBlock.pick({
      typeContrat: true,
      intitulePoste: true,
      dateDebutContrat: true,
      dateFinContrat: true,
      dureeTravailHebdoHeures: true,
      dureeTravailHebdoMinutes: true,
      salaireBrutMensuel: true,
    }),
  ),
  contacts: draft(contactsBlock.pick({ signataire: true, gestionnaire: true })),
});

export const missionsDraft = z.object({ missions: draft(missionsBlock) });

/** The applicant's part of the information sheet (step 1 of 7). */
export const fraDraft = z.object({
  apprenti: draft(apprentiBlock),
  representantLegal: draft(representantLegalBlock),
  consentements: draft(consentementsBlock.pick({ rgpd: true })),
});

/** The employer's part of the information sheet (company, OPCO, contract, contacts, billing). */
export const freDraft = z.object({
  employeur: draft(employeurBlock),
  maitre1: draft(maitreBlock),
  maitre2: draft(maitreBlock),
  contrat: draft(contratBlock),
  opco: draft(opcoBlock),
  contacts: draft(contactsBlock.omit({ contactEntreprise: true })),
  facturation: draft(facturationBlock),
  consentements: draft(consentementsBlock.pick({ attestationEligibilite: true })),
  responsabilites: draft(responsabilitesBlock),
});

export type F1caData = z.infer<typeof f1caDraft>;
export type F1ceData = z.infer<typeof f1ceDraft>;
export type MissionsData = z.infer<typeof missionsDraft>;
export type FraData = z.infer<typeof fraDraft>;
export type FreData = z.infer<typeof freDraft>;

export const sheetDrafts = {
  f1ca: f1caDraft,
  f1ce: f1ceDraft,
  missions: missionsDraft,
  fra: fraDraft,
  fre: freDraft,
} as const;
export type SheetData<K extends SheetKind = SheetKind> = z.infer<(typeof sheetDrafts)[K]>;

/** Blocks a party fills in; the other blocks of the same dossier come back read-only in `context`. */
export const sheetBlocks: { [K in SheetKind]: readonly string[] } = {
  f1ca: Object.keys(f1caDraft.shape),
  f1ce: Object.keys(f1ceDraft.shape),
  missions: Object.keys(missionsDraft.shape),
  fra: Object.keys(fraDraft.shape),
  fre: Object.keys(freDraft.shape),
};

// ---------- Responses ----------

export const sheetIssue = z.object({
  code: z.string(),
  severity: z.enum(['error', 'warning', 'advice'] satisfies RuleSeverity[]),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/** Non-blocking findings, keyed by dotted path like `errors`. */
export const sheetWarnings = z.record(z.string(), z.array(sheetIssue));
export type SheetWarnings = z.infer<typeof sheetWarnings>;

export const sheetAttachment = z.object({
  id: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  url: z.string(),
  uploadedAt: z.string(),
});

/** Blocks of the dossier filled in by the other party (or the other sheet), read-only here. */
export const sheetContext = z.record(z.string(), z.unknown());

/**
 * A sheet as the API answers it. `data` has the shape of the sheet's draft schema (`SheetData<K>`),
 * described loosely here because the draft schemas normalise input, which a response cannot encode.
 */
/** Who sent a sheet: their name as the portal's records hold it, and the kind of account they used. */
export const sheetSender = z.object({
  prenom: z.string(),
  nom: z.string(),
  userType: z.enum(['admissible', 'company', 'staff', 'admin']),
});
export type SheetSender = z.infer<typeof sheetSender>;

/**
 * Why a sheet stands still, as staff recorded it: returned to its author for corrections (step value 5), a refused case
 * (dossierStatut 6) or an archived one (9, SPEC 8). `reason` is the text staff (or the employer, for a denied funding)
 * gave, null when none was given.
 */
export const sheetStatusNote = z.object({
  kind: z.enum(['returned', 'refused', 'archived']),
  reason: z.string().nullable(),
  at: z.string().nullable(),
});
export type SheetStatusNote = z.infer<typeof sheetStatusNote>;

export const sheetResponse = z.object({
  data: z.record(z.string(), z.unknown()),
  status: z.enum(sheetStatuses),
  submittedAt: z.string().nullable(),
  /** The person who sent it, once sent. */
  submittedBy: sheetSender.nullable(),
  statusNote: sheetStatusNote.nullable(),
  warnings: sheetWarnings,
  /** True once submitted or sent, when the dossier is closed, or while the step is not open. */
  readOnly: z.boolean(),
  formation: formationBlock.nullable(),
  context: sheetContext,
  attachment: sheetAttachment.nullable(),
  /** The dossier's steps as this answer leaves them (SPEC 4): what the page says comes next depends on them. */
  etapeStatus: z.array(etapeStatus),
  dossier: dossierHeading,
});
export type SheetResponse<K extends SheetKind = SheetKind> = Omit<z.infer<typeof sheetResponse>, 'data'> & {
  data: SheetData<K>;
};

/** `?dryRun=true` on a submit or send: the sheet is judged as the send would judge it, and nothing changes (204). */
export const sheetFinishQuery = z.object({ dryRun: z.enum(['true', 'false']).optional() });

export const sheetParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The missions' job description (a .pdf, .doc or .docx): 5 MB at most. */
export const JOB_DESCRIPTION_MAX_BYTES = 5 * 1024 * 1024;

export const createDossierResponse = z.object({ id: z.number().int() });

// ---------- Funding validation ----------

export const fundingDecisions = ['accepted', 'denied', 'stalled'] as const;
export type FundingDecision = (typeof fundingDecisions)[number];

// SPEC 5: refusing funding requires stating the reasons.
export const fundingValidationBody = z
  .object({
    decision: z.enum(fundingDecisions),
    reason: z.string().trim().max(2000).optional(),
  })
  .superRefine(reasonWhenDenied);
export type FundingValidationBody = z.infer<typeof fundingValidationBody>;

export const dossierTermsBody = z.object({
  /** Training cost charged to the employer per year, in euros. */
  coutFormationAnnuel: z.number().min(0).max(1_000_000),
  /** What the OPCO funds (niveau de prise en charge), per year. */
  priseEnChargeOpco: z.number().min(0).max(1_000_000),
  resteACharge: z.number().min(0).max(1_000_000),
  /** Alternation rhythm (e.g. "3 jours entreprise / 2 jours école"). */
  rythme: z.string().trim().min(1).max(200),
  commentaire: z.string().trim().max(2000).optional(),
});
export type DossierTerms = z.infer<typeof dossierTermsBody>;

export const fundingValidationResponse = z.object({
  terms: dossierTermsBody.nullable(),
  decision: z.enum(fundingDecisions).nullable(),
  reason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** False while the terms are not recorded, and once the funding is accepted or denied. */
  canDecide: z.boolean(),
  formation: formationBlock.nullable(),
  dossier: dossierHeading,
  /** The 2025 funding rules the contract falls under and why (decision 0044): the 750 € share, the remote reduction. */
  fundingRules: fundingRulesOutcome.optional(),
});
export type FundingValidationResponse = z.infer<typeof fundingValidationResponse>;

// ---------- Staff transitions ----------

export const firstContactDecisionBody = z
  .object({ decision: z.enum(['accept', 'refuse']), reason: z.string().trim().max(2000).optional() })
  .superRefine(reasonWhenRefused);

export const dossierStateResponse = z.object({
  id: z.number().int(),
  dossierStatut: z.number().int().min(1).max(13),
  etapeStatus: z.array(z.object({ type: z.string(), status: z.number().int() })),
});
export type DossierStateResponse = z.infer<typeof dossierStateResponse>;

export const smicRow = smicRate.extend({ updatedAt: z.string().nullable() });
export const smicTableResponse = z.array(smicRow);
export const smicRowBody = smicRate;

// ---------- Salary grid ----------

export const salaryGridQuery = z.object({
  date: z.iso.date(),
  dateNaissance: z.iso.date().optional(),
  dateFinContrat: z.iso.date().optional(),
  smc: z.coerce.number().min(0).max(100_000).optional(),
  departementEmployeur: z.string().max(3).optional(),
});

const gridCell = z.object({ taux: z.number(), montant: z.number() });
const ageBand = z.object({
  band: z.number().int(),
  minAge: z.number().int().nullable(),
  maxAge: z.number().int().nullable(),
});

export const salaryGridResponse = z.object({
  smic: smicRate.nullable(),
  apprentissage: z
    .object({
      bands: z.array(ageBand).readonly(),
      rows: z.array(z.object({ year: z.number().int(), cells: z.array(gridCell) })),
    })
    .nullable(),
  professionnalisation: z
    .object({
      bands: z.array(ageBand).readonly(),
      rows: z.array(z.object({ band: z.number().int(), standard: gridCell, bacPro: gridCell })),
    })
    .nullable(),
  /** The contract's salary periods, when the birth date and the contract end are given. */
  periodes: z.array(
    z.object({
      ordre: z.string(),
      dateDebut: z.string(),
      dateFin: z.string(),
      age: z.number().int(),
      taux: z.number(),
      base: z.enum(['SMIC', 'SMC']),
      /** The monthly SMIC or SMC the rate applies to: an amount typed gives its rate, a rate its amount. */
      reference: z.number(),
      montantMinimum: z.number(),
    }),
  ),
});
export type SalaryGridResponse = z.infer<typeof salaryGridResponse>;

// ---------- Employer home ----------

export const waitingFor = z.object({
  /** The next action on the dossier. */
  action: z.enum([
    'f1ca',
    'f1ce',
    'firstContactReview',
    'modalites',
    'fundingValidation',
    'missions',
    'fra',
    'fre',
    'cfa',
    'signature',
    'none',
  ]),
  /** Who has to act. */
  actor: z.enum(['admissible', 'company', 'staff', 'none']),
  /** Where the employer acts, when it is their turn. */
  to: z.string().nullable(),
});
export type WaitingFor = z.infer<typeof waitingFor>;

/**
 * The employer's way to the missions clarification (docs/decisions/0004): open from its first contact on until the
 * contract is prepared, while the missions are not submitted; `to` is the page's address then, null otherwise.
 */
export const missionsAccess = z.object({ open: z.boolean(), to: z.string().nullable() });
export type MissionsAccess = z.infer<typeof missionsAccess>;

export const employerDossier = z.object({
  id: z.number().int(),
  dossierName: z.string().nullable(),
  applicant: z.object({ nom: z.string(), prenom: z.string() }),
  formation: z.object({ libelle: z.string(), school: z.string() }).nullable(),
  dossierStatut: z.number().int().min(1).max(13),
  etapeStatus: z.array(z.object({ type: z.string(), status: z.number().int() })),
  waitingFor,
  missions: missionsAccess,
  /** The signed CERFA and its addendum (SPEC 3), where stored: addresses under /api/files the company's users may read. */
  dossierCerfa: z.string().nullable(),
  dossierCerfaAvenant: z.string().nullable(),
  dossierLastUpdate: z.string(),
});
export const employerDossiersResponse = z.array(employerDossier);
export type EmployerDossier = z.infer<typeof employerDossier>;

// ---------- Completeness and rules (shared by the forms and the API) ----------

export type SheetRulesContext = {
  formation: SheetFormation | null;
  smicTable: readonly SmicRate[];
  /** Fields of the other blocks of the dossier (the other party's sheet), for cross-block rules. */
  other: Record<string, unknown>;
  /** The IDCC the information sheet started from; changing it is blocked (SPEC 5). */
  idccBefore?: string | null;
  shortContractMonths?: number;
  /** Today (yyyy-mm-dd) in France; the day the rules run when not given. */
  today?: string;
  /**
   * The reference lists the IDCC, NAF and OPCO are checked against (`rules/references.ts`): the server passes the tables
   * staff load; without them the built-in partial lists apply.
   */
  references?: ReferenceLookups;
};

/** The day the rules count from: the context's, else today in France. */
const todayOf = (context: Pick<SheetRulesContext, 'today'>) => context.today ?? todayIso('Europe/Paris');

/** The value at a dotted path (`apprenti.adresse.codePostal`), or undefined. */
export function getAtPath(data: unknown, path: string): unknown {
  let current: unknown = data;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function isFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

const required = (path: string): RuleIssue => ruleError(path, 'field.required' satisfies RuleCode);

const addressPaths = (prefix: string) => [`${prefix}.voie`, `${prefix}.codePostal`, `${prefix}.commune`];
const personPaths = (prefix: string) => [`${prefix}.nom`, `${prefix}.prenom`, `${prefix}.courriel`];

/** Fields a sheet must hold to be submitted, given what it already holds (some depend on other answers). */
export function requiredPaths(
  kind: SheetKind,
  data: Record<string, unknown>,
  context: Pick<SheetRulesContext, 'other' | 'formation' | 'today'>,
): string[] {
  const merged = { ...context.other, ...data };
  const at = (path: string) => getAtPath(merged, path);
  switch (kind) {
    case 'f1ca':
      // A first contact stays quick (often on a phone): birth place, nationality, address and background are asked
      // here but required only by the information sheet, which starts from what was given.
      return [
        'apprenti.nom',
        'apprenti.prenom',
        'apprenti.dateNaissance',
        'apprenti.courriel',
        'apprenti.telephone',
        'employeur.denomination',
        ...personPaths('contacts.contactEntreprise'),
        // A formation open to both contracts leaves the choice to the applicant.
        ...(context.formation && context.formation.contractTypes.length > 1 ? ['contrat.typeContrat'] : []),
      ];
    case 'f1ce':
      return [
        'employeur.denomination',
        'employeur.siret',
        'employeur.codeIdcc',
        ...addressPaths('employeur.adresse'),
        ...personPaths('maitre1'),
        'maitre1.emploiOccupe',
        'contrat.typeContrat',
        'contrat.intitulePoste',
        'contrat.dateDebutContrat',
        'contrat.dateFinContrat',
        'contrat.dureeTravailHebdoHeures',
        'contrat.salaireBrutMensuel',
        ...personPaths('contacts.signataire'),
      ];
    case 'missions':
      return ['missions.description'];
    case 'fra': {
      const paths = [
        'apprenti.nom',
        'apprenti.prenom',
        'apprenti.sexe',
        'apprenti.dateNaissance',
        'apprenti.departementNaissance',
        'apprenti.communeNaissance',
        'apprenti.nationalite',
        'apprenti.courriel',
        'apprenti.telephone',
        ...addressPaths('apprenti.adresse'),
        'apprenti.situationAvantContrat',
        'apprenti.derniereClasse',
        'apprenti.dernierDiplomeObtenu',
        'apprenti.plusHautDiplome',
        'consentements.rgpd',
      ];
      if (at('apprenti.inscritFranceTravail') === true)
        paths.push('apprenti.numeroFranceTravail', 'apprenti.dureeInscriptionFranceTravailMois');
      // A minor on the day of the signatures signs with a legal representative (judged at the conclusion date).
      const minor = isMinorWhenSigning(
        at('apprenti.dateNaissance'),
        asString(at('contrat.dateConclusion')),
        todayOf(context),
      );
      if (minor && at('apprenti.apprentiMineurEmancipe') !== true) {
        paths.push(...personPaths('representantLegal'));
        if (at('representantLegal.memeAdresse') !== true) paths.push(...addressPaths('representantLegal.adresse'));
      }
      return paths;
    }
    case 'fre': {
      const paths = [
        'employeur.denomination',
        'employeur.siret',
        'employeur.codeIdcc',
        ...addressPaths('employeur.adresse'),
        'employeur.telephone',
        'employeur.courriel',
        'employeur.typeEmployeur',
        'employeur.employeurSpecifique',
        'employeur.nombreSalaries',
        'employeur.caisseRetraiteComplementaire',
        'employeur.regimeSocial',
        ...personPaths('maitre1'),
        'maitre1.dateNaissance',
        'maitre1.emploiOccupe',
        'maitre1.niveauDiplome',
        'contrat.typeContrat',
        'contrat.intitulePoste',
        'contrat.dateDebutContrat',
        'contrat.dateFinContrat',
        'contrat.dureeTravailHebdoHeures',
        'contrat.salaireBrutMensuel',
        'contrat.travailRisque',
        'opco.nom',
        ...personPaths('contacts.tuteur'),
        ...personPaths('contacts.signataire'),
        ...personPaths('contacts.gestionnaire'),
        'consentements.attestationEligibilite',
      ];
      const typeContrat = at('contrat.typeContrat');
      if (typeContrat === 'APP') paths.push('contrat.typeContratApp', 'contrat.modeContractuel');
      if (typeContrat === 'PRO')
        paths.push('contrat.natureContrat', 'contrat.classification', 'contrat.niveau', 'contrat.coefficient');
      if (at('employeur.adresseContratDifferente') === true) paths.push(...addressPaths('employeur.adresseContrat'));
      if (at('facturation.entiteFacturationDifferente') === true) paths.push('facturation.siretFacturation');
      // DOMAIN 1.2: a second master is optional, but complete once any of its fields is given.
      const maitre2 = getAtPath(merged, 'maitre2');
      if (
        at('contrat.deuxiemeMaitre') === true ||
        (maitre2 && typeof maitre2 === 'object' && Object.values(maitre2).some(isFilled))
      ) {
        paths.push(...personPaths('maitre2'), 'maitre2.dateNaissance', 'maitre2.emploiOccupe');
      }
      return paths;
    }
  }
}

const asString = (value: unknown) => (typeof value === 'string' ? value : undefined);
const asNumber = (value: unknown) => (typeof value === 'number' ? value : undefined);
const asBoolean = (value: unknown) => (typeof value === 'boolean' ? value : undefined);

/**
 * Every finding on a sheet about to be submitted: missing fields, then the business rules of SPEC 5
 * and DOMAIN 1 on the sheet merged with the dossier's other blocks. Errors block; warnings and
 * advice are shown and let the user go on. Findings on blocks the other party fills in are the
 * other party's to fix: they come back as warnings here.
 */
export function sheetIssues(kind: SheetKind, data: Record<string, unknown>, context: SheetRulesContext): RuleIssue[] {
  const merged: Record<string, unknown> = { ...context.other, ...data };
  const at = (path: string) => getAtPath(merged, path);
  const issues: RuleIssue[] = requiredPaths(kind, data, context)
    .filter((path) => !isFilled(at(path)))
    .map(required);

  const typeContrat = at('contrat.typeContrat') === 'PRO' ? 'PRO' : 'APP';
  const apprenti = {
    dateNaissance: asString(at('apprenti.dateNaissance')),
    rqth: asBoolean(at('apprenti.rqth')),
    sportifHautNiveau: asBoolean(at('apprenti.sportifHautNiveau')),
  };
  const contrat = {
    dateDebutContrat: asString(at('contrat.dateDebutContrat')),
    dateFinContrat: asString(at('contrat.dateFinContrat')),
  };
  const formation = context.formation;
  // The contract's type as the sheets give it, else the only one its formation is open to.
  const givenType = at('contrat.typeContrat');
  const effectiveType: ContractKind =
    givenType === 'APP' || givenType === 'PRO'
      ? givenType
      : formation?.contractTypes.length === 1 && formation.contractTypes[0] === 'PRO'
        ? 'PRO'
        : 'APP';
  const typeOffered = () => (formation ? checkContractTypeOffered(asString(givenType), formation.contractTypes) : []);
  const nationality = () =>
    checkNationality({
      nationalite: asString(at('apprenti.nationalite')),
      dateNaissance: apprenti.dateNaissance,
      ...contrat,
    });

  switch (kind) {
    case 'f1ca':
      issues.push(...checkNirPresence(asString(at('apprenti.nir')), 'firstContact'));
      issues.push(...nirCoherence(merged));
      issues.push(...typeOffered());
      break;
    case 'missions':
      break;
    case 'fra':
      issues.push(...checkNirPresence(asString(at('apprenti.nir')), 'firstContact'));
      issues.push(...nirCoherence(merged));
      issues.push(...nationality());
      issues.push(
        ...checkAge({
          ...apprenti,
          dateDebutContrat: contrat.dateDebutContrat,
          typeContrat,
          projetCreationReprise: asBoolean(at('apprenti.projetCreationReprise')),
          typeDerogation: asString(at('contrat.typeDerogation')) ?? null,
        }),
      );
      break;
    case 'f1ce':
    case 'fre': {
      if (context.formation) {
        issues.push(
          ...checkContractDates({
            typeContrat,
            ...contrat,
            formation: {
              trainingStart: context.formation.dateDebutFormation,
              trainingEnd: context.formation.dateFinFormation,
              proStartAfter: context.formation.proStartAfter,
              proEndBefore: context.formation.proEndBefore,
            },
            // At first contact the company does not see the applicant's RQTH or athlete status: the warning over
            // 36 months (which names both exemptions) is shown whatever the status, so its absence reveals nothing.
            rqth: kind === 'fre' ? (apprenti.rqth ?? null) : null,
            sportifHautNiveau: kind === 'fre' ? (apprenti.sportifHautNiveau ?? null) : null,
            ...(context.shortContractMonths ? { shortContractMonths: context.shortContractMonths } : {}),
          }),
        );
      }
      issues.push(
        ...checkWeeklyHours({
          heures: asNumber(at('contrat.dureeTravailHebdoHeures')),
          minutes: asNumber(at('contrat.dureeTravailHebdoMinutes')),
        }),
      );
      issues.push(...checkContractNotEnded(contrat.dateFinContrat, todayOf(context)));
      issues.push(...typeOffered());
      if (formation)
        issues.push(
          ...checkTrainingShare({ typeContrat: effectiveType, ...contrat, heuresFormation: formation.heures }),
        );
      const maitres = kind === 'fre' ? ['maitre1', 'maitre2'] : ['maitre1'];
      issues.push(
        ...checkMaitresAge({
          maitres: maitres.map((block) => ({ block, dateNaissance: asString(at(`${block}.dateNaissance`)) })),
          dateDebutContrat: contrat.dateDebutContrat,
        }),
      );
      issues.push(...checkIdccInForce(asString(at('employeur.codeIdcc')), context.references?.idcc));
      issues.push(...checkNafExists(asString(at('employeur.codeApe')), context.references?.naf));
      issues.push(...checkPublicEmployer(asString(at('employeur.typeEmployeur'))));
      const salary = checkSalary({
        typeContrat,
        salaireBrutMensuel: asNumber(at('contrat.salaireBrutMensuel')),
        dateNaissance: apprenti.dateNaissance,
        ...contrat,
        smicTable: context.smicTable,
        smc: asNumber(at('contrat.smc')) ?? null,
        departementEmployeur: departementOf(asString(at('employeur.adresse.codePostal'))),
        qualificationBacPro: asBoolean(at('contrat.qualificationBacPro')) ?? false,
        remunerations: chosenPayOf(at('contrat.remunerationsAnnuelles')),
      });
      // The rules name the hiring salary `salaireEmbauche`; our sheets hold it as `salaireBrutMensuel`.
      issues.push(
        ...salary.map((issue) =>
          issue.path === 'contrat.salaireEmbauche' ? { ...issue, path: 'contrat.salaireBrutMensuel' } : issue,
        ),
      );
      if (kind === 'fre') {
        issues.push(
          ...checkAge({
            ...apprenti,
            ...contrat,
            typeContrat,
            projetCreationReprise: asBoolean(at('apprenti.projetCreationReprise')),
            typeDerogation: asString(at('contrat.typeDerogation')) ?? null,
          }),
        );
        issues.push(
          ...checkDecaPresence(
            asString(at('contrat.numeroContratPrecedent')),
            asString(at('contrat.typeContratApp')),
            'firstContact',
          ),
        );
        issues.push(
          ...checkOpcoRules({
            opcoName: asString(at('opco.nom')),
            isSchoolResponsibleCerfa: asBoolean(at('responsabilites.isSchoolResponsibleCerfa')),
            isSchoolResponsibleCerfaOpco: asBoolean(at('responsabilites.isSchoolResponsibleCerfaOpco')),
            isSchoolResponsibleSubrogation: asBoolean(at('responsabilites.isSchoolResponsibleSubrogation')),
          }).map((issue) => (issue.path.includes('.') ? issue : { ...issue, path: `responsabilites.${issue.path}` })),
        );
        issues.push(...checkIdccChange(context.idccBefore, asString(at('employeur.codeIdcc'))));
        issues.push(
          ...checkOpcoOfIdcc(asString(at('opco.nom')), asString(at('employeur.codeIdcc')), context.references?.opco),
        );
        issues.push(
          ...checkNafExists(
            asString(at('contrat.nafEntrepriseUtilisatrice')),
            context.references?.naf,
            'contrat.nafEntrepriseUtilisatrice',
          ),
        );
        issues.push(
          ...checkConclusionDate({
            dateConclusion: asString(at('contrat.dateConclusion')),
            dateDebutContrat: contrat.dateDebutContrat,
            trainingStart: formation?.dateDebutFormation ?? null,
            trainingEnd: formation?.dateFinFormation ?? null,
            situationAvantContrat: asString(at('apprenti.situationAvantContrat')) ?? null,
          }),
        );
        issues.push(...nationality());
      }
      break;
    }
  }
  const own = new Set(sheetBlocks[kind]);
  return issues.map((issue) =>
    issue.severity === 'error' && !own.has(issue.path.split('.')[0] ?? '')
      ? { ...issue, severity: 'warning' as const }
      : issue,
  );
}

/** Sex, birth year and month against the NIR (DOMAIN 1.9): format and key are already checked by the draft schema. */
function nirCoherence(merged: Record<string, unknown>): RuleIssue[] {
  const sexe = getAtPath(merged, 'apprenti.sexe');
  return checkNir(asString(getAtPath(merged, 'apprenti.nir')), {
    sexe: sexe === 'F' || sexe === 'M' ? sexe : null,
    dateNaissance: asString(getAtPath(merged, 'apprenti.dateNaissance')) ?? null,
    departementNaissance: asString(getAtPath(merged, 'apprenti.departementNaissance')) ?? null,
  });
}

/** Mayotte's SMIC applies to employers in département 976, recognised from the postcode. */
function departementOf(codePostal: string | undefined): string | null {
  if (!codePostal) return null;
  return codePostal.startsWith('97') ? codePostal.slice(0, 3) : codePostal.slice(0, 2);
}

/** Non-blocking findings as the `warnings` map of a sheet response. */
export function issuesToWarnings(issues: readonly RuleIssue[]): SheetWarnings {
  const warnings: SheetWarnings = {};
  for (const issue of issues) {
    if (issue.severity === 'error') continue;
    (warnings[issue.path] ??= []).push({
      code: issue.code,
      severity: issue.severity,
      ...(issue.params ? { params: issue.params } : {}),
    });
  }
  return warnings;
}
