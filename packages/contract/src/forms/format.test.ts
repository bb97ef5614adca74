import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodErrorMap, localizeIssue } from '../rules/zod-messages.ts';
import type { TextLanguage } from '../rules/validation-texts.ts';
import { checkFormat, parseFormat, type Format } from './format.ts';
import { formSchemas } from './form-schemas.ts';
import * as auth from './formats/auth.ts';
import * as funding from './formats/funding.ts';
import * as sheets from './formats/sheets.ts';
import * as smic from './formats/smic.ts';
import * as staffAccounts from './formats/staff-accounts.ts';
import * as staffCase from './formats/staff-case.ts';
import * as staffFormations from './formats/staff-formations.ts';
import * as staffOffers from './formats/staff-offers.ts';
import * as staffWorkshops from './formats/staff-workshops.ts';
import * as tracking from './formats/tracking.ts';
import { domain, email } from './patterns.ts';

/** Valid values of the identifiers' rules, and near misses: a random string almost never passes a key check. */
const identifierSamples = [
  '1 84 12 75 115 423 23', // NIR with its key
  '184127511542324',
  '2 69 05 49 588 157 80',
  '73282932000074', // SIRET
  '732 829 320 00075',
  '075202301NC0001', // DECA
  '0752023010000',
  '1234567A', // France Travail
  '123',
  '1486', // IDCC
  '16',
  'AB1',
  'ABCD',
  'H6',
];

/** Values a form may send anywhere, well formed or not. */
const junk = fc.oneof(
  fc.constantFrom(
    '',
    '  ',
    null,
    undefined,
    true,
    false,
    0,
    -1,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    [],
    {},
    'PRO',
  ),
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -5, max: 20_000_000 }),
);

function sampleOf(format: Format, depth = 0): fc.Arbitrary<unknown> {
  switch (format.type) {
    case 'string': {
      const checks = format.checks ?? [];
      const options: fc.Arbitrary<unknown>[] = [
        fc.string({ maxLength: 8 }),
        fc.constantFrom('  x  ', ' a b ', 'ab\tc'),
      ];
      for (const check of checks) {
        if (check.kind === 'pattern')
          options.push(
            fc.stringMatching(check.pattern),
            fc.stringMatching(check.pattern).map((value) => ` ${value} `),
          );
        if (check.kind === 'max_length')
          options.push(fc.string({ minLength: check.value - 1, maxLength: check.value + 1 }));
        if (check.kind === 'url')
          options.push(
            fc.webUrl(),
            fc.constantFrom(
              'http://exemple.fr',
              'https://exemple.fr/a',
              'ftp://x.fr',
              'https:/x',
              'mailto:a@b.fr',
              ' https://a.fr ',
            ),
          );
        if (check.kind === 'rule') options.push(fc.constantFrom(...identifierSamples));
      }
      return fc.oneof(...options, junk);
    }
    case 'number': {
      const bounds = (format.checks ?? []).flatMap((check) =>
        check.kind === 'min' || check.kind === 'max' ? [check.value] : [],
      );
      return fc.oneof(
        fc.constantFrom(...bounds, ...bounds.map((value) => value + 1), ...bounds.map((value) => value - 0.5)),
        fc.double({ noNaN: false }),
        fc.integer(),
        junk,
      );
    }
    case 'boolean':
      return fc.oneof(fc.boolean(), junk);
    case 'enum':
      return fc.oneof(fc.constantFrom(...format.values), junk);
    case 'object': {
      if (depth > 4) return junk;
      const entries = Object.entries(format.shape).map(([key, field]) => [key, sampleOf(field, depth + 1)] as const);
      const record = fc.record(Object.fromEntries(entries), { requiredKeys: [] });
      const withExtra = record.map((value) => ({ ...value, unexpected: 'x' }));
      return fc.oneof(
        { arbitrary: record, weight: 8 },
        { arbitrary: withExtra, weight: 1 },
        { arbitrary: junk, weight: 1 },
      );
    }
    case 'array':
      return fc.oneof(fc.array(sampleOf(format.of, depth + 1), { maxLength: 10 }), junk);
    case 'optional':
    case 'nullable':
    case 'default':
      return fc.oneof(sampleOf(format.of, depth), fc.constantFrom(undefined, null, ''));
    case 'transform':
      return junk;
    case 'pipe':
      return fc.oneof(sampleOf(format.in, depth), sampleOf(format.out, depth));
    case 'union':
      return fc.oneof(...format.of.map((option) => sampleOf(option, depth)));
  }
}

/** What a person or a request would see of a parse: the output, or each issue's field and words. */
function zodOutcome(schema: z.core.$ZodType, value: unknown, language: TextLanguage) {
  const result = z.safeParse(schema, value, { error: zodErrorMap(language) });
  if (result.success) return { data: JSON.parse(JSON.stringify(result.data ?? null)) as unknown };
  return {
    issues: result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  };
}
function formatOutcome(format: Format, value: unknown, language: TextLanguage) {
  const result = parseFormat(format, value);
  if (result.issues.length === 0) return { data: JSON.parse(JSON.stringify(result.value ?? null)) as unknown };
  return {
    issues: result.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message ?? localizeIssue(issue, language),
    })),
  };
}

describe('the format table', () => {
  it("keeps zod's own patterns", () => {
    expect(email.source).toBe(z.regexes.email.source);
    expect(domain.source).toBe(z.regexes.domain.source);
  });

  const formats: Record<string, Record<string, Format>> = {
    auth,
    funding,
    sheets,
    smic,
    'staff-accounts': staffAccounts,
    'staff-case': staffCase,
    'staff-formations': staffFormations,
    'staff-offers': staffOffers,
    'staff-workshops': staffWorkshops,
    tracking,
  };
  for (const [group, name, schema] of Object.entries(formSchemas).flatMap(([group, schemas]) =>
    Object.entries(schemas).map(([name, schema]) => [group, name, schema] as const),
  )) {
    it(`parses like zod: ${name}`, () => {
      const format = formats[group]?.[name];
      expect(format).toBeDefined();
      fc.assert(
        fc.property(sampleOf(format!), fc.constantFrom<TextLanguage>('fr-FR', 'en-US'), (value, language) => {
          expect(formatOutcome(format!, structuredClone(value), language)).toEqual(
            zodOutcome(schema, structuredClone(value), language),
          );
        }),
        { numRuns: 300 },
      );
    }, 60_000);
  }

  it('puts each field first issue into words, the rule codes with their parameters', () => {
    const result = checkFormat(
      sheets.f1caDraft,
      { apprenti: { nir: '1 84 12 75 115 423 99', courriel: 'nope', telephone: '12' } },
      'fr-FR',
    );
    expect(result).toEqual({
      issues: [
        { path: 'apprenti.nir', message: 'nir.key', params: {} },
        { path: 'apprenti.courriel', message: 'Saisissez une adresse e-mail complète, par exemple nom@exemple.fr.' },
        { path: 'apprenti.telephone', message: 'phone.format' },
      ],
    });
  });
});
