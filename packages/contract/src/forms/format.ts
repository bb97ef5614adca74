import { localizeIssue, type IssueLike } from '../rules/zod-messages.ts';
import type { TextLanguage } from '../rules/validation-texts.ts';
import {
  normalizers,
  transforms,
  type FormRule,
  type NormalizerName,
  type RuleContext,
  type TransformName,
} from './rules.ts';
import { isUrl, stripTabAndNewline } from './url.ts';

/**
 * The browser's validation without zod (docs/decisions/0028-client-validation-without-zod.md): a format table
 * generated from the contract's zod schemas (forms/formats.ts, by forms/generate.ts) and this small interpreter of it,
 * which parses a value as zod 4 does (same normalised output, same issues in the same order, messages in the same
 * words). The API keeps validating with the schemas themselves; forms/format.test.ts holds the two in agreement.
 */

export type Check =
  | { kind: 'min_length' | 'max_length'; value: number; message?: string }
  | { kind: 'pattern'; format: string; pattern: RegExp; message?: string }
  | { kind: 'url'; protocol?: RegExp; hostname?: RegExp; message?: string }
  | { kind: 'overwrite'; fn: 'upper' | 'lower' | NormalizerName }
  | { kind: 'min' | 'max'; value: number; inclusive: boolean; message?: string }
  | { kind: 'int'; message?: string }
  | { kind: 'rule'; rule: FormRule };

export type Format = { message?: string } & (
  | { type: 'string'; coerce?: boolean; checks?: Check[] }
  | { type: 'number'; coerce?: boolean; checks?: Check[] }
  | { type: 'boolean' }
  /** `z.enum` and `z.literal`. */
  | { type: 'enum'; values: readonly unknown[] }
  | { type: 'object'; shape: Record<string, Format>; strict?: boolean; checks?: Check[] }
  | { type: 'array'; of: Format; checks?: Check[] }
  | { type: 'optional'; of: Format }
  | { type: 'nullable'; of: Format }
  | { type: 'default'; of: Format; value: unknown }
  | { type: 'transform'; fn: TransformName }
  | { type: 'pipe'; in: Format; out: Format }
  | { type: 'union'; of: Format[] }
);

export interface FormatIssue extends IssueLike {
  path: (string | number)[];
  /** zod's flag: the parse of this value went on after the issue (a check), or stopped (a wrong type). */
  continue?: boolean;
  keys?: string[];
}

interface Payload {
  value: unknown;
  issues: FormatIssue[];
  aborted?: boolean;
}

type OptIn = 'optional' | 'defaulted' | undefined;

function optin(format: Format): OptIn {
  switch (format.type) {
    case 'optional':
      return optin(format.of) === 'defaulted' ? 'defaulted' : 'optional';
    case 'default':
      return 'defaulted';
    case 'transform':
      return 'optional';
    case 'nullable':
      return optin(format.of);
    case 'pipe':
      return optin(format.in);
    case 'union': {
      const ins = format.of.map(optin);
      return ins.includes('defaulted')
        ? 'defaulted'
        : ins.some((value) => value !== undefined)
          ? 'optional'
          : undefined;
    }
    default:
      return undefined;
  }
}

function optout(format: Format): 'optional' | undefined {
  switch (format.type) {
    case 'optional':
      return 'optional';
    case 'nullable':
      return optout(format.of);
    case 'pipe':
      return optout(format.out);
    case 'union':
      return format.of.some((option) => optout(option) === 'optional') ? 'optional' : undefined;
    default:
      return undefined;
  }
}

const aborted = (payload: Payload, from = 0) =>
  payload.aborted === true || payload.issues.slice(from).some((issue) => issue.continue !== true);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const hasLength = (value: unknown) =>
  value !== null && value !== undefined && (value as { length?: unknown }).length !== undefined;
const lengthOrigin = (value: unknown) =>
  typeof value === 'string' ? 'string' : Array.isArray(value) ? 'array' : 'unknown';
const explicitlyAborted = (payload: Payload) => payload.issues.some((found) => found.continue === false);

function issue(payload: Payload, fields: Omit<FormatIssue, 'path' | 'input'>, message?: string) {
  payload.issues.push({ ...fields, input: payload.value, path: [], ...(message === undefined ? {} : { message }) });
}

function runCheck(check: Check, payload: Payload): void {
  const value = payload.value;
  switch (check.kind) {
    case 'min_length': {
      const length = (value as { length: number }).length;
      if (length < check.value)
        issue(
          payload,
          { code: 'too_small', origin: lengthOrigin(value), minimum: check.value, inclusive: true, continue: true },
          check.message,
        );
      return;
    }
    case 'max_length': {
      const length = (value as { length: number }).length;
      if (length > check.value)
        issue(
          payload,
          { code: 'too_big', origin: lengthOrigin(value), maximum: check.value, inclusive: true, continue: true },
          check.message,
        );
      return;
    }
    case 'pattern':
      check.pattern.lastIndex = 0;
      if (!check.pattern.test(value as string))
        issue(payload, { code: 'invalid_format', format: check.format, continue: true }, check.message);
      return;
    case 'url': {
      const trimmed = (value as string).trim();
      if (isUrl(trimmed, check)) payload.value = stripTabAndNewline(trimmed);
      else issue(payload, { code: 'invalid_format', format: 'url', continue: true }, check.message);
      return;
    }
    case 'overwrite': {
      const text = value as string;
      payload.value =
        check.fn === 'upper'
          ? text.toUpperCase()
          : check.fn === 'lower'
            ? text.toLowerCase()
            : normalizers[check.fn](text);
      return;
    }
    case 'min': {
      const number = value as number;
      if (check.inclusive ? number < check.value : number <= check.value)
        issue(
          payload,
          { code: 'too_small', origin: 'number', minimum: check.value, inclusive: check.inclusive, continue: true },
          check.message,
        );
      return;
    }
    case 'max': {
      const number = value as number;
      if (check.inclusive ? number > check.value : number >= check.value)
        issue(
          payload,
          { code: 'too_big', origin: 'number', maximum: check.value, inclusive: check.inclusive, continue: true },
          check.message,
        );
      return;
    }
    case 'int': {
      const number = value as number;
      if (!Number.isInteger(number))
        issue(payload, { code: 'invalid_type', expected: 'int', continue: false }, check.message);
      else if (!Number.isSafeInteger(number))
        issue(
          payload,
          number > 0
            ? { code: 'too_big', origin: 'int', maximum: Number.MAX_SAFE_INTEGER, continue: true }
            : { code: 'too_small', origin: 'int', minimum: Number.MIN_SAFE_INTEGER, continue: true },
          check.message,
        );
      return;
    }
    case 'rule': {
      const context: RuleContext = {
        addIssue: (found) =>
          void payload.issues.push({ input: payload.value, ...found, path: found.path ?? [], continue: true }),
      };
      (check.rule.check as unknown as (value: unknown, context: RuleContext) => void)(payload.value, context);
      return;
    }
  }
}

/** zod's order: length checks run on any value with a length, a rule allowed to run after issues on an object. */
function runChecks(checks: readonly Check[] | undefined, payload: Payload): Payload {
  if (!checks) return payload;
  let isAborted = aborted(payload);
  for (const check of checks) {
    if (check.kind === 'min_length' || check.kind === 'max_length') {
      if (explicitlyAborted(payload) || !hasLength(payload.value)) continue;
    } else if (check.kind === 'rule' && check.rule.evenAfterIssues) {
      if (explicitlyAborted(payload) || !isObject(payload.value)) continue;
    } else if (isAborted) continue;
    const before = payload.issues.length;
    runCheck(check, payload);
    if (!isAborted && payload.issues.length > before) isAborted = aborted(payload, before);
  }
  return payload;
}

function handleProperty(result: Payload, final: Payload, key: string, input: Record<string, unknown>, field: Format) {
  const isPresent = key in input;
  const fieldIn = optin(field);
  const isOptionalOut = optout(field) === 'optional';
  const output = final.value as Record<string, unknown>;
  if (!isPresent && isOptionalOut && fieldIn === 'optional') return;
  if (result.issues.length) {
    if (fieldIn !== undefined && isOptionalOut && !isPresent) return;
    for (const found of result.issues) final.issues.push({ ...found, path: [key, ...found.path] });
  }
  if (!isPresent && fieldIn === undefined) {
    if (!result.issues.length)
      final.issues.push({ code: 'invalid_type', expected: 'nonoptional', input: undefined, path: [key] });
    return;
  }
  if (result.value === undefined) {
    if (isPresent || (fieldIn === 'defaulted' && !isOptionalOut)) output[key] = undefined;
  } else output[key] = result.value;
}

function run(format: Format, payload: Payload): Payload {
  const typeIssue = (fields: Omit<FormatIssue, 'path' | 'input'>) => {
    issue(payload, fields, format.message);
    return payload;
  };
  const input = payload.value;
  switch (format.type) {
    case 'string':
      if (format.coerce) payload.value = String(input);
      if (typeof payload.value !== 'string') typeIssue({ code: 'invalid_type', expected: 'string' });
      return runChecks(format.checks, payload);
    case 'number': {
      if (format.coerce) payload.value = Number(input);
      const value = payload.value;
      if (typeof value !== 'number' || !Number.isFinite(value))
        typeIssue({
          code: 'invalid_type',
          expected: 'number',
          ...(typeof value === 'number' ? { received: String(value) } : {}),
        });
      return runChecks(format.checks, payload);
    }
    case 'boolean':
      return typeof input === 'boolean' ? payload : typeIssue({ code: 'invalid_type', expected: 'boolean' });
    case 'enum':
      return format.values.includes(input) ? payload : typeIssue({ code: 'invalid_value' });
    case 'object': {
      if (!isObject(input)) return runChecks(format.checks, typeIssue({ code: 'invalid_type', expected: 'object' }));
      payload.value = {};
      for (const [key, field] of Object.entries(format.shape)) {
        if (key === '__proto__') continue;
        handleProperty(run(field, { value: input[key], issues: [] }), payload, key, input, field);
      }
      if (format.strict) {
        const keys = Object.keys(input).filter((key) => !Object.hasOwn(format.shape, key));
        // It describes the input's shape: the parse fails, the object's own rules still run.
        if (keys.length) payload.issues.push({ code: 'unrecognized_keys', keys, input, path: [], continue: true });
      }
      return runChecks(format.checks, payload);
    }
    case 'array': {
      if (!Array.isArray(input))
        return runChecks(format.checks, typeIssue({ code: 'invalid_type', expected: 'array' }));
      // zod refuses a list over its longest length before reading its items.
      const cap = format.checks?.find((check) => check.kind === 'max_length' && input.length > check.value);
      if (cap) {
        runCheck(cap, payload);
        for (const found of payload.issues.slice(-1)) found.continue = false;
        return payload;
      }
      const output: unknown[] = [];
      payload.value = output;
      input.forEach((item, index) => {
        const result = run(format.of, { value: item, issues: [] });
        for (const found of result.issues) payload.issues.push({ ...found, path: [index, ...found.path] });
        output[index] = result.value;
      });
      return runChecks(format.checks, payload);
    }
    case 'optional':
      if (input === undefined && optin(format.of) !== 'defaulted') return payload;
      return run(format.of, payload);
    case 'nullable':
      return input === null ? payload : run(format.of, payload);
    case 'default':
      if (input === undefined) {
        payload.value = format.value;
        return payload;
      }
      run(format.of, payload);
      if (payload.value === undefined) payload.value = format.value;
      return payload;
    case 'transform':
      payload.value = transforms[format.fn](input);
      return payload;
    case 'pipe': {
      const left = run(format.in, payload);
      if (left.issues.some((found) => found.code !== 'unrecognized_keys')) {
        left.aborted = true;
        return left;
      }
      return run(format.out, left);
    }
    case 'union': {
      const results = format.of.map((option) => run(option, { value: input, issues: [] }));
      const success = results.find((result) => result.issues.length === 0);
      if (success) return { ...payload, value: success.value };
      const [live, ...others] = results.filter((result) => !aborted(result));
      if (live && others.length === 0) return { ...live, issues: [...payload.issues, ...live.issues] };
      return typeIssue({ code: 'invalid_union' });
    }
  }
}

/** Parses `value` as the schema the format was generated from: zod's output and issues (raw, before messages). */
export function parseFormat(format: Format, value: unknown): { value: unknown; issues: FormatIssue[] } {
  const result = run(format, { value, issues: [] });
  return { value: result.value, issues: result.issues };
}

export interface FormIssue {
  /** Dotted path of the field (`apprenti.nir`), `root` for the value itself. */
  path: string;
  /** A code the schema gives (`phone.format`, a rule code such as `nir.key`), or zod's check in words in `language`. */
  message: string;
  /** The parameters of a rule's code. */
  params?: Record<string, string | number>;
}

/**
 * The value checked as the API would check it: zod's output, or the first issue of each field in form order, with the
 * message zod's parse with the contract's error map gives (rules/zod-messages.ts).
 */
export function checkFormat(
  format: Format,
  value: unknown,
  language: TextLanguage,
): { data: unknown } | { issues: FormIssue[] } {
  const result = parseFormat(format, value);
  if (result.issues.length === 0) return { data: result.value };
  const issues: FormIssue[] = [];
  const seen = new Set<string>();
  for (const found of result.issues) {
    const path = found.path.map(String).join('.') || 'root';
    if (seen.has(path)) continue;
    seen.add(path);
    const params = found.code === 'custom' ? (found.params as Record<string, string | number> | undefined) : undefined;
    issues.push({ path, message: found.message ?? localizeIssue(found, language), ...(params ? { params } : {}) });
  }
  return { issues };
}
