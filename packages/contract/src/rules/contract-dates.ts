import { addDaysToIsoDate, addMonthsToIsoDate, isValidIsoDate, monthsBetween } from './dates.ts';
import { ruleAdvice, ruleError, ruleWarning } from './issue.ts';
import type { RuleIssue } from './issue.ts';

export type ContractKind = 'APP' | 'PRO';

/** SPEC 5 and 9. The short-contract threshold is a setting; this is its default. */
export const defaultShortContractMonths = 6;
export const apprenticeshipStartWindowMonths = 3;
/** SPEC's 2 months wins over the CERFA tool's 3 (DOMAIN 1.1 rule 10). */
export const apprenticeshipEndAfterTrainingMonths = 2;
export const longContractMonths = 36;
export const advisedContractMonths = 12;

export type FormationDates = {
  trainingStart?: string | null;
  trainingEnd?: string | null;
  /** Professionalisation: the contract must start strictly after this date (held per formation). */
  proStartAfter?: string | null;
  /** Professionalisation: the contract must end strictly before this date (held per formation). */
  proEndBefore?: string | null;
};

export type ContractDatesInput = {
  typeContrat: ContractKind;
  dateDebutContrat: string | null | undefined;
  dateFinContrat: string | null | undefined;
  formation: FormationDates;
  rqth?: boolean | null;
  sportifHautNiveau?: boolean | null;
  shortContractMonths?: number;
};

const paths = {
  start: 'contrat.dateDebutContrat',
  end: 'contrat.dateFinContrat',
  trainingStart: 'formation.dateDebutFormation',
  trainingEnd: 'formation.dateFinFormation',
} as const;

/**
 * A contract's end date is its last day, so its length runs to the day after: 2024-09-01 to
 * 2025-08-31 is exactly 12 months.
 */
export function contractDurationMonths(dateDebutContrat: string, dateFinContrat: string): number {
  return monthsBetween(dateDebutContrat, addDaysToIsoDate(dateFinContrat, 1));
}

/** Checks a field's date when one is given; undefined means "absent or invalid, skip its rules". */
function readDate(value: string | null | undefined, path: string, issues: RuleIssue[]): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (isValidIsoDate(value)) return value;
  issues.push(ruleError(path, 'date.invalid'));
  return undefined;
}

export function checkContractDates(input: ContractDatesInput): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const start = readDate(input.dateDebutContrat, paths.start, issues);
  const end = readDate(input.dateFinContrat, paths.end, issues);
  const trainingStart = readDate(input.formation.trainingStart, paths.trainingStart, issues);
  const trainingEnd = readDate(input.formation.trainingEnd, paths.trainingEnd, issues);

  if (start && end && end <= start) {
    issues.push(ruleError(paths.end, 'contract.end_before_start'));
    return issues;
  }

  if (input.typeContrat === 'APP') {
    issues.push(...checkApprenticeshipWindow(start, end, trainingStart, trainingEnd));
  } else {
    const after = isValidIsoDate(input.formation.proStartAfter) ? input.formation.proStartAfter : undefined;
    const before = isValidIsoDate(input.formation.proEndBefore) ? input.formation.proEndBefore : undefined;
    if (start && after && start <= after)
      issues.push(ruleError(paths.start, 'contract.pro_start_too_early', { date: after }));
    if (end && before && end >= before)
      issues.push(ruleError(paths.end, 'contract.pro_end_too_late', { date: before }));
  }

  if (start && end) issues.push(...checkDuration(start, end, input));
  return issues;
}

function checkApprenticeshipWindow(
  start: string | undefined,
  end: string | undefined,
  trainingStart: string | undefined,
  trainingEnd: string | undefined,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (start && trainingStart) {
    const earliest = addMonthsToIsoDate(trainingStart, -apprenticeshipStartWindowMonths);
    const latest = addMonthsToIsoDate(trainingStart, apprenticeshipStartWindowMonths);
    if (start < earliest)
      issues.push(
        ruleError(paths.start, 'contract.start_before_training_window', {
          date: earliest,
          months: apprenticeshipStartWindowMonths,
        }),
      );
    if (start > latest)
      issues.push(
        ruleError(paths.start, 'contract.start_after_training_window', {
          date: latest,
          months: apprenticeshipStartWindowMonths,
        }),
      );
  }
  if (end && trainingEnd) {
    const latest = addMonthsToIsoDate(trainingEnd, apprenticeshipEndAfterTrainingMonths);
    if (end < trainingEnd) issues.push(ruleError(paths.end, 'contract.end_before_training_end', { date: trainingEnd }));
    if (end > latest)
      issues.push(
        ruleError(paths.end, 'contract.end_after_training_window', {
          date: latest,
          months: apprenticeshipEndAfterTrainingMonths,
        }),
      );
  }
  return issues;
}

function checkDuration(start: string, end: string, input: ContractDatesInput): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const dayAfterEnd = addDaysToIsoDate(end, 1);
  const shortMonths = input.shortContractMonths ?? defaultShortContractMonths;
  const months = contractDurationMonths(start, end);

  // Funding is prorated below the threshold (SPEC 5).
  if (dayAfterEnd < addMonthsToIsoDate(start, shortMonths)) {
    issues.push(ruleWarning(paths.end, 'contract.shorter_than_threshold', { months: shortMonths }));
  }
  const isExempt = Boolean(input.rqth) || Boolean(input.sportifHautNiveau);
  if (!isExempt && dayAfterEnd > addMonthsToIsoDate(start, longContractMonths)) {
    issues.push(ruleWarning(paths.end, 'contract.longer_than_36_months', { months: longContractMonths }));
  }
  if (dayAfterEnd !== addMonthsToIsoDate(start, advisedContractMonths)) {
    issues.push(
      ruleAdvice(paths.end, 'contract.advise_12_months', { months: advisedContractMonths, duration: months }),
    );
  }
  return issues;
}

// ---------- The conclusion date, the contract's end and the training's share (FILING's list, DOMAIN 1.1) ----------

export type ConclusionInput = {
  /** The day both parties sign (date de conclusion). */
  dateConclusion: string | null | undefined;
  dateDebutContrat: string | null | undefined;
  /** The training's dates, held by the formation. */
  trainingStart?: string | null;
  trainingEnd?: string | null;
  /** Code of the list `situationsAvantContrat`: 7 and 8 are trainees already following the training at the CFA. */
  situationAvantContrat?: string | null;
};

const conclusionPath = 'contrat.dateConclusion';

/**
 * Situations of a person who follows the training at the CFA before the contract is signed, as a trainee: before a
 * first contract (L6222-12-1, up to 3 months) or after a broken one (L6231-2 5°).
 */
export const traineeBeforeContractSituations: readonly string[] = ['7', '8'];

/**
 * A contract is concluded (signed) on or before its first day, and before its training ends (DOMAIN 1.1 rules 1 and 7).
 * The practical training at the employer starts on the contract's first day in this product (the CERFA prints the
 * contract start there), so the State tool's rule 5 on that date holds once the conclusion is on or before the start.
 * A training that started before the conclusion is lawful for a trainee already at the CFA: a warning otherwise.
 */
export function checkConclusionDate(input: ConclusionInput): RuleIssue[] {
  const conclusion = isValidIsoDate(input.dateConclusion) ? input.dateConclusion : undefined;
  if (!conclusion) return [];
  const issues: RuleIssue[] = [];
  const start = isValidIsoDate(input.dateDebutContrat) ? input.dateDebutContrat : undefined;
  const trainingStart = isValidIsoDate(input.trainingStart) ? input.trainingStart : undefined;
  const trainingEnd = isValidIsoDate(input.trainingEnd) ? input.trainingEnd : undefined;
  if (start && conclusion > start)
    issues.push(ruleError(conclusionPath, 'contract.conclusion_after_start', { date: start }));
  if (trainingEnd && conclusion > trainingEnd)
    issues.push(ruleError(conclusionPath, 'contract.conclusion_after_training_end', { date: trainingEnd }));
  else if (
    issues.length === 0 &&
    trainingStart &&
    conclusion > trainingStart &&
    !traineeBeforeContractSituations.includes(input.situationAvantContrat ?? '')
  )
    issues.push(ruleWarning(conclusionPath, 'contract.conclusion_after_training_start', { date: trainingStart }));
  return issues;
}

/** A contract whose last day has passed cannot be prepared or filed any more (DOMAIN 1.1 rule 2). */
export function checkContractNotEnded(dateFinContrat: string | null | undefined, today: string): RuleIssue[] {
  if (!isValidIsoDate(dateFinContrat) || dateFinContrat >= today) return [];
  return [ruleError(paths.end, 'contract.end_in_past', { date: dateFinContrat })];
}

/** The legal yearly working time (35 h a week), on which the training's share is counted (DOMAIN 1.1 rule 11). */
export const legalYearlyWorkingHours = 1607;
/** L6211-2: the training at the CFA is at least a quarter of the contract's length. */
export const minimumTrainingShare = 0.25;

export type TrainingShareInput = {
  typeContrat: ContractKind;
  dateDebutContrat: string | null | undefined;
  dateFinContrat: string | null | undefined;
  /** The training's hours at the CFA over the contract, held by the formation. */
  heuresFormation: number | null | undefined;
};

/** The contract's working hours counted on 1 607 h a year, its last day included. */
export function contractWorkingHours(dateDebutContrat: string, dateFinContrat: string): number {
  const start = Date.parse(`${dateDebutContrat}T00:00:00Z`);
  const dayAfterEnd = Date.parse(`${addDaysToIsoDate(dateFinContrat, 1)}T00:00:00Z`);
  const days = Math.round((dayAfterEnd - start) / 86_400_000);
  return Math.round((legalYearlyWorkingHours * days) / 365);
}

/**
 * The apprenticeship's training at the CFA should be at least 25 % of the contract's working time, counted on 1 607 h a
 * year (L6211-2): information for the employer and the CFA, which the State tool shows too, never a refusal.
 */
export function checkTrainingShare(input: TrainingShareInput): RuleIssue[] {
  const { dateDebutContrat: start, dateFinContrat: end, heuresFormation: hours } = input;
  if (input.typeContrat !== 'APP' || typeof hours !== 'number' || hours <= 0) return [];
  if (!isValidIsoDate(start) || !isValidIsoDate(end) || end <= start) return [];
  const working = contractWorkingHours(start, end);
  const minimum = Math.ceil(working * minimumTrainingShare);
  if (hours >= minimum) return [];
  return [ruleWarning(paths.end, 'contract.training_share_low', { hours, minimum, working })];
}
