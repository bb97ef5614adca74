import { z } from 'zod';
import {
  checkClassification,
  checkDeca,
  checkFranceTravail,
  checkIdcc,
  checkNir,
  checkSiret,
  normalizeDeca,
  normalizeFranceTravail,
  normalizeIdcc,
  normalizeNir,
  normalizeSiret,
} from './identifiers.ts';
import { ruleError } from './issue.ts';
import type { RuleIssue } from './issue.ts';

/**
 * Zod fields for identifiers, for request bodies and forms. Values are normalised (separators
 * dropped, upper case, IDCC padded) and only blocking issues fail; the message is the rule code,
 * which the web app translates with `formatRuleMessage`.
 */
function identifierField(normalize: (value: string) => string, check: (value: string) => RuleIssue[]) {
  return z
    .string()
    .overwrite(normalize)
    .superRefine((value, context) => {
      const issues = value === '' ? [ruleError('', 'field.required')] : check(value);
      for (const issue of issues) {
        if (issue.severity === 'error')
          context.addIssue({ code: 'custom', message: issue.code, params: issue.params ?? {} });
      }
    });
}

/** Required fields; for an optional one, use `nirField.optional()` or `.nullable()`. */
export const nirField = identifierField(normalizeNir, (value) => checkNir(value));
export const siretField = identifierField(normalizeSiret, (value) => checkSiret(value));
export const decaField = identifierField(normalizeDeca, (value) => checkDeca(value));
export const franceTravailField = identifierField(normalizeFranceTravail, (value) => checkFranceTravail(value));
export const idccField = identifierField(normalizeIdcc, (value) => checkIdcc(value));
export const classificationField = identifierField(
  (value) => value.trim(),
  (value) => checkClassification(value),
);

/**
 * The blocking issues as the API's `errors` map (path → messages), ready for
 * `AppError('VALIDATION_FAILED', …, errors)`. Messages are rule codes; undefined when nothing blocks.
 */
export function ruleIssuesToErrors(issues: readonly RuleIssue[]): Record<string, string[]> | undefined {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    if (issue.severity !== 'error') continue;
    (errors[issue.path] ??= []).push(issue.code);
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}
