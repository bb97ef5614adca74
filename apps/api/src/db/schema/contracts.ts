import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { files } from './platform.ts';
import { dossiers } from './portal.ts';

/**
 * Every version of a contract document generated for a dossier (issue 11, "Documents"): the CERFA, the training
 * convention, the subrogation mandate and the annex of what is missing. A new version of a kind supersedes the
 * previous one (`superseded_at`): pending signatures of a superseded version become unavailable. The bytes live in
 * the files storage; `sha256` is the hash of those exact bytes, the one a signer consents to.
 */
export const contractDocuments = pgTable(
  'contract_documents',
  {
    id: serial('id').primaryKey(),
    dossierId: integer('dossier_id')
      .notNull()
      .references(() => dossiers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    version: integer('version').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    sha256: text('sha256').notNull(),
    /** The CERFA edition drawn or filled (`10103*12`, `12434*03`); null for the other documents. */
    edition: text('edition'),
    pages: integer('pages').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('contract_documents_version_idx').on(t.dossierId, t.kind, t.version),
    // At most one current version per kind.
    uniqueIndex('contract_documents_current_idx')
      .on(t.dossierId, t.kind)
      .where(sql`${t.supersededAt} is null`),
    index('contract_documents_file_idx').on(t.fileId),
    check('contract_documents_kind_check', sql`${t.kind} in ('cerfa','convention','mandate','annex')`),
    check('contract_documents_version_check', sql`${t.version} > 0`),
    check('contract_documents_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);
