import { z } from 'zod';
import { isValidSiret, isValidUai, normalizeSiret, normalizeUai } from './rules/identifiers.ts';
import { phoneShapeField } from './rules/schemas.ts';

// ---------- The CFA's identity (issue 28): GET|PUT /staff/settings/cfa, admins only ----------

const requiredText = (max: number) => z.string().trim().min(1, 'field.required').max(max);
/** A text a person may leave empty: '' is stored as none. */
const optionalText = (max: number) => z.string().trim().max(max);

/** 7 digits and the letter they give (rules/identifiers.ts `isValidUai`); spaces and case ignored. */
export const cfaUaiField = z
  .string()
  .overwrite(normalizeUai)
  .min(1, 'field.required')
  .regex(/^(?:\d{7}[A-Z])?$/, 'cfa.uai_format')
  .refine((value) => value === '' || !/^\d{7}[A-Z]$/.test(value) || isValidUai(value), 'cfa.uai_check_letter');

/** 14 digits passing Luhn, or La Poste's establishments (rules/identifiers.ts `isValidSiret`). */
export const cfaSiretField = z
  .string()
  .overwrite(normalizeSiret)
  .min(1, 'field.required')
  .regex(/^(?:\d{14})?$/, 'cfa.siret_format')
  .refine((value) => !/^\d{14}$/.test(value) || isValidSiret(value), 'cfa.siret_checksum');

/**
 * The CFA's identity as an admin sets it: what the CERFA prints under "Le CFA" (denomination, UAI, SIRET, address),
 * who signs the conventions for it, and how applicants and employers reach it (the error pages, every mail). Flat, so
 * that each field of the form is one key of the API's `errors` map.
 */
export const cfaSettingsBody = z
  .object({
    denomination: requiredText(200),
    uai: cfaUaiField,
    siret: cfaSiretField,
    street: requiredText(200),
    postcode: z.string().trim().min(1, 'field.required').regex(/^\d{5}$/, 'postcode.format'),
    city: requiredText(120),
    /** The person who signs for the CFA (conventions, mandate): name, and quality as the convention prints it. */
    representativeName: requiredText(200),
    representativeTitle: optionalText(120),
    contactEmail: z.string().trim().min(1, 'field.required').pipe(z.email('email.format').max(254)),
    contactPhone: z.string().trim().min(1, 'field.required').pipe(phoneShapeField),
    contactHoursFr: requiredText(200),
    contactHoursEn: requiredText(200),
  })
  .strict();
export type CfaSettingsBody = z.infer<typeof cfaSettingsBody>;
export type CfaSettingsInput = z.input<typeof cfaSettingsBody>;
export const cfaSettingsFields = Object.keys(cfaSettingsBody.shape) as (keyof CfaSettingsBody)[];
/** What a contract cannot be prepared without (issue 28): in production, no override and no made-up CFA. */
export const cfaFieldsForContracts = ['denomination', 'uai', 'siret'] as const;
/**
 * What an attestation (pre-registration, admissibility) cannot be issued without (issue 28): it names the CFA, where it
 * is and how to reach it. In production, no made-up CFA: refused until an admin completes them.
 */
export const cfaFieldsForAttestations = [
  'denomination',
  'uai',
  'street',
  'postcode',
  'city',
  'contactEmail',
  'contactPhone',
] as const;

/**
 * Where the values shown come from: saved by an admin; the server's environment (CFA_*), used while nothing is saved;
 * or, on a demonstration installation that set neither, the demo's fictitious CFA.
 */
export const cfaSettingsSources = ['saved', 'environment', 'demo'] as const;
export type CfaSettingsSource = (typeof cfaSettingsSources)[number];

/** The seal that signs the contracts: read-only here, set in the server's environment (SIGNING_P12_PATH). */
export const sealCertificate = z.object({
  /** `file`: the PKCS#12 of SIGNING_P12_PATH; `generated`: a self-signed certificate kept in the database. */
  origin: z.enum(['file', 'generated']),
  subject: z.string(),
  issuer: z.string(),
  /** ISO timestamps. */
  validFrom: z.string(),
  validTo: z.string(),
});
export type SealCertificate = z.infer<typeof sealCertificate>;

/** Every field as shown; '' where nothing is set. */
export const cfaSettingsValues = z.object({
  denomination: z.string(),
  uai: z.string(),
  siret: z.string(),
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  representativeName: z.string(),
  representativeTitle: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  contactHoursFr: z.string(),
  contactHoursEn: z.string(),
});
export type CfaSettingsValues = z.infer<typeof cfaSettingsValues>;

export const cfaSettingsResponse = z.object({
  values: cfaSettingsValues,
  source: z.enum(cfaSettingsSources),
  /** Saved values only: when, and by whom (the admin's name or address). */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** The fields a contract cannot be prepared without, missing or invalid (denomination, UAI, SIRET). */
  missingForContracts: z.array(z.enum(cfaFieldsForContracts)),
  /** A demonstration installation (DEMO_DATA): its CFA is fictitious until an admin sets the real one. */
  demo: z.boolean(),
  /** Null until the seal's certificate is first made (the first contract sealed, or the demo's load). */
  seal: sealCertificate.nullable(),
});
export type CfaSettingsResponse = z.infer<typeof cfaSettingsResponse>;
