import { normalizeIdcc } from './identifiers.ts';
import { ruleError } from './issue.ts';
import type { RuleIssue } from './issue.ts';

export type OpcoRulesInput = {
  /** Code of the list `opcos` or the OPCO's name as typed. */
  opcoName: string | null | undefined;
  isSchoolResponsibleCerfa: boolean | null | undefined;
  isSchoolResponsibleCerfaOpco: boolean | null | undefined;
  isSchoolResponsibleSubrogation: boolean | null | undefined;
};

function simplify(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** OPCO Santé, by its code in `opcos` or its name however it was typed. */
export function isHealthOpco(opcoName: string | null | undefined): boolean {
  if (!opcoName) return false;
  const simplified = simplify(opcoName);
  return simplified === 'opco sante' || simplified === 'sante';
}

/** SPEC 5, sheet rules: OPCO Santé takes no subrogation; the school files with the OPCO only a CERFA it prepares. */
export function checkOpcoRules(input: OpcoRulesInput): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (input.isSchoolResponsibleSubrogation && isHealthOpco(input.opcoName)) {
    issues.push(ruleError('isSchoolResponsibleSubrogation', 'opco.no_subrogation_health'));
  }
  if (input.isSchoolResponsibleCerfaOpco && !input.isSchoolResponsibleCerfa) {
    issues.push(ruleError('isSchoolResponsibleCerfaOpco', 'opco.filing_requires_school_cerfa'));
  }
  return issues;
}

/**
 * SPEC 5: once the information sheet holds an IDCC, changing it is blocked; the company-relations
 * service makes the change. Setting it the first time is allowed, and `16` equals `0016`.
 */
export function checkIdccChange(
  before: string | null | undefined,
  after: string | null | undefined,
  path = 'employeur.codeIdcc',
): RuleIssue[] {
  const previous = before?.trim() ? normalizeIdcc(before) : '';
  if (!previous) return [];
  const next = after?.trim() ? normalizeIdcc(after) : '';
  return next === previous ? [] : [ruleError(path, 'idcc.change_blocked')];
}
