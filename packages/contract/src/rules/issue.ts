import type { RuleCode } from './messages.ts';

export type RuleSeverity = 'error' | 'warning' | 'advice';

/**
 * One finding of a rule. `path` is the dotted path in the CERFA data model (`apprenti.nir`,
 * `contrat.dateFinContrat`); `code` is a stable key of `ruleMessages`, translated by the web app.
 */
export type RuleIssue = {
  path: string;
  code: RuleCode;
  severity: RuleSeverity;
  params?: Record<string, string | number>;
};

export function ruleError(path: string, code: RuleCode, params?: RuleIssue['params']): RuleIssue {
  return params ? { path, code, severity: 'error', params } : { path, code, severity: 'error' };
}

export function ruleWarning(path: string, code: RuleCode, params?: RuleIssue['params']): RuleIssue {
  return params ? { path, code, severity: 'warning', params } : { path, code, severity: 'warning' };
}

export function ruleAdvice(path: string, code: RuleCode, params?: RuleIssue['params']): RuleIssue {
  return params ? { path, code, severity: 'advice', params } : { path, code, severity: 'advice' };
}

/** True when no issue blocks: warnings and advice let the user go on. */
export function hasNoBlockingIssue(issues: readonly RuleIssue[]): boolean {
  return issues.every((issue) => issue.severity !== 'error');
}
