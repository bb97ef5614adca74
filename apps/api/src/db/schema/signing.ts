import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { contractDocuments } from './contracts.ts';
import { files } from './platform.ts';
import { dossiers } from './portal.ts';

/**
 * One signature request of a dossier's contract documents (issue 11, "Signing"). `method` is null until the first
 * signer (or staff) chooses online or manual; it can change until the first signature. At most one procedure per
 * dossier is `pending`: a new one supersedes it (documents regenerated, staff restart).
 */
export const signatureProcedures = pgTable(
  'signature_procedures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dossierId: integer('dossier_id')
      .notNull()
      .references(() => dossiers.id, { onDelete: 'cascade' }),
    /** online, manual; null while the first signer has not chosen. */
    method: text('method'),
    /** pending, completed, refused, expired, cancelled, superseded. */
    state: text('state').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the state left pending (completed, refused, expired, cancelled, superseded). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    /** The sealed result (documents, certificate of completion, school seal) and the SHA-256 of its bytes. */
    resultFileId: uuid('result_file_id').references(() => files.id, { onDelete: 'restrict' }),
    resultSha256: text('result_sha256'),
    /** The evidence chain's head hash printed on the certificate of completion. */
    chainHeadHash: text('chain_head_hash'),
  },
  (t) => [
    index('signature_procedures_dossier_idx').on(t.dossierId, t.createdAt),
    uniqueIndex('signature_procedures_pending_idx')
      .on(t.dossierId)
      .where(sql`${t.state} = 'pending'`),
    check('signature_procedures_method_check', sql`${t.method} is null or ${t.method} in ('online','manual')`),
    check(
      'signature_procedures_state_check',
      sql`${t.state} in ('pending','completed','refused','expired','cancelled','superseded')`,
    ),
    check(
      'signature_procedures_result_sha256_check',
      sql`${t.resultSha256} is null or ${t.resultSha256} ~ '^[0-9a-f]{64}$'`,
    ),
  ],
);

/** The exact document versions a procedure asks to sign: a consent applies to these hashes only. */
export const signatureDocuments = pgTable(
  'signature_documents',
  {
    id: serial('id').primaryKey(),
    procedureId: uuid('procedure_id')
      .notNull()
      .references(() => signatureProcedures.id, { onDelete: 'cascade' }),
    contractDocumentId: integer('contract_document_id')
      .notNull()
      .references(() => contractDocuments.id, { onDelete: 'restrict' }),
    /** Copied from the document version: the evidence reads without joining a table that may change. */
    sha256: text('sha256').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('signature_documents_procedure_document_idx').on(t.procedureId, t.contractDocumentId),
    uniqueIndex('signature_documents_procedure_position_idx').on(t.procedureId, t.position),
    check('signature_documents_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * The signers of a procedure, in order: employer, apprentice, legal representative (a minor apprentice), school.
 * The one-time code is kept as a hash with its attempts and expiry, never in clear.
 */
export const signatureSigners = pgTable(
  'signature_signers',
  {
    id: serial('id').primaryKey(),
    procedureId: uuid('procedure_id')
      .notNull()
      .references(() => signatureProcedures.id, { onDelete: 'cascade' }),
    /** employer, apprentice, legal_representative, school. */
    role: text('role').notNull(),
    signOrder: integer('sign_order').notNull(),
    /** The person asked (null for the school, which signs through any staff or admin account). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who actually signed (the staff member for the school). */
    signedByUserId: integer('signed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** The address the personal link and the code went to. */
    email: text('email').notNull(),
    /** pending, submitted (a paper scan awaits staff's check), signed, refused. */
    status: text('status').notNull().default('pending'),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    refusalReason: text('refusal_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    codeHash: text('code_hash'),
    /** Tries of the current code (a new code starts again at 0). */
    codeAttempts: integer('code_attempts').notNull().default(0),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
    /**
     * Who the current code was mailed to: the account that asked and its address. Only that account signs with it (the
     * school's code goes to the staff member who asked), and the evidence names that mailbox.
     */
    codeUserId: integer('code_user_id').references(() => users.id, { onDelete: 'set null' }),
    codeEmail: text('code_email'),
    /** Wrong codes over the procedure's life, every code together: past the cap the signer is locked until staff restart. */
    codeFailures: integer('code_failures').notNull().default(0),
    /** How a done signature was given: online (consent and code) or manual (a paper signature, scanned). */
    method: text('method'),
    /** Manual: the signed scan uploaded (status `submitted` until staff confirm or reject it). */
    scanFileId: uuid('scan_file_id').references(() => files.id, { onDelete: 'restrict' }),
    scanSha256: text('scan_sha256'),
    scanUploadedAt: timestamp('scan_uploaded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('signature_signers_procedure_role_idx').on(t.procedureId, t.role),
    uniqueIndex('signature_signers_procedure_order_idx').on(t.procedureId, t.signOrder),
    index('signature_signers_user_idx').on(t.userId),
    check('signature_signers_role_check', sql`${t.role} in ('employer','apprentice','legal_representative','school')`),
    check('signature_signers_status_check', sql`${t.status} in ('pending','submitted','signed','refused')`),
    check('signature_signers_code_attempts_check', sql`${t.codeAttempts} >= 0`),
    check('signature_signers_code_failures_check', sql`${t.codeFailures} >= 0`),
    check('signature_signers_method_check', sql`${t.method} is null or ${t.method} in ('online','manual')`),
  ],
);

/**
 * The signature audit trail: append-only (a trigger refuses UPDATE, DELETE and TRUNCATE, migration 0008) and
 * tamper-evident: one hash chain per dossier, `row_hash = sha256(prev_hash || canonical JSON of the row)`. No foreign
 * key: the evidence outlives the dossier and the procedure rows.
 */
export const signatureEvents = pgTable(
  'signature_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dossierId: integer('dossier_id').notNull(),
    procedureId: uuid('procedure_id'),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    prevHash: text('prev_hash').notNull(),
    rowHash: text('row_hash').notNull(),
  },
  (t) => [
    index('signature_events_dossier_idx').on(t.dossierId, t.id),
    // Two appends from the same head cannot both be stored: the chain cannot fork.
    uniqueIndex('signature_events_chain_idx').on(t.dossierId, t.prevHash),
    uniqueIndex('signature_events_row_hash_idx').on(t.rowHash),
    check('signature_events_hashes_check', sql`${t.prevHash} ~ '^[0-9a-f]{64}$' and ${t.rowHash} ~ '^[0-9a-f]{64}$'`),
  ],
);
