import { isValidIsoDate, monthsBetween, addDaysToIsoDate } from './dates.ts';
import { ruleError } from './issue.ts';
import type { RuleIssue } from './issue.ts';
import type { ContractKind } from './contract-dates.ts';

/**
 * The formation's own rules as the State tool holds them for an apprenticeship (DOMAIN 1.1 rule 8, FILING's checks 8
 * and 22): its training lasts 6 months to 4 years and at most 9 999 hours; the certification it prepares is registered
 * in the RNCP on the contract's first day; the contract is of a type the formation is open to.
 */
export const trainingMinMonths = 6;
export const trainingMaxMonths = 48;
export const trainingMaxHours = 9999;

/** Whole months from the training's first day to its last, the last day included. */
export function trainingDurationMonths(trainingStart: string, trainingEnd: string): number {
  return monthsBetween(trainingStart, addDaysToIsoDate(trainingEnd, 1));
}

/** `short` under 6 months, `long` over 48, undefined within (or when a date is missing or reversed). */
export function trainingDurationOutOfBounds(
  trainingStart: string | null | undefined,
  trainingEnd: string | null | undefined,
): 'short' | 'long' | undefined {
  if (!isValidIsoDate(trainingStart) || !isValidIsoDate(trainingEnd) || trainingEnd <= trainingStart) return undefined;
  const months = trainingDurationMonths(trainingStart, trainingEnd);
  if (months < trainingMinMonths) return 'short';
  return months > trainingMaxMonths ? 'long' : undefined;
}

export type FormationRulesInput = {
  /** The contract types the formation is open to (staff's statement, from the RNCP's access routes). */
  contractTypes: readonly ContractKind[];
  dateDebutFormation: string;
  dateFinFormation: string;
  heures: number | null;
  rncp: string | null;
  /** The last day the certification is registered in the RNCP (date d'échéance de l'enregistrement); null: unknown. */
  rncpEndDate?: string | null | undefined;
};

export type FormationContractInput = {
  typeContrat: ContractKind | null | undefined;
  dateDebutContrat: string | null | undefined;
};

/** Findings on the formation a contract is prepared for: staff's to fix, in the back office's formation form. */
export function checkFormationForContract(
  formation: FormationRulesInput,
  contract: FormationContractInput,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const apprenticeship =
    contract.typeContrat === 'APP' || (!contract.typeContrat && formation.contractTypes.includes('APP'));
  if (apprenticeship) {
    const bounds = trainingDurationOutOfBounds(formation.dateDebutFormation, formation.dateFinFormation);
    if (bounds === 'short')
      issues.push(
        ruleError('formation.dateFinFormation', 'formation.training_too_short', { months: trainingMinMonths }),
      );
    if (bounds === 'long')
      issues.push(
        ruleError('formation.dateFinFormation', 'formation.training_too_long', { months: trainingMaxMonths }),
      );
    if (formation.heures !== null && formation.heures > trainingMaxHours)
      issues.push(ruleError('formation.heures', 'formation.too_many_hours', { max: trainingMaxHours }));
  }
  const start = contract.dateDebutContrat;
  if (formation.rncp && isValidIsoDate(formation.rncpEndDate) && isValidIsoDate(start) && start > formation.rncpEndDate)
    issues.push(
      ruleError('formation.rncp', 'formation.rncp_inactive', { rncp: formation.rncp, date: formation.rncpEndDate }),
    );
  return issues;
}

/**
 * The contract is of a type its formation is open to (`SheetFormation.contractTypes`: the formation's types, or the
 * one the applicant's admission decided). On the contract's type, where the person can change it.
 */
export function checkContractTypeOffered(
  typeContrat: string | null | undefined,
  contractTypes: readonly ContractKind[],
  path = 'contrat.typeContrat',
): RuleIssue[] {
  if ((typeContrat !== 'APP' && typeContrat !== 'PRO') || contractTypes.length === 0) return [];
  if (contractTypes.includes(typeContrat)) return [];
  return [
    ruleError(
      path,
      typeContrat === 'APP' ? 'contract.type_professionalisation_only' : 'contract.type_apprenticeship_only',
    ),
  ];
}
