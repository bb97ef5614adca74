import { ageAt, isValidIsoDate } from './dates.ts';
import { ruleError } from './issue.ts';
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
