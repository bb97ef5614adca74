import { z } from 'zod';
import { isPhoneShaped, normalizeDeca, normalizeFranceTravail, normalizeIdcc, normalizeNir, normalizePhone, normalizeSiret } from './identifiers.ts';
import type { RuleIssue } from './issue.ts';
import { classificationRule, decaRule, franceTravailRule, idccRule, nirRule, phoneRule, siretRule } from './refinements.ts';

/**
 * Zod fields for identifiers, for request bodies and forms. Values are normalised (separators
 * dropped, upper case, IDCC padded) and only blocking issues fail; the message is the rule code,
 * which the web app translates with `formatRuleMessage`.
 */
function identifierField(
  normalize: (value: string) => string,
  rule: (value: string, context: z.RefinementCtx) => void,
) {
  return z.string().overwrite(normalize).superRefine(rule);
}

/** Required fields; for an optional one, use `nirField.optional()` or `.nullable()`. */
export const nirField = identifierField(normalizeNir, nirRule);
export const siretField = identifierField(normalizeSiret, siretRule);
export const decaField = identifierField(normalizeDeca, decaRule);
export const franceTravailField = identifierField(normalizeFranceTravail, franceTravailRule);
export const idccField = identifierField(normalizeIdcc, idccRule);
export const classificationField = identifierField((value) => value.trim(), classificationRule);

/** A phone number: spaces read past, stored as typed (one space per run) so that it prints as people write it. */
export const phoneField = z.string().overwrite(normalizePhone).superRefine(phoneRule);
/** A phone number of any country: only its shape (`phone.format`), spaces read past. */
export const phoneShapeField = z.string().overwrite(normalizePhone).refine(isPhoneShaped, 'phone.format');

/**
 * The most characters an input for an identifier of `length` characters takes as people type it (`2 04 03 75 056
 * 123 95`, `732 829 320 00074`, `+33 (0)6 12 34 56 78`): a separator between any two of them. The schema, not the
 * input, says when the value is too long; an input's maxLength never cuts a number typed with its spaces.
 */
export function typedMaxLength(length: number): number {
  return length * 2;
}

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

/**
 * The values of the blocking issues' messages (`{date}`), by path then code, to go with `ruleIssuesToErrors`'s map:
 * the error body's `params`. Undefined when no blocking message has any.
 */
export function ruleIssuesToParams(
  issues: readonly RuleIssue[],
): Record<string, Record<string, Record<string, string | number>>> | undefined {
  const params: Record<string, Record<string, Record<string, string | number>>> = {};
  for (const issue of issues) {
    if (issue.severity !== 'error' || !issue.params) continue;
    (params[issue.path] ??= {})[issue.code] = issue.params;
  }
  return Object.keys(params).length > 0 ? params : undefined;
}
