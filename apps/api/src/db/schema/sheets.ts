import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { files } from './platform.ts';
import { dossiers } from './portal.ts';

/**
 * The sheets of a dossier, one row per kind: f1ca and f1ce (first contacts), missions (clarification),
 * fra and fre (the applicant's and the employer's parts of the information sheet). `data` nests the
 * CERFA blocks; it never holds the NIR, which lives encrypted in dossier_personal.
 */
export const sheets = pgTable(
  'sheets',
  {
    id: serial('id').primaryKey(),
    dossierId: integer('dossier_id')
      .notNull()
      .references(() => dossiers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    data: jsonb('data').notNull().default({}),
    status: text('status').notNull().default('draft'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('sheets_dossier_kind_idx').on(t.dossierId, t.kind),
    check('sheets_kind_check', sql`${t.kind} in ('f1ca','f1ce','missions','fra','fre')`),
    check('sheets_status_check', sql`${t.status} in ('draft','submitted')`),
    check('sheets_submitted_at_check', sql`(${t.status} = 'submitted') = (${t.submittedAt} is not null)`),
  ],
);

/** Personal data of a dossier's applicant, encrypted (AES-256-GCM); the keyed hash finds a NIR without decrypting. */
export const dossierPersonal = pgTable(
  'dossier_personal',
  {
    dossierId: integer('dossier_id')
      .primaryKey()
      .references(() => dossiers.id, { onDelete: 'cascade' }),
    nirCiphertext: text('nir_ciphertext'),
    nirHash: text('nir_hash'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dossier_personal_nir_hash_idx').on(t.nirHash),
    check('dossier_personal_nir_pair_check', sql`(${t.nirCiphertext} is null) = (${t.nirHash} is null)`),
  ],
);

/** Every funding decision of the employer, in order; the latest one is the current answer. */
export const fundingValidations = pgTable(
  'funding_validations',
  {
    id: serial('id').primaryKey(),
    dossierId: integer('dossier_id')
      .notNull()
      .references(() => dossiers.id, { onDelete: 'cascade' }),
    decision: text('decision').notNull(),
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('funding_validations_dossier_idx').on(t.dossierId, t.decidedAt),
    check('funding_validations_decision_check', sql`${t.decision} in ('accepted','denied','stalled')`),
    check(
      'funding_validations_reason_check',
      sql`${t.decision} <> 'denied' or length(trim(coalesce(${t.reason}, ''))) > 0`,
    ),
  ],
);

/** The terms (modalités) the employer-relations service records before the employer validates funding. */
export const dossierTerms = pgTable('dossier_terms', {
  dossierId: integer('dossier_id')
    .primaryKey()
    .references(() => dossiers.id, { onDelete: 'cascade' }),
  data: jsonb('data').notNull(),
  recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The dated SMIC table the salary rules read; staff add a row when the law changes it. */
export const smicRates = pgTable('smic_rates', {
  validFrom: date('valid_from').primaryKey(),
  monthly: numeric('monthly', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  hourly: numeric('hourly', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  mayotteMonthly: numeric('mayotte_monthly', { precision: 10, scale: 2, mode: 'number' }),
  mayotteHourly: numeric('mayotte_hourly', { precision: 10, scale: 2, mode: 'number' }),
  /** The text that set it (décret, arrêté) and where it was published; null for values entered before issue 28. */
  source: text('source'),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Files attached to a sheet (the job description of the missions sheet): one per sheet kind and dossier. */
export const sheetAttachments = pgTable(
  'sheet_attachments',
  {
    id: serial('id').primaryKey(),
    dossierId: integer('dossier_id')
      .notNull()
      .references(() => dossiers.id, { onDelete: 'cascade' }),
    sheetKind: text('sheet_kind').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sheet_attachments_dossier_kind_idx').on(t.dossierId, t.sheetKind),
    index('sheet_attachments_file_idx').on(t.fileId),
  ],
);
