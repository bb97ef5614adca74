import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** Generated secrets and one-off flags (demo data loaded), shared by every API process. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The CFA's identity as an admin sets it in the back office (issue 28): one row (id 1), read by every process at each
 * use (the contract's preparation, the contact page, the mails' footer within its cache's 30 s). Absent: the server's
 * CFA_* environment gives the values. Who saved it last, and when.
 */
export const cfaSettings = pgTable(
  'cfa_settings',
  {
    id: integer('id').primaryKey().default(1),
    denomination: text('denomination').notNull(),
    uai: text('uai').notNull(),
    siret: text('siret').notNull(),
    street: text('street').notNull(),
    postcode: text('postcode').notNull(),
    city: text('city').notNull(),
    representativeName: text('representative_name').notNull(),
    representativeTitle: text('representative_title').notNull().default(''),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull(),
    contactHoursFr: text('contact_hours_fr').notNull(),
    contactHoursEn: text('contact_hours_en').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('cfa_settings_single_row_check', sql`${t.id} = 1`)],
);

/** Fixed-window counters for rate limits, shared by every API process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** Outgoing mail queue: nothing is lost while SMTP is down. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /**
     * The RFC 5322 Message-ID the mail is sent with (`<uuid@host of MAIL_FROM>`), set when queued so that evidence
     * (SIGNING.md 3, "the SMTP Message-ID") can name the mail before it leaves.
     */
    messageId: text('message_id'),
    /**
     * A secret the mail carries (a signature code), encrypted with the data keys (lib/crypto.ts): the subject and bodies
     * hold a placeholder where it goes, put back at sending only; erased once the mail is sent or given up, so that a
     * reader of this table cannot sign.
     */
    sealedSecret: text('sealed_secret'),
    /** pending, sending, sent, printed (no SMTP configured), failed (gave up). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    check('mail_outbox_status_check', sql`${t.status} in ('pending','sending','sent','printed','failed')`),
  ],
);

/** Stored documents (metadata). The bytes live behind the storage interface (table file_blobs by default). */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** cv, cvec, attestationBac, public, logo, cerfa, cerfaAvenant, ficheMission, ... */
    kind: text('kind').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_owner_kind_idx').on(t.ownerUserId, t.kind, t.createdAt)],
);

export const fileBlobs = pgTable('file_blobs', {
  key: text('key').primaryKey(),
  data: bytea('data').notNull(),
});

/** Append-only trail of changes to dossiers and other sensitive records. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    dossierId: integer('dossier_id'),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    details: jsonb('details').notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_dossier_idx').on(t.dossierId, t.at)],
);

/**
 * Scheduled work shared by every API process (reminders, digests, alerts, purges): a job runs where a process wins the
 * row (`next_run_at` due and no live lock), so each run happens once whatever the number of processes.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastError: text('last_error'),
});

/**
 * What a job has done once and must not do again (a reminder for one waiting period, a staff member's digest of one
 * day): inserted in the transaction that queues the mail.
 */
export const jobMarks = pgTable(
  'job_marks',
  {
    job: text('job').notNull(),
    key: text('key').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.key] })],
);

/**
 * Work a transaction hands to any API process, to be done within seconds (issue 27, docs/decisions/0040-queued-jobs.md):
 * the seal of a contract whose last signer signed, queued in that signature's transaction. A process takes a row with
 * `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`); one that dies mid-run leaves it to another once the lease is
 * over. One row per (kind, key): queuing the same work twice is a no-op. The payload holds ids, never personal data.
 */
export const jobQueue = pgTable(
  'job_queue',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** queued (to run, or to retry at run_at), done, failed (gave up after the maximum attempts). */
    state: text('state').notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The runner that took it last (host, process and runner ids): which process ran the job, and when. */
    lockedBy: text('locked_by'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** The last failure's type and codes, never its message (a database error quotes values). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('job_queue_kind_key_idx').on(t.kind, t.key),
    index('job_queue_due_idx').on(t.state, t.runAt),
    check('job_queue_state_check', sql`${t.state} in ('queued','done','failed')`),
  ],
);

/**
 * The answers of state changes sent with an `Idempotency-Key` header (issue 27): a second request of the same user with
 * the same key on the same method and path gets the first one's answer, without acting again. Written in the
 * transaction of the change itself; kept a day.
 */
export const requestKeys = pgTable(
  'request_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method and path (`POST /api/staff/dossiers/12/contract-prepared`): the same key elsewhere is another request. */
    route: text('route').notNull(),
    /** SHA-256 of the request's body: the same key with another body is refused, not answered with another's result. */
    fingerprint: text('fingerprint').notNull(),
    answer: jsonb('answer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key, t.route] }), index('request_keys_created_idx').on(t.createdAt)],
);
