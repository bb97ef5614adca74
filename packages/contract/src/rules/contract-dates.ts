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
