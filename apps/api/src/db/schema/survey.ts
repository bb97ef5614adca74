import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { dossiers } from './portal.ts';

/**
 * The closing survey (issue 11, "Survey"): one row per dossier, step and person, upserted page by page (saved as the
 * person goes). `answers` maps a question id of the contract (`surveyQuestions`) to its answer; `completedAt` is set
 * when page 3 is saved.
 */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: serial('id').primaryKey(),
    dossierId: integer('dossier_id')
      .notNull()
      .references(() => dossiers.id, { onDelete: 'cascade' }),
    /** The survey's step (`surveySteps` of the contract): signature, … */
    etape: text('etape').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** admissible or company: who answered, kept for the results should the account change later. */
    respondent: text('respondent').notNull(),
    answers: jsonb('answers').$type<Record<string, number | string>>().notNull().default({}),
    /** The last page saved (1 to 3). */
    page: smallint('page').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('survey_answers_person_idx').on(t.dossierId, t.etape, t.userId),
    index('survey_answers_etape_idx').on(t.etape, t.createdAt),
    check('survey_answers_page_check', sql`${t.page} between 1 and 3`),
    check('survey_answers_respondent_check', sql`${t.respondent} in ('admissible','company')`),
  ],
);

/**
 * A survey step sent for a case (issue 11, "available for the steps staff choose"): the `signature` step is sent when the
 * case is signed; the later steps (integration, end of contract) when staff send their links, for one case or for every
 * signed case. A step is open to a case's parties once its row exists; sending again reminds without a second row.
 */
export const surveyInvitations = pgTable(
  'survey_invitations',
  {
    id: serial('id').primaryKey(),
    dossierId: integer('dossier_id')
      .notNull()
      .references(() => dossiers.id, { onDelete: 'cascade' }),
    etape: text('etape').notNull(),
    /** The staff member who sent it; null when the product sent it (the case was signed). */
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    firstSentAt: timestamp('first_sent_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    timesSent: integer('times_sent').notNull().default(1),
  },
  (t) => [
    uniqueIndex('survey_invitations_case_idx').on(t.dossierId, t.etape),
    index('survey_invitations_etape_idx').on(t.etape, t.firstSentAt),
  ],
);
