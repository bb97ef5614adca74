import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginLinkBody, resendLinkBody } from '../auth.ts';
import { addressLookupQuery, communesLookupQuery, companyLookupParams } from '../lookups.ts';
import { attestationParams, idParams, offersQuery, publicFilesParams, trackingBody } from '../portal.ts';
import {
  dossierTermsBody,
  firstContactDecisionBody,
  fundingValidationBody,
  sheetDrafts,
  sheetParams,
} from '../sheets.ts';
import { formatRuleMessage, ruleCodes, type RuleMessageLanguage } from './messages.ts';
import { displayMessage, localizeIssue, zodErrorMap } from './zod-messages.ts';

/** The schemas behind the forms people fill in (sheets, tracking, sign-in, uploads, offer filters). */
const formSchemas: Record<string, z.ZodType> = {
  ...Object.fromEntries(Object.entries(sheetDrafts).map(([kind, schema]) => [`sheet ${kind}`, schema])),
  trackingBody,
  loginLinkBody,
  resendLinkBody,
  offersQuery,
  fundingValidationBody,
  dossierTermsBody,
  firstContactDecisionBody,
  addressLookupQuery,
  communesLookupQuery,
  companyLookupParams,
  uploadParams: publicFilesParams,
  attestationParams,
  idParams,
  sheetParams,
};

/** Every leaf gets each of these: empty, too long, wrong kind, out of range, malformed. */
const badLeaves: unknown[] = [
  '',
  ' ',
  'x'.repeat(6000),
  '###',
  'a@',
  'ftp://x',
  '2026-13-45',
  12345,
  -5,
  1.5,
  1e12,
  true,
  null,
  [],
  {},
];

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object shape under wrappers (optional, preprocess, refinements), if any. */
function shapeOf(schema: z.ZodType | undefined, depth = 0): Record<string, z.ZodType> | undefined {
  if (!schema || depth > 8) return undefined;
  const def = defOf(schema);
  if (def.type === 'object') return def.shape;
  for (const inner of [def.innerType, def.out, def.in, def.left, def.right, ...(def.options ?? [])]) {
    const shape = shapeOf(inner, depth + 1);
    if (shape) return shape;
  }
  return undefined;
}

function elementOf(schema: z.ZodType | undefined, depth = 0): z.ZodType | undefined {
  if (!schema || depth > 8) return undefined;
  const def = defOf(schema);
  if (def.type === 'array') return def.element;
  for (const inner of [def.innerType, def.out, def.in]) {
    const element = elementOf(inner, depth + 1);
    if (element) return element;
  }
  return undefined;
}

/** Values that break the schema one field at a time, nested objects and list items included. */
function badValues(schema: z.ZodType, depth = 0): unknown[] {
  const shape = shapeOf(schema);
  if (shape && depth < 4) {
    const values: unknown[] = [{}, 'not a form'];
    for (const [key, field] of Object.entries(shape))
      for (const bad of badValues(field, depth + 1)) values.push({ [key]: bad });
    return values;
  }
  const element = elementOf(schema);
  if (element && depth < 4) return [...badLeaves, ...badValues(element, depth + 1).map((bad) => [bad])];
  return badLeaves;
}

/** dd/mm/yyyy dates are how a person reads a date, not a pattern. */
const withoutDates = (text: string) => text.replace(/\b\d{2}\/\d{2}\/\d{4}\b/g, 'DATE');
/** Names of identifiers that hold the word "number" in English. */
const withoutDomainNumbers = (text: string) =>
  text.replace(/\b(social security|France Travail|previous contract|phone|contract) number\b/gi, 'ID');

function jargonIn(message: string): string | undefined {
  const text = withoutDomainNumbers(withoutDates(message));
  const pattern =
    /[/^$[\]]|\\d|\bISO\b|\b(string|number|boolean|undefined|object|array|chaîne|nombre|NaN|regex|pattern|expected|received)\b|>=|<=/i;
  return pattern.exec(text)?.[0];
}

function messagesFor(schema: z.ZodType, language: RuleMessageLanguage): Set<string> {
  const messages = new Set<string>();
  for (const value of badValues(schema)) {
    const result = schema.safeParse(value, { error: zodErrorMap(language) });
    if (result.success) continue;
    // As the sheets show them: rule codes through the full catalogue.
    for (const issue of result.error.issues)
      messages.add(
        formatRuleMessage(
          issue.message,
          language,
          issue.code === 'custom' ? (issue.params as Record<string, string | number>) : undefined,
        ),
      );
  }
  return messages;
}

describe('validation messages', () => {
  for (const language of ['fr-FR', 'en-US'] as const) {
    it(`has no pattern, type name or ISO in any form's message (${language})`, () => {
      const offending: string[] = [];
      let count = 0;
      for (const [name, schema] of Object.entries(formSchemas)) {
        for (const message of messagesFor(schema, language)) {
          count += 1;
          const jargon = jargonIn(message);
          if (jargon) offending.push(`${name}: ${message} (${jargon})`);
        }
      }
      expect(count).toBeGreaterThan(20);
      expect(offending).toEqual([]);
    });

    it(`has no pattern or type name in the upload refusals (${language})`, () => {
      const offending = ruleCodes
        .filter((code) => code.startsWith('file.'))
        .map((code) => formatRuleMessage(code, language))
        .filter((message) => jargonIn(message));
      expect(offending).toEqual([]);
    });
  }

  it('says what to type, in the language asked', () => {
    const parse = (schema: z.ZodType, value: unknown, language: RuleMessageLanguage) => {
      const result = schema.safeParse(value, { error: zodErrorMap(language) });
      return result.success ? [] : result.error.issues.map((issue) => displayMessage(issue.message, language));
    };
    expect(parse(trackingBody.shape.targetCompany, '', 'fr-FR')).toEqual(['Ce champ est obligatoire.']);
    expect(parse(trackingBody.shape.targetCompany, undefined, 'en-US')).toEqual(['This field is required.']);
    expect(parse(trackingBody.shape.position, 'x'.repeat(201), 'fr-FR')).toEqual([
      'Ce texte est trop long : 200 caractères au plus.',
    ]);
    expect(parse(trackingBody.shape.applicationDate, '2026-02-30', 'en-US')).toEqual([
      'Enter a full date: day, month and year.',
    ]);
    // An empty date input gives '', which is no date: the field was left empty.
    expect(parse(trackingBody.shape.applicationDate, '', 'fr-FR')).toEqual(['Ce champ est obligatoire.']);
    expect(parse(loginLinkBody.shape.email, 'marie@', 'fr-FR')).toEqual([
      'Saisissez une adresse e-mail complète, par exemple nom@exemple.fr.',
    ]);
    expect(parse(trackingBody.shape.contactPhone, 'abc', 'en-US')[0]).toMatch(/^This phone number is not valid/);
    expect(parse(z.number().int().min(1).max(13), 14, 'en-US')).toEqual(['Enter a value of at most 13.']);
    expect(parse(z.date().min(new Date('2026-11-15')), new Date('2026-11-01'), 'fr-FR')).toEqual([
      'Choisissez une date à partir du 15/11/2026.',
    ]);
    expect(parse(sheetDrafts.f1ca, { apprenti: { diplomePrepare: '7' } }, 'fr-FR')).toContain(
      'Choisissez une valeur dans la liste.',
    );
    expect(
      parse(sheetDrafts.f1ca, { apprenti: { nom: 5, rqth: 'x', dureeInscriptionFranceTravailMois: 1.5 } }, 'en-US'),
    ).toEqual([
      'This value is not valid: correct it or clear the field.',
      'Choose an answer.',
      'Enter a whole value, without decimals.',
    ]);
  });

  it('puts the finalized issues the API holds into words too (no input left)', () => {
    expect(localizeIssue({ code: 'invalid_type', expected: 'string' }, 'fr-FR')).toBe('Ce champ est obligatoire.');
    expect(localizeIssue({ code: 'invalid_type', expected: 'number', received: 'NaN' }, 'en-US')).toBe(
      'Enter digits only.',
    );
    expect(localizeIssue({ code: 'too_small', origin: 'string', minimum: 10, message: 'Too small' }, 'en-US')).toBe(
      'Enter at least 10 characters.',
    );
    expect(localizeIssue({ code: 'custom', message: 'phone.format' }, 'fr-FR')).toMatch(/^Le numéro de téléphone/);
  });
});
