import type { z } from 'zod';
import type { FormRule } from './rules.ts';

/** The checks `withRule` added, to the rule they run: forms/describe.ts reads them to write the format table. */
export const ruleOfCheck = new WeakMap<object, FormRule>();

const isObjectPayload = (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null;

/**
 * `schema.superRefine(rule)`, remembered as that rule: the schema and the browser's format table (forms/formats.ts)
 * run the same function.
 */
export function withRule<S extends z.ZodType>(schema: S, rule: FormRule): S {
  const refined = schema.superRefine(
    rule.check as unknown as (value: unknown, context: z.RefinementCtx) => void,
    rule.evenAfterIssues ? { when: isObjectPayload } : undefined,
  );
  const check = refined._zod.def.checks?.at(-1);
  if (check) ruleOfCheck.set(check, rule);
  return refined;
}
