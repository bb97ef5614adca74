import { z } from 'zod';
import { typeEmployeurCode } from './reference/employer.ts';
import type { RuleSeverity } from './rules/index.ts';

/**
 * Look-ups in the State's public directories (issue 4): company details by SIRET and address
 * search. When a directory is slow or down the API answers 503 SERVICE_UNAVAILABLE: the form says
 * so and opens the fields for manual entry. An empty address search is a 200 with `[]` (SPEC 8:
 * "no results for the address search"), and the person types the address.
 */

/** Shortest address query sent to the directory; shorter ones are refused (400). */
export const addressQueryMinLength = 3;

export const companyLookupParams = z.object({
  /** Checked with `checkSiret` by the service, so that a bad SIRET answers `errors.siret`. */
  siret: z.string().max(32),
});

export const addressLookupQuery = z.object({
  q: z.string().trim().min(addressQueryMinLength, 'lookup.query_too_short').max(200),
});

export const communesLookupQuery = z.object({
  codePostal: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'postcode.format'),
});

export const lookupAddress = z.object({
  /** Street number with its repetition index (`12`, `12 B`, `3 BIS`). */
  numeroVoie: z.string().nullable(),
  /** Street type and name (`RUE DE LA PAIX`). */
  voie: z.string().nullable(),
  complement: z.string().nullable(),
  codePostal: z.string().nullable(),
  commune: z.string().nullable(),
});
export type LookupAddress = z.infer<typeof lookupAddress>;

export const companyLookup = z.object({
  siret: z.string(),
  siren: z.string(),
  denomination: z.string(),
  enseigne: z.string().nullable(),
  adresse: lookupAddress,
  /** NAF (APE) code of the establishment, `62.01Z`. */
  codeNaf: z.string().nullable(),
  /** INSEE headcount band, as its French label (`20 à 49 salariés`). */
  effectif: z.string().nullable(),
  /** IDCC codes of the collective agreements declared for the establishment, 4 digits each. */
  idccs: z.array(z.string()),
  /** `A` active, `F` closed (fermé). */
  etatAdministratif: z.enum(['A', 'F']),
  /** INSEE legal-form code (nature juridique), 4 digits. */
  categorieJuridique: z.string().nullable(),
  /** Private employer type (DOMAIN 1.10) derived from the legal form; null when it cannot be told. */
  typeEmployeur: typeEmployeurCode.nullable(),
});
export type CompanyLookup = z.infer<typeof companyLookup>;

export const lookupWarning = z.object({
  path: z.string(),
  code: z.string(),
  severity: z.enum(['warning'] satisfies RuleSeverity[]),
});

export const companyLookupResponse = z.object({
  data: companyLookup,
  /** `siret.inactive` when the establishment is closed: the details are given, the form warns. */
  warnings: z.array(lookupWarning),
});
export type CompanyLookupResponse = z.infer<typeof companyLookupResponse>;

export const addressSuggestion = z.object({
  label: z.string(),
  numeroVoie: z.string().nullable(),
  voie: z.string().nullable(),
  codePostal: z.string().nullable(),
  commune: z.string().nullable(),
  /** INSEE code of the commune (not the postcode). */
  codeInsee: z.string().nullable(),
});
export type AddressSuggestion = z.infer<typeof addressSuggestion>;
export const addressLookupResponse = z.array(addressSuggestion);

export const communeSuggestion = z.object({
  commune: z.string(),
  codePostal: z.string(),
  codeInsee: z.string(),
});
export type CommuneSuggestion = z.infer<typeof communeSuggestion>;
export const communesLookupResponse = z.array(communeSuggestion);
