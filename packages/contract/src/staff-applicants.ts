import { z } from 'zod';
import { language } from './auth.ts';

// ---------- Admitted applicants: import, list, invitations (issue 12) ----------

/** The columns an import file must or may carry, as the import's errors name them (`field`). */
export const applicantImportColumns = ['nom', 'prenom', 'email', 'school', 'formation', 'lang', 'year'] as const;
export type ApplicantImportColumn = (typeof applicantImportColumns)[number];
export const requiredApplicantImportColumns = ['nom', 'prenom', 'email', 'school', 'formation'] as const;

/** The largest file the import reads, and its most data lines. */
export const APPLICANT_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const APPLICANT_IMPORT_MAX_ROWS = 5000;

export const applicantImportQuery = z
  .object({
    /** `true`: every line is checked and nothing is stored. */
    dryRun: z.enum(['true', 'false']).default('false'),
    /**
     * The ids of the existing applicants whose changes the dry run listed (`changes`) and staff confirmed, comma
     * separated: the import changes those and leaves every other existing applicant as it is (issue 29).
     */
    confirm: z
      .string()
      .regex(/^\d{1,10}(?:,\d{1,10}){0,4999}$/, 'value.format')
      .optional(),
  })
  .strict();
export type ApplicantImportQuery = z.infer<typeof applicantImportQuery>;

/** What a line would change of an applicant already stored: the columns staff read before they confirm. */
export const applicantImportChangedFields = ['nom', 'prenom', 'school', 'formation'] as const;

/**
 * An existing applicant (same address) the file gives another name, school or formation: the old and new values, for
 * staff to confirm before anything is overwritten (issue 29). `confirmed`: the import applies it (the real run only).
 */
export const applicantImportChange = z.object({
  line: z.number().int().min(1),
  applicantId: z.number().int(),
  email: z.string(),
  fields: z.array(
    z.object({ field: z.enum(applicantImportChangedFields), from: z.string().nullable(), to: z.string() }),
  ),
  confirmed: z.boolean(),
});
export type ApplicantImportChange = z.infer<typeof applicantImportChange>;

/** One refusal of a line: `line` is the file's line number (the header is line 1); `field` a column, or `line`. */
export const applicantImportError = z.object({
  line: z.number().int().min(1),
  field: z.union([z.enum(applicantImportColumns), z.literal('line')]),
  message: z.string(),
});
export type ApplicantImportError = z.infer<typeof applicantImportError>;

export const applicantImportResponse = z.object({
  /** Data lines read (the header and blank lines not counted). */
  rows: z.number().int(),
  /** Applicants stored: 0 on a dry run and whenever `errors` is not empty (all or nothing). */
  imported: z.number().int(),
  /** The ids of the applicants stored, for the invitation that follows; empty on a dry run. */
  ids: z.array(z.number().int()),
  errors: z.array(applicantImportError),
  /** Existing applicants the file would change, with the old and new values; on the real run, whether applied. */
  changes: z.array(applicantImportChange),
  /** Lines of existing applicants left as they were: their changes were not confirmed (the real run). */
  kept: z.number().int(),
});
export type ApplicantImportResponse = z.infer<typeof applicantImportResponse>;

const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const applicantSignInFilters = ['never', 'yes'] as const;

export const staffApplicantsQuery = z
  .object({
    /** Part of a name or an e-mail address, accents and case ignored. */
    q: unsetWhenEmpty(z.string().trim().max(200)),
    /** A school's code. */
    school: unsetWhenEmpty(z.string().trim().max(50)),
    /** A formation's id. */
    formation: unsetWhenEmpty(z.coerce.number().int().positive().max(2_147_483_647)),
    /** `never`: applicants who never signed in; `yes`: those who did. */
    signedIn: unsetWhenEmpty(z.enum(applicantSignInFilters)),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type StaffApplicantsQuery = z.infer<typeof staffApplicantsQuery>;

export const staffApplicantItem = z.object({
  id: z.number().int(),
  nom: z.string(),
  prenom: z.string(),
  email: z.string(),
  /** The school's code and the formation's label; null for an applicant without a formation. */
  school: z.string().nullable(),
  formation: z.string().nullable(),
  lang: language,
  /** ISO times; null when never invited, never signed in. */
  invitedAt: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  /** Whether the applicant has a case (a dossier) already. */
  hasCase: z.boolean(),
});
export type StaffApplicantItem = z.infer<typeof staffApplicantItem>;

export const staffApplicantsResponse = z.object({
  items: z.array(staffApplicantItem),
  /** Applicants under every filter. */
  total: z.number().int(),
});
export type StaffApplicantsResponse = z.infer<typeof staffApplicantsResponse>;

export const staffApplicantParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const inviteApplicantsBody = z
  .object({
    /** These applicants; every applicant when absent. */
    ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(APPLICANT_IMPORT_MAX_ROWS).optional(),
    /** Skip those invited already (a first invitation after an import). */
    notInvitedOnly: z.boolean().default(false),
  })
  .strict();
export type InviteApplicantsBody = z.infer<typeof inviteApplicantsBody>;

export const inviteApplicantsResponse = z.object({
  /** Invitations queued. */
  invited: z.number().int(),
  /** When the invitation was recorded (ISO time). */
  invitedAt: z.string(),
});
export type InviteApplicantsResponse = z.infer<typeof inviteApplicantsResponse>;
