import type { z } from 'zod';
import type { Check, Format } from './format.ts';
import { normalizers, transforms, type FormRule, type NormalizerName, type TransformName } from './rules.ts';
import * as rules from './rules.ts';
import { ruleOfCheck } from './zod-rules.ts';

/**
 * A contract schema as a format table (forms/format.ts), read from zod's definitions: what forms/generate.ts writes to
 * forms/formats.ts. Anything the interpreter would not parse as zod does is refused here, loudly.
 */

interface Def {
  type: string;
  [key: string]: unknown;
}
type Schema = z.core.$ZodType;
const defOf = (schema: { _zod: { def: unknown } }) => schema._zod.def as Def;

/** A message the schema gives itself (`'phone.format'`): zod keeps it as a function returning it. */
function messageOf(def: Def): string | undefined {
  if (typeof def['error'] !== 'function') return undefined;
  const message = (def['error'] as (issue: unknown) => unknown)({});
  if (typeof message !== 'string') throw new Error('describe: only plain string messages are supported');
  return message;
}
const withMessage = <T extends object>(value: T, def: Def): T => {
  const message = messageOf(def);
  return message === undefined ? value : { ...value, message };
};

/** Which rewrite an `overwrite` is: an identifier's normaliser by identity, zod's own by what it does. */
function overwriteName(tx: (value: string) => string): Extract<Check, { kind: 'overwrite' }>['fn'] {
  for (const [name, fn] of Object.entries(normalizers)) if (fn === tx) return name as NormalizerName;
  const probe = tx('  aB ');
  if (probe === 'aB') return 'trim';
  if (probe === '  AB ') return 'upper';
  if (probe === '  ab ') return 'lower';
  throw new Error(`describe: unknown overwrite ${String(tx)}`);
}

/** Which of the known transforms a preprocess runs, by what it makes of the values a form sends for "nothing". */
function transformName(fn: (value: unknown) => unknown): TransformName {
  const probes: unknown[] = ['', null, undefined, 'x', 0, false];
  const same = (other: (value: unknown) => unknown) => probes.every((probe) => Object.is(fn(probe), other(probe)));
  for (const [name, other] of Object.entries(transforms)) if (same(other)) return name as TransformName;
  throw new Error(`describe: unknown transform ${String(fn)}`);
}

/** The name `rules.ts` exports a rule under, for the generated file's imports. */
export function ruleName(rule: FormRule): string {
  for (const [name, value] of Object.entries(rules)) if (value === rule) return name;
  throw new Error('describe: a rule that rules.ts does not export');
}

function checkOf(check: { _zod: { def: unknown } }): Check {
  const def = defOf(check);
  const rule = ruleOfCheck.get(check);
  if (rule) return { kind: 'rule', rule };
  switch (def['check']) {
    case 'min_length':
      return withMessage({ kind: 'min_length', value: def['minimum'] as number }, def);
    case 'max_length':
      return withMessage({ kind: 'max_length', value: def['maximum'] as number }, def);
    case 'string_format':
      if (def['format'] === 'url') {
        if (def['normalize']) throw new Error('describe: normalised URLs are not supported');
        const url: Check = { kind: 'url' };
        if (def['protocol']) url.protocol = def['protocol'] as RegExp;
        if (def['hostname']) url.hostname = def['hostname'] as RegExp;
        return withMessage(url, def);
      }
      if (!(def['pattern'] instanceof RegExp))
        throw new Error(`describe: string format ${String(def['format'])} without a pattern`);
      return withMessage({ kind: 'pattern', format: def['format'] as string, pattern: def['pattern'] }, def);
    case 'overwrite':
      return { kind: 'overwrite', fn: overwriteName(def['tx'] as (value: string) => string) };
    case 'greater_than':
      return withMessage({ kind: 'min', value: def['value'] as number, inclusive: def['inclusive'] as boolean }, def);
    case 'less_than':
      return withMessage({ kind: 'max', value: def['value'] as number, inclusive: def['inclusive'] as boolean }, def);
    case 'number_format':
      if (def['format'] !== 'safeint') throw new Error(`describe: number format ${String(def['format'])}`);
      return withMessage({ kind: 'int' }, def);
    default:
      throw new Error(`describe: check ${String(def['check'])} is not supported (a refinement goes through withRule)`);
  }
}

function checksOf(schema: Schema): Check[] | undefined {
  const def = defOf(schema);
  const own = (def['checks'] as { _zod: { def: unknown } }[] | undefined) ?? [];
  // A string format (z.email(), z.iso.date()) is itself its first check.
  const all = schema._zod.traits.has('$ZodCheck') ? [schema, ...own] : own;
  return all.length ? all.map(checkOf) : undefined;
}

/** The format of a zod schema. */
export function describe(schema: Schema): Format {
  const def = defOf(schema);
  const checks = checksOf(schema);
  const withChecks = <T extends object>(value: T): T => withMessage(checks ? { ...value, checks } : value, def);
  if (checks && !['string', 'number', 'object', 'array'].includes(def.type))
    throw new Error(`describe: checks on a ${def.type}`);
  switch (def.type) {
    case 'string':
      return withChecks({ type: 'string' as const, ...(def['coerce'] ? { coerce: true } : {}) });
    case 'number':
      return withChecks({ type: 'number' as const, ...(def['coerce'] ? { coerce: true } : {}) });
    case 'boolean':
      return withMessage({ type: 'boolean' }, def);
    case 'enum':
      return withMessage({ type: 'enum', values: Object.values(def['entries'] as Record<string, unknown>) }, def);
    case 'literal':
      return withMessage({ type: 'enum', values: def['values'] as unknown[] }, def);
    case 'object': {
      const catchall = def['catchall'] as Schema | undefined;
      if (catchall && defOf(catchall).type !== 'never') throw new Error('describe: only strict or stripping objects');
      const shape = Object.fromEntries(
        Object.entries(def['shape'] as Record<string, Schema>).map(([key, field]) => [key, describe(field)]),
      );
      return withChecks({ type: 'object' as const, shape, ...(catchall ? { strict: true } : {}) });
    }
    case 'array':
      return withChecks({ type: 'array' as const, of: describe(def['element'] as Schema) });
    case 'optional':
      return { type: 'optional', of: describe(def['innerType'] as Schema) };
    case 'nullable':
      return { type: 'nullable', of: describe(def['innerType'] as Schema) };
    case 'default':
      return { type: 'default', of: describe(def['innerType'] as Schema), value: def['defaultValue'] };
    case 'transform':
      return { type: 'transform', fn: transformName(def['transform'] as (value: unknown) => unknown) };
    case 'pipe':
      return { type: 'pipe', in: describe(def['in'] as Schema), out: describe(def['out'] as Schema) };
    case 'union':
      if (def['inclusive'] === false) throw new Error('describe: exclusive unions are not supported');
      return withMessage({ type: 'union', of: (def['options'] as Schema[]).map(describe) }, def);
    default:
      throw new Error(`describe: zod type ${def.type} is not supported`);
  }
}

const isRule = (value: object): value is FormRule =>
  'check' in value && typeof (value as FormRule).check === 'function';
const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/**
 * The TypeScript source of one module of the format table, forms/formats/<group>.ts (before prettier): the format of
 * each schema, under its name; shared parts (an address, a person) written once.
 */
export function formatsModule(formSchemas: Record<string, Schema>): string {
  const shared = new Map<string, string>();
  const rules = new Set<string>();
  const emit = (value: unknown): string => {
    if (value instanceof RegExp) return `/${value.source}/${value.flags}`;
    if (value === undefined) return 'undefined';
    if (value === null || typeof value !== 'object') return JSON.stringify(value);
    if (isRule(value)) {
      const name = ruleName(value);
      rules.add(name);
      return name;
    }
    const text = Array.isArray(value)
      ? `[${value.map(emit).join(', ')}]`
      : `{ ${Object.entries(value)
          .map(([name, field]) => `${key(name)}: ${emit(field)}`)
          .join(', ')} }`;
    // Formats (an address, a person) repeat across the sheets: each is written once.
    if (text.length < 80 || Array.isArray(value) || !('type' in value)) return text;
    let name = shared.get(text);
    if (!name) {
      name = `f${shared.size}`;
      shared.set(text, name);
    }
    return name;
  };
  const exports = Object.entries(formSchemas).map(
    ([name, schema]) => `export const ${name}: Format = ${emit(describe(schema))};`,
  );
  const body = [...[...shared].map(([text, name]) => `const ${name}: Format = ${text};`), '', ...exports];
  return [
    "// Generated by scripts/generate-formats.ts from the contract's zod schemas (forms/form-schemas.ts): do not edit.",
    ...(body.some((line) => line.includes('\\-'))
      ? ["/* eslint-disable no-useless-escape -- zod's own patterns, character for character */"]
      : []),
    "import type { Format } from '../format.ts';",
    ...(rules.size ? [`import { ${[...rules].sort().join(', ')} } from '../rules.ts';`] : []),
    '',
    ...body,
    '',
  ].join('\n');
}
