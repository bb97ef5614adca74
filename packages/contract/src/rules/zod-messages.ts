import type { z } from 'zod';
import {
  formatValidationText,
  isValidationTextCode,
  type TextLanguage,
  type ValidationTextCode,
} from './validation-texts.ts';

/**
 * zod's own checks (too short, not an e-mail, not in the list) in words a person reads, in their language: what to
 * type, never the check, the type name or the pattern. Schemas that use a pattern give it a rule code of their own
 * (`phone.format`); the fallback here only says the form is wrong. One map for the web forms (per-parse `error`)
 * and for the API's validation errors (from the finalized issue, see `localizeIssue`).
 */

/** The fields of a raw or finalized zod issue this map reads. `input` is there while parsing, not afterwards. */
export interface IssueLike {
  code: string;
  message?: string;
  input?: unknown;
  expected?: string;
  received?: string;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  divisor?: number | bigint;
  params?: Record<string, unknown>;
}

export const messageLanguage = (language: string | undefined): TextLanguage =>
  language?.toLowerCase().startsWith('en') ? 'en-US' : 'fr-FR';

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** Bounds of a date check are timestamps; the rule messages show ISO dates as dd/mm/yyyy. */
function isoDay(bound: number | bigint | undefined): string {
  return new Date(Number(bound ?? 0)).toISOString().slice(0, 10);
}

function codeOf(issue: IssueLike): { code: ValidationTextCode; params?: Record<string, string | number> } {
  // Whatever check an empty value fails (an empty date input is '', not a date), the person left the field empty.
  if ('input' in issue && isEmpty(issue.input) && issue.code !== 'unrecognized_keys') return { code: 'field.required' };
  switch (issue.code) {
    case 'invalid_type': {
      if (('input' in issue && isEmpty(issue.input)) || (!('input' in issue) && issue.received === undefined))
        return { code: 'field.required' };
      if (issue.expected === 'int') return { code: 'number.whole' };
      if (issue.expected === 'number' || issue.expected === 'bigint') return { code: 'number.invalid' };
      if (issue.expected === 'date') return { code: 'date.format' };
      if (issue.expected === 'boolean') return { code: 'choice.answer' };
      return { code: 'value.invalid' };
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? { code: 'field.required' } : { code: 'text.too_short', params: { min } };
      if (issue.origin === 'date') return { code: 'date.too_early', params: { date: isoDay(issue.minimum) } };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'list.too_short', params: { min } };
      return { code: issue.inclusive === false ? 'number.too_small_exclusive' : 'number.too_small', params: { min } };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return { code: 'text.too_long', params: { max } };
      if (issue.origin === 'date') return { code: 'date.too_late', params: { date: isoDay(issue.maximum) } };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'list.too_long', params: { max } };
      return { code: issue.inclusive === false ? 'number.too_big_exclusive' : 'number.too_big', params: { max } };
    }
    case 'invalid_format':
      if (issue.format === 'email') return { code: 'email.format' };
      if (issue.format === 'url') return { code: 'url.format' };
      if (issue.format === 'date' || issue.format === 'datetime') return { code: 'date.format' };
      return { code: 'value.format' };
    case 'invalid_value':
      return { code: 'choice.invalid' };
    case 'unrecognized_keys':
      return { code: 'form.unexpected_field' };
    default:
      return { code: 'value.invalid' };
  }
}

/**
 * A message as shown: a validation code (`phone.format`, `field.required`) put into words; a text from
 * `zodErrorMap` as it is. The rules' own codes (`nir.key`) need the full catalogue (`formatRuleMessage`), which the
 * sheets load; simple forms never meet them.
 */
export function displayMessage(message: string, language: TextLanguage, params?: Record<string, unknown>): string {
  return formatValidationText(message, language, params as Record<string, string | number> | undefined);
}

/**
 * The text of one zod issue in `language`, from its code and bounds (zod's own message is ignored): its validation code
 * put into words, or zod's check described. For issues parsed without `zodErrorMap` (the API's request validation);
 * once parsing is over the input is gone, so a wrong type reads as a missing value.
 */
export function localizeIssue(issue: IssueLike, language: TextLanguage): string {
  if (issue.message && isValidationTextCode(issue.message))
    return displayMessage(issue.message, language, issue.params);
  const { code, params } = codeOf(issue);
  return formatValidationText(code, language, params);
}

/**
 * The error map for a parse (`schema.safeParse(value, { error: zodErrorMap('en-US') })`). Messages a schema gives
 * itself (rule codes) win over it, as zod wants: they are put into words where they are shown (`displayMessage`).
 */
export function zodErrorMap(language: TextLanguage): z.core.$ZodErrorMap {
  return (issue) => localizeIssue(issue, language);
}
