import { ruleError, ruleWarning } from './issue.ts';
import type { RuleIssue } from './issue.ts';
import { parseIsoDate } from './dates.ts';

/** Where the rules put NIR and DECA presence checks: warned at first contact, required to sign (SPEC 5). */
export type SheetStage = 'firstContact' | 'signature';

/** Identifiers are typed with spaces, dots or dashes as separators; none of them is part of the value. */
function compact(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

function isBlank(value: string | null | undefined): value is null | undefined | '' {
  return value === null || value === undefined || value.trim() === '';
}

// ---------- NIR (numéro de sécurité sociale) ----------

export const normalizeNir = compact;

/**
 * Control key of a 13-character NIR body: 97 - (body mod 97). Corsica's 2A and 2B are read as 19
 * and 18 (DOMAIN 1.9). Undefined when the body is not 13 characters of that shape.
 */
export function nirKey(body: string): number | undefined {
  const normalized = compact(body);
  if (!/^\d{5}(\d{2}|2A|2B)\d{6}$/.test(normalized)) return undefined;
  const numeric = normalized.replace(/^(\d{5})2A/, '$119').replace(/^(\d{5})2B/, '$118');
  return 97 - Number(BigInt(numeric) % 97n);
}

export type NirIdentity = {
  sexe?: 'F' | 'M' | null;
  dateNaissance?: string | null;
  /** Code of the birth département (`01`…`95`, `2A`, `2B`, `971`…`976`), `99` when born abroad. */
  departementNaissance?: string | null;
};

const nirPath = 'apprenti.nir';

/**
 * Format, key and coherence of a NIR with the apprentice's identity. An empty value gives no
 * issue here: presence is `checkNirPresence`'s job.
 */
export function checkNir(nir: string | null | undefined, identity: NirIdentity = {}, path = nirPath): RuleIssue[] {
  if (isBlank(nir)) return [];
  const value = compact(nir);
  if (value.length !== 15) return [ruleError(path, 'nir.length', { length: 15 })];
  if (!/^\d{5}(\d{2}|2A|2B)\d{8}$/.test(value)) return [ruleError(path, 'nir.format')];

  const first = value[0];
  // 7 and 8 start temporary numbers (NIA) given while the INSEE registration is pending: they
  // carry no reliable key, so they pass with a warning.
  if (first === '7' || first === '8') return [ruleWarning(path, 'nir.temporary')];
  if (first !== '1' && first !== '2') return [ruleError(path, 'nir.first_digit')];

  const issues: RuleIssue[] = [];
  if (nirKey(value.slice(0, 13)) !== Number(value.slice(13))) issues.push(ruleError(path, 'nir.key'));

  const month = Number(value.slice(3, 5));
  // 20-42 and 50-99 are the codes INSEE gives when the birth month is not known.
  const isUnknownMonth = (month >= 20 && month <= 42) || month >= 50;
  if (!isUnknownMonth && (month < 1 || month > 12)) issues.push(ruleError(path, 'nir.month_invalid'));

  if (identity.sexe && identity.sexe !== (first === '1' ? 'M' : 'F')) issues.push(ruleError(path, 'nir.sex_mismatch'));

  const birth = identity.dateNaissance ? parseIsoDate(identity.dateNaissance) : undefined;
  if (birth) {
    if (Number(value.slice(1, 3)) !== birth.year % 100) issues.push(ruleError(path, 'nir.year_mismatch'));
    if (isUnknownMonth) issues.push(ruleWarning(path, 'nir.month_unknown'));
    else if (month >= 1 && month <= 12 && month !== birth.month) issues.push(ruleError(path, 'nir.month_mismatch'));
  }

  if (identity.departementNaissance && !nirMatchesDepartement(value, identity.departementNaissance)) {
    issues.push(ruleWarning(path, 'nir.department_mismatch'));
  }
  return issues;
}

function nirMatchesDepartement(nir: string, departement: string): boolean {
  const code = departement.trim().toUpperCase();
  const nirDepartement = nir.slice(5, 7);
  // Overseas départements take three characters: 97 then the first digit of the commune part.
  if (/^97\d$/.test(code)) return nir.slice(5, 8) === code;
  // People born in Corsica before its 1976 split kept 20 in their number.
  if (code === '2A' || code === '2B') return nirDepartement === code || nirDepartement === '20';
  return nirDepartement === code.padStart(2, '0');
}

/** SPEC 5: a missing NIR is a warning at first contact and blocks the signature. */
export function checkNirPresence(nir: string | null | undefined, stage: SheetStage, path = nirPath): RuleIssue[] {
  if (!isBlank(nir)) return [];
  return [stage === 'signature' ? ruleError(path, 'nir.required') : ruleWarning(path, 'nir.missing')];
}

// ---------- SIRET ----------

export const normalizeSiret = compact;

/** La Poste's establishments share one SIREN and do not follow Luhn (INSEE's documented exception). */
const laPosteSiren = '356000000';

export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function isValidSiret(siret: string): boolean {
  const value = compact(siret);
  if (!/^\d{14}$/.test(value)) return false;
  if (isLuhnValid(value)) return true;
  if (!value.startsWith(laPosteSiren)) return false;
  const digitSum = [...value].reduce((sum, digit) => sum + Number(digit), 0);
  return digitSum % 5 === 0;
}

export function checkSiret(siret: string | null | undefined, path = 'employeur.siret'): RuleIssue[] {
  if (isBlank(siret)) return [];
  const value = compact(siret);
  if (!/^\d{14}$/.test(value)) return [ruleError(path, 'siret.format')];
  return isValidSiret(value) ? [] : [ruleError(path, 'siret.checksum')];
}

// ---------- UAI (unité administrative immatriculée) ----------

export const normalizeUai = compact;

/**
 * The 23 letters of the UAI's check letter: the alphabet without I, O and Q, which read like 1 and 0 (DOMAIN 1.9,
 * api-apprentissage's `organismes.primitives.ts`, the ministry's RAMSESE rule).
 */
const uaiLetters = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/** The check letter of a UAI's 7 digits: the letter at (the number mod 23). Undefined when not 7 digits. */
export function uaiCheckLetter(digits: string): string | undefined {
  if (!/^\d{7}$/.test(digits)) return undefined;
  return uaiLetters[Number(digits) % 23];
}

/** 7 digits then the letter they give (`0750654D`); separators and case ignored. */
export function isValidUai(uai: string): boolean {
  const value = compact(uai);
  return /^\d{7}[A-Z]$/.test(value) && uaiCheckLetter(value.slice(0, 7)) === value[7];
}

// ---------- DECA number (numéro du contrat précédent) ----------

export const normalizeDeca = compact;

/**
 * Département on 3 characters (`075`, `02A`, `971`), year, month, `NC` or 2 digits, 4 digits:
 * CELIA's published pattern (DOMAIN 1.9). CELIA's two-character `9[0-5]` branch is left out: it
 * gives 14 characters, and those départements are written `090`…`095` in 15-character numbers.
 */
export const decaPattern = /^(0\d\d|02[AB]|97[12346])(\d{4})([01]\d)(NC|\d{2})(\d{4})$/;

export function isValidDeca(numero: string): boolean {
  return decaPattern.test(compact(numero));
}

export function checkDeca(numero: string | null | undefined, path = 'contrat.numeroContratPrecedent'): RuleIssue[] {
  if (isBlank(numero)) return [];
  return isValidDeca(numero) ? [] : [ruleError(path, 'deca.format')];
}

/** Avenants 31 to 37 must name the contract they change (DOMAIN 1.7). */
export const typesContratRequiringDeca = ['31', '32', '33', '34', '35', '36', '37'] as const;

/** A missing DECA number where an avenant needs it: a warning while filling in, an error to sign. */
export function checkDecaPresence(
  numero: string | null | undefined,
  typeContratAvenant: string | null | undefined,
  stage: SheetStage,
  path = 'contrat.numeroContratPrecedent',
): RuleIssue[] {
  if (!isBlank(numero)) return [];
  if (!typesContratRequiringDeca.some((type) => type === typeContratAvenant)) return [];
  return [stage === 'signature' ? ruleError(path, 'deca.required') : ruleWarning(path, 'deca.missing')];
}

// ---------- France Travail number ----------

export const normalizeFranceTravail = compact;

export function isValidFranceTravail(numero: string): boolean {
  return /^\d{7}[A-Z]$/.test(compact(numero));
}

/** SPEC 5: 8 characters, 7 digits then a letter. */
export function checkFranceTravail(
  numero: string | null | undefined,
  path = 'apprenti.numeroFranceTravail',
): RuleIssue[] {
  if (isBlank(numero)) return [];
  return isValidFranceTravail(numero) ? [] : [ruleError(path, 'france_travail.format')];
}

// ---------- IDCC ----------

/** Codes of the IDCC field that name no agreement (DOMAIN 1.9). */
export const idccNone = '9999';
export const idccUnderNegotiation = '9998';

/** `16` → `0016`; anything that is not 1 to 4 digits comes back trimmed, unchanged. */
export function normalizeIdcc(value: string): string {
  const trimmed = value.trim();
  return /^\d{1,4}$/.test(trimmed) ? trimmed.padStart(4, '0') : trimmed;
}

export function isValidIdcc(value: string): boolean {
  const normalized = normalizeIdcc(value);
  return /^\d{4}$/.test(normalized) && normalized !== '0000';
}

export function checkIdcc(value: string | null | undefined, path = 'employeur.codeIdcc'): RuleIssue[] {
  if (isBlank(value)) return [];
  return isValidIdcc(value) ? [] : [ruleError(path, 'idcc.format')];
}

// ---------- Classification, niveau, coefficient (professionalisation) ----------

export const classificationMaxLength = 3;

/** SPEC 5: classification, level and coefficient are boxes of 3 characters each. */
export function checkClassification(value: string | null | undefined, path = 'contrat.classification'): RuleIssue[] {
  if (isBlank(value)) return [];
  return value.trim().length <= classificationMaxLength
    ? []
    : [ruleError(path, 'classification.length', { max: classificationMaxLength })];
}

// ---------- Phone numbers ----------

/**
 * What a phone field accepts: digits and the usual separators, a leading + for the international form. Spaces are
 * read past (people type `+33 (0) 6 12 34 56 78` as it is printed), so the length counts everything else.
 */
export const phonePattern = /^\+?[0-9.()-]{6,20}$/;

/** True when the value, spaces left out, has a phone number's shape (`phonePattern`). */
export function isPhoneShaped(value: string): boolean {
  return phonePattern.test(value.replace(/\s/g, ''));
}

/** A phone number as stored: trimmed, each run of spaces one space, so it reads as it was typed. */
export function normalizePhone(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

/**
 * A French number has 10 digits written the French way (`06 12 34 56 78`) and 9 after the country code (`+33 6 12 34
 * 56 78`, `0033…`, with or without the `(0)`); the State tool refuses a shorter `+33` number (DOMAIN 1.9). Numbers
 * of other countries keep their own lengths: only the pattern applies to them. Undefined when the value is not a
 * phone number at all (the pattern's message), true or false otherwise.
 */
export function isValidPhone(value: string): boolean | undefined {
  if (!isPhoneShaped(value)) return undefined;
  const digits = value.replace(/[\s.()-]/g, '');
  const national = /^(?:\+33|0033)0?(\d*)$/.exec(digits);
  if (national) return /^[1-9]\d{8}$/.test(national[1] ?? '');
  if (digits.startsWith('+') || digits.startsWith('00')) return true;
  return /^0[1-9]\d{8}$/.test(digits);
}

export function checkPhone(value: string | null | undefined, path: string): RuleIssue[] {
  if (isBlank(value)) return [];
  const valid = isValidPhone(value);
  if (valid === undefined) return [ruleError(path, 'phone.format')];
  return valid ? [] : [ruleError(path, 'phone.french_length')];
}
