import { z } from 'zod';
import { isoDate } from './portal.ts';
import { offerLinkRule, transforms, evenAfterIssues } from './rules/refinements.ts';

// ---------- Job offers in the back office (issue 12): list, create, edit, expire, delete, CSV import ----------

const id = z.coerce.number().int().positive().max(2_147_483_647);
const emptyAsUnset = transforms.emptyToUndefined;
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsUnset, schema.optional());

export const offerLinkTypes = ['link', 'mail'] as const;
export const offerStatuses = ['active', 'expired'] as const;
export type OfferStatus = (typeof offerStatuses)[number];

/** The page sizes the back office's list offers; the first one is the default. */
export const staffOfferPageSizes = [25, 50, 100] as const;

export const staffOffersQuery = z
  .object({
    /** Words of the title, company or description, accents and case ignored. */
    q: unsetWhenEmpty(z.string().trim().max(200)),
    /** `active`: offers applicants see; `expired`: offers staff expired. Both when absent. */
    status: unsetWhenEmpty(z.enum(offerStatuses)),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(staffOfferPageSizes[0]),
  })
  .strict();
export type StaffOffersQuery = z.infer<typeof staffOffersQuery>;

/** The logo as stored: an address our API serves (GET /api/offers/logos/:id). */
export const OFFER_LOGO_PREFIX = '/api/offers/logos/';
const logo = z.preprocess(
  transforms.blankToNull,
  z
    .string()
    .regex(/^\/api\/offers\/logos\/[0-9a-f-]{36}$/, 'value.format')
    .nullable()
    .default(null),
);

/**
 * An offer as staff enter it. The application link must match its type: an https address for `link`, an e-mail
 * address for `mail` (the applicant's portal opens one or the other).
 */
export const offerBody = z
  .object({
    title: z.string().trim().min(1, 'field.required').max(200),
    companyName: z.string().trim().min(1, 'field.required').max(200),
    logo,
    publicationDate: isoDate,
    startDate: unsetWhenEmpty(isoDate),
    description: z.string().trim().min(1, 'field.required').max(20_000),
    linkType: z.enum(offerLinkTypes),
    link: z.string().trim().min(1, 'field.required').max(500),
  })
  .strict()
  .superRefine(offerLinkRule, evenAfterIssues);
export type OfferBody = z.infer<typeof offerBody>;
export type OfferInput = z.input<typeof offerBody>;

export const staffOffer = z.object({
  id: z.number().int(),
  title: z.string(),
  companyName: z.string(),
  logo: z.string().nullable(),
  publicationDate: z.string(),
  startDate: z.string().nullable(),
  description: z.string(),
  linkType: z.enum(offerLinkTypes),
  link: z.string(),
  /** ISO time the offer was expired; null while applicants see it. */
  expiredAt: z.string().nullable(),
  /** The reference of the file it was imported from; null for an offer entered on the screen. */
  externalRef: z.string().nullable(),
});
export type StaffOffer = z.infer<typeof staffOffer>;

export const staffOffersResponse = z.object({
  items: z.array(staffOffer),
  /** Offers under every filter. */
  total: z.number().int(),
});
export type StaffOffersResponse = z.infer<typeof staffOffersResponse>;
export const staffOfferResponse = z.object({ offer: staffOffer });
export const staffOfferParams = z.object({ id });

// ---------- CSV import: POST /staff/offers/import?dryRun= (multipart `file`) ----------

/** The columns an offers file must or may carry, as the import's errors name them (`field`). */
export const offerImportColumns = [
  'ref',
  'title',
  'companyName',
  'publicationDate',
  'startDate',
  'description',
  'link',
] as const;
export type OfferImportColumn = (typeof offerImportColumns)[number];
export const requiredOfferImportColumns = ['title', 'companyName', 'description', 'link'] as const;

export const OFFER_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const OFFER_IMPORT_MAX_ROWS = 5000;

export const offerImportQuery = z.object({ dryRun: z.enum(['true', 'false']).default('false') }).strict();

export const offerImportError = z.object({
  line: z.number().int().min(1),
  field: z.union([z.enum(offerImportColumns), z.literal('line'), z.literal('file')]),
  message: z.string(),
});
export type OfferImportError = z.infer<typeof offerImportError>;

export const offerImportResponse = z.object({
  /** Data lines read (the header and blank lines not counted). */
  rows: z.number().int(),
  /** Offers stored (created or updated by their reference): 0 on a dry run and whenever `errors` is not empty. */
  imported: z.number().int(),
  /** Of `imported` (or, on a dry run, of the lines that would be), those that update an offer of the same reference. */
  updated: z.number().int(),
  errors: z.array(offerImportError),
});
export type OfferImportResponse = z.infer<typeof offerImportResponse>;
