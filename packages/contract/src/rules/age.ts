import { addDaysToIsoDate, addYearsToIsoDate, ageAt, isValidIsoDate } from './dates.ts';
import { ruleAdvice, ruleError } from './issue.ts';
import type { RuleIssue } from './issue.ts';
import type { ContractKind } from './contract-dates.ts';

/** Code du travail L6222-1: apprentices are 16 to 29 at the start, 15 with a derogation, up to 35 in listed cases. */
export const minimumAge = 15;
export const apprenticeshipUsualMinimumAge = 16;
export const apprenticeshipMaximumAge = 29;
export const apprenticeshipDerogationMaximumAge = 35;
/** L6325-1: professionalisation contracts start at 16. */
export const professionalisationMinimumAge = 16;

export type AgeInput = {
  dateNaissance: string | null | undefined;
  dateDebutContrat: string | null | undefined;
  typeContrat: ContractKind;
  rqth?: boolean | null;
  sportifHautNiveau?: boolean | null;
  projetCreationReprise?: boolean | null;
  /** Code of the list `typesDerogation` (11, 12, 21, 22, 50, 60). */
  typeDerogation?: string | null;
};

const paths = { birth: 'apprenti.dateNaissance', derogation: 'contrat.typeDerogation' } as const;

/** DOMAIN 1.2: age limits at the contract start and the coherence of derogations 11 and 12. */
export function checkAge(input: AgeInput): RuleIssue[] {
  const { dateNaissance, dateDebutContrat } = input;
  if (!dateNaissance || !dateDebutContrat) return [];
  if (!isValidIsoDate(dateNaissance)) return [ruleError(paths.birth, 'date.invalid')];
  if (!isValidIsoDate(dateDebutContrat)) return [];

  const age = ageAt(dateNaissance, dateDebutContrat);
  if (age < minimumAge) return [ruleError(paths.birth, 'age.under_15', { min: minimumAge })];
  if (input.typeContrat === 'PRO') {
    return age < professionalisationMinimumAge
      ? [ruleError(paths.birth, 'age.pro_under_16', { min: professionalisationMinimumAge })]
      : [];
  }

  const issues: RuleIssue[] = [];
  const derogation = input.typeDerogation ?? '';
  // 50 is "cumul de dérogations": it stands for any combination, including the age ones.
  const hasUnder16Derogation = derogation === '11' || derogation === '50';
  const hasOver29Derogation = derogation === '12' || derogation === '50';

  if (age < apprenticeshipUsualMinimumAge && !hasUnder16Derogation) {
    issues.push(ruleError(paths.derogation, 'age.under_16_needs_derogation', { min: apprenticeshipUsualMinimumAge }));
  }
  if (derogation === '11' && age >= apprenticeshipUsualMinimumAge) {
    issues.push(ruleError(paths.derogation, 'derogation.under_16_not_applicable', { age }));
  }

  // RQTH, high-level athletes and business creation or takeover projects have no upper age limit.
  const hasNoUpperLimit =
    Boolean(input.rqth) || Boolean(input.sportifHautNiveau) || Boolean(input.projetCreationReprise);
  if (age > apprenticeshipMaximumAge && !hasNoUpperLimit) {
    if (!hasOver29Derogation) {
      issues.push(ruleError(paths.birth, 'age.over_29_needs_exception', { max: apprenticeshipMaximumAge }));
    } else if (age > apprenticeshipDerogationMaximumAge) {
      issues.push(ruleError(paths.birth, 'age.over_35_with_derogation', { max: apprenticeshipDerogationMaximumAge }));
    }
  }
  if (derogation === '12' && age <= apprenticeshipMaximumAge) {
    issues.push(ruleError(paths.derogation, 'derogation.over_29_not_applicable', { age }));
  }
  return issues;
}

// ---------- The maîtres d'apprentissage, the legal representative, the nationality (FILING's list, DOMAIN 1.2) ----------

/** A maître d'apprentissage is of age on the contract's first day (DOMAIN 1.2, maitres.control). */
export const maitreMinimumAge = 18;
export const ageOfMajority = 18;

export type MaitreAgeInput = {
  /** The maîtres' blocks (`maitre1`, `maitre2`) and their birth dates. */
  maitres: readonly { block: string; dateNaissance: string | null | undefined }[];
  dateDebutContrat: string | null | undefined;
};

/** Each maître d'apprentissage is 18 or older when the contract starts. A birth date in the future is the schema's. */
export function checkMaitresAge(input: MaitreAgeInput): RuleIssue[] {
  const start = isValidIsoDate(input.dateDebutContrat) ? input.dateDebutContrat : undefined;
  if (!start) return [];
  const issues: RuleIssue[] = [];
  for (const maitre of input.maitres) {
    if (!isValidIsoDate(maitre.dateNaissance) || maitre.dateNaissance > start) continue;
    if (ageAt(maitre.dateNaissance, start) < maitreMinimumAge)
      issues.push(ruleError(`${maitre.block}.dateNaissance`, 'maitre.under_18', { min: maitreMinimumAge }));
  }
  return issues;
}

/**
 * The day on which the apprentice's age decides whether a legal representative signs: the conclusion date, when the
 * sheets give one that is still to come, else today, since the signatures are collected from now on (the State tool
 * judges at the conclusion date; the contract start would let a 17-year-old sign alone).
 */
export function signingAgeDate(dateConclusion: string | null | undefined, today: string): string {
  return isValidIsoDate(dateConclusion) && dateConclusion > today ? dateConclusion : today;
}

/** A minor on the day the contract is signed (see `signingAgeDate`). False without a valid birth date. */
export function isMinorWhenSigning(
  dateNaissance: unknown,
  dateConclusion: string | null | undefined,
  today: string,
): boolean {
  return isValidIsoDate(dateNaissance) && ageAt(dateNaissance, signingAgeDate(dateConclusion, today)) < ageOfMajority;
}

/** The 18th birthday, as `ageAt` counts it: someone born on 29 February comes of age on 1 March in a common year. */
export function majorityDate(dateNaissance: string): string {
  const birthday = addYearsToIsoDate(dateNaissance, ageOfMajority);
  return ageAt(dateNaissance, birthday) < ageOfMajority ? addDaysToIsoDate(birthday, 1) : birthday;
}

export type NationalityInput = {
  /** 1 French, 2 European Union, 3 outside the European Union. */
  nationalite: string | null | undefined;
  dateNaissance: string | null | undefined;
  dateDebutContrat: string | null | undefined;
  dateFinContrat: string | null | undefined;
};

/**
 * Information for an apprentice from outside the European Union (DOMAIN 1.2): where the residence permit and work
 * authorisation are applied for, and, for a minor who comes of age during the contract, that the permit is to be
 * asked for by then.
 */
export function checkNationality(input: NationalityInput): RuleIssue[] {
  if (input.nationalite !== '3') return [];
  const path = 'apprenti.nationalite';
  const issues: RuleIssue[] = [ruleAdvice(path, 'nationality.work_authorisation')];
  const { dateNaissance: birth, dateDebutContrat: start, dateFinContrat: end } = input;
  if (isValidIsoDate(birth) && isValidIsoDate(start) && isValidIsoDate(end)) {
    const majority = majorityDate(birth);
    if (start < majority && majority <= end)
      issues.push(ruleAdvice(path, 'nationality.majority_during_contract', { date: majority }));
  }
  return issues;
}
