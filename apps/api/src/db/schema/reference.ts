import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, date, boolean } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * The reference tables (issue 28), loaded from the files the portal ships (modules/lookups/reference-data) on first use,
 * then replaced by admins from the back office. One row per table in `reference_tables` says which version is loaded.
 */
export const referenceTables = pgTable('reference_tables', {
  name: text('name').primaryKey(),
  source: text('source').notNull(),
  sourceDate: date('source_date').notNull(),
  rowCount: integer('row_count').notNull(),
  /** True for the version the portal shipped with. */
  shipped: boolean('shipped').notNull(),
  loadedBy: integer('loaded_by').references(() => users.id, { onDelete: 'set null' }),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Collective agreements by IDCC (4 digits) with Légifrance's legal state (null when it lists none). */
export const refIdcc = pgTable('ref_idcc', {
  code: text('code').primaryKey(),
  etat: text('etat'),
  libelle: text('libelle').notNull(),
});

/** The OPCO (code of the `opcos` list) of an IDCC. */
export const refIdccOpco = pgTable('ref_idcc_opco', {
  idcc: text('idcc').primaryKey(),
  opco: text('opco').notNull(),
});

/** NAF rev. 2 sub-classes (`62.01Z`). */
export const refNaf = pgTable('ref_naf', {
  code: text('code').primaryKey(),
  libelle: text('libelle').notNull(),
});

/** The communes (INSEE code) a postcode serves. */
export const refPostcodes = pgTable(
  'ref_postcodes',
  {
    codePostal: text('code_postal').notNull(),
    codeInsee: text('code_insee').notNull(),
    commune: text('commune').notNull(),
  },
  (t) => [primaryKey({ columns: [t.codePostal, t.codeInsee] })],
);

/**
 * The directories' last answers (company by SIRET, address search, communes of a postcode), so that a company or an
 * address seen before still fills the form after a restart or while the directory is down. `key` is the SIRET, or a
 * hash of the address typed (never the address itself: it may be a person's).
 */
export const lookupAnswers = pgTable(
  'lookup_answers',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] }), index('lookup_answers_fetched_idx').on(t.fetchedAt)],
);
