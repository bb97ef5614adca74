import { opcos } from '../reference/employer.ts';
import { normalizeNaf, type OpcoCode, type ReferenceLookup } from '../reference-tables.ts';
import { idccNone, idccUnderNegotiation, normalizeIdcc } from './identifiers.ts';
import { ruleError } from './issue.ts';
import type { RuleIssue } from './issue.ts';

/**
 * Checks against the State's reference lists (FILING's checks 20 and 21): the IDCC exists and is in force, the NAF code
 * exists. The lists themselves are data, dated, that staff load in the back office; the rules take a look-up so that
 * they run on whichever list the caller holds (a table read from the database on the server, nothing in the browser).
 * Without one they use the small built-in lists below, which answer only for the codes they know: a code they cannot
 * judge gives no finding, never a false refusal.
 */

/** What a list says of an IDCC: whether it names an agreement, and whether that agreement is still applicable. */
export type IdccState = { exists: boolean; inForce: boolean };
/** Undefined: the list cannot tell (no list loaded, or a partial one that does not hold the code). */
export type IdccLookup = (idcc: string) => IdccState | undefined;

/** What a list says of a NAF (APE) code. */
export type NafState = { exists: boolean };
export type NafLookup = (codeNaf: string) => NafState | undefined;

/** The OPCO the IDCC -> OPCO table gives an IDCC; undefined when it gives none (the employer chooses it then). */
export type OpcoLookup = (idcc: string) => OpcoCode | undefined;

export type ReferenceLookups = { idcc?: IdccLookup; naf?: NafLookup; opco?: OpcoLookup };

/**
 * The rules' look-ups on the full tables the server loaded (`ReferenceLookup`): a code these tables do not hold does
 * not exist, unlike with the partial built-in lists.
 */
export function referenceLookupsOf(tables: ReferenceLookup): Required<ReferenceLookups> {
  return {
    idcc: (code) => {
      const agreement = tables.idcc(code);
      return agreement
        ? { exists: true, inForce: agreement.inForce || agreement.special }
        : { exists: false, inForce: false };
    },
    naf: (code) => ({ exists: tables.nafExists(code) }),
    opco: (idcc) => tables.opcoOfIdcc(idcc),
  };
}

/**
 * Agreements that no longer apply (abrogated, denounced, lapsed or replaced), as Légifrance records them in the State
 * tool's list (mission-apprentissage/contrat, `shared/constants/idcc.ts`, legal states of March 2024): 0054 and 0650,
 * replaced by the metallurgy's single agreement 3248 in 2024; 1810 by cleaning's 3043; 2111 and 2395 by the private
 * employers' 3239; and so on. A code listed here is known and not in force; any other code is left to the full list.
 */
// prettier-ignore
const idccNoLongerInForce = new Set([
  '0023', '0054', '0255', '0349', '0363', '0390', '0398', '0403', '0412', '0450', '0504', '0533', '0562', '0598',
  '0635', '0650', '0652', '0673', '0693', '0698', '0700', '0707', '0731', '0735', '0766', '0781', '0802', '0832',
  '0833', '0925', '0951', '0972', '1014', '1018', '1083', '1119', '1177', '1178', '1211', '1258', '1281', '1282',
  '1314', '1325', '1326', '1334', '1336', '1370', '1383', '1423', '1436', '1446', '1492', '1495', '1511', '1563',
  '1601', '1624', '1635', '1689', '1710', '1726', '1761', '1763', '1788', '1810', '1841', '1871', '1874', '1895',
  '1903', '1937', '1972', '1974', '2014', '2018', '2101', '2111', '2162', '2174', '2310', '2322', '2344', '2395',
  '2408', '2409', '2410', '2493', '2526', '2542', '2579', '2594', '2622', '2754', '3151', '3201', '3202', '3211',
  '7009', '7011', '7016',
]);

/** The built-in IDCC look-up: the agreements known to be no longer in force, nothing else. */
export const builtInIdccLookup: IdccLookup = (idcc) =>
  idccNoLongerInForce.has(normalizeIdcc(idcc)) ? { exists: true, inForce: false } : undefined;

/**
 * The IDCC names an agreement in force. 9999 (no agreement) and 9998 (agreement under negotiation) are answers of
 * their own, always accepted. The format is `checkIdcc`'s.
 */
export function checkIdccInForce(
  value: string | null | undefined,
  lookup: IdccLookup = builtInIdccLookup,
  path = 'employeur.codeIdcc',
): RuleIssue[] {
  if (!value?.trim()) return [];
  const idcc = normalizeIdcc(value);
  if (!/^\d{4}$/.test(idcc) || idcc === idccNone || idcc === idccUnderNegotiation) return [];
  const state = lookup(idcc);
  if (!state) return [];
  if (!state.exists) return [ruleError(path, 'idcc.unknown', { idcc })];
  return state.inForce ? [] : [ruleError(path, 'idcc.not_in_force', { idcc })];
}

/**
 * The divisions (two first digits) of the NAF rev. 2 nomenclature in force (INSEE, 2008): 01-03, 05-33, 35-39, 41-43,
 * 45-47, 49-53, 55-56, 58-66, 68-75, 77-82, 84-88, 90-99. A code outside them does not exist; whether a code inside
 * them does is the full list's to say.
 */
// prettier-ignore
const nafDivisionRanges: readonly [number, number][] = [
  [1, 3], [5, 33], [35, 39], [41, 43], [45, 47], [49, 53], [55, 56], [58, 66], [68, 75], [77, 82], [84, 88], [90, 99],
];

/** The built-in NAF look-up: codes of a division that does not exist, nothing else. */
export const builtInNafLookup: NafLookup = (codeNaf) => {
  const code = normalizeNaf(codeNaf);
  if (code === null) return undefined;
  const division = Number(code.slice(0, 2));
  return nafDivisionRanges.some(([from, to]) => division >= from && division <= to) ? undefined : { exists: false };
};

/** The NAF code exists. Its format is the schema's (`naf.format`). */
export function checkNafExists(
  value: string | null | undefined,
  lookup: NafLookup = builtInNafLookup,
  path = 'employeur.codeApe',
): RuleIssue[] {
  const code = normalizeNaf(value);
  if (code === null) return [];
  const state = lookup(code);
  return state && !state.exists ? [ruleError(path, 'naf.unknown', { code })] : [];
}

/**
 * The employer's OPCO is the one its IDCC's branch belongs to (FILING.md, the IDCC -> OPCO table): the form derives it
 * and the server stores it; another OPCO for an IDCC the table maps is refused. When the table gives none (9999, 9998,
 * an agreement without a branch OPCO), the employer's choice stands.
 */
export function checkOpcoOfIdcc(
  opcoNom: string | null | undefined,
  codeIdcc: string | null | undefined,
  lookup: OpcoLookup | undefined,
  path = 'opco.nom',
): RuleIssue[] {
  if (!lookup || !opcoNom?.trim() || !codeIdcc?.trim()) return [];
  const derived = lookup(codeIdcc);
  if (!derived || derived === opcoNom.trim()) return [];
  const label = opcos.find((opco) => opco.code === derived)?.label ?? derived;
  return [ruleError(path, 'opco.idcc_mismatch', { idcc: normalizeIdcc(codeIdcc), opco: label })];
}

// ---------- Public employers (FILING's check 26) ----------

/**
 * INSEE legal categories (nature juridique) of the three public services (State, territorial, hospital), as the State
 * tool flags them (its `categoriesJuridiques.ts`, SIASP FPE, FPT and FPH): their apprentices' contracts are filed on
 * CELIA, not with an OPCO. EPICs (4xxx) and the public bodies outside the civil service are not among them.
 */
// prettier-ignore
const publicLegalCategories = new Set([
  '7111', '7112', '7113', '7120', '7150', '7160', '7171', '7172', '7179', '7190', '7210', '7220', '7225', '7229',
  '7230', '7312', '7313', '7314', '7331', '7340', '7341', '7342', '7343', '7344', '7345', '7346', '7347', '7348',
  '7349', '7351', '7352', '7353', '7354', '7355', '7356', '7357', '7361', '7362', '7363', '7364', '7365', '7366',
  '7367', '7371', '7372', '7373', '7378', '7379', '7381', '7382', '7383', '7384', '7385', '7389', '7410', '7490',
]);

export function isPublicLegalCategory(categorieJuridique: string | null | undefined): boolean {
  return Boolean(categorieJuridique && publicLegalCategories.has(categorieJuridique.trim()));
}

/**
 * CERFA 10103*14's public employer types, 21 (State) to 29 (other public employer): these employers conclude their
 * apprentices' contracts on CELIA, the State's platform for the public sector, and this portal cannot prepare them.
 * 30, an EPIC, employs under private law and files with its OPCO like a private employer.
 */
export const celiaEmployerTypes: readonly string[] = ['21', '22', '23', '24', '25', '26', '27', '28', '29'];

export function checkPublicEmployer(
  typeEmployeur: string | null | undefined,
  path = 'employeur.typeEmployeur',
): RuleIssue[] {
  return typeEmployeur && celiaEmployerTypes.includes(typeEmployeur) ? [ruleError(path, 'employer.public_celia')] : [];
}
