import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull().unique(),
    userType: text('user_type').notNull(),
    prenom: text('prenom').notNull().default(''),
    nom: text('nom').notNull().default(''),
    /** Language of the mails we send: fr-FR or en-US. */
    lang: text('lang').notNull().default('fr-FR'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last personal invitation mailed by staff or the command line (issue 12); null when never invited. */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /** The last time a sign-in link of this account was used; null: never signed in. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** Set by an admin: the account cannot sign in and its sessions are revoked. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'users_user_type_check',
      sql`${t.userType} in ('anon','admin','staff','intervenant','student','parent','admissible','company')`,
    ),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);

/** One-time sign-in links. Only the SHA-256 of the token is kept. */
export const loginTokens = pgTable(
  'login_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_tokens_user_idx').on(t.userId)],
);

/**
 * Sessions, one per sign-in (POST /auth/exchange). The id is the family of the session's refresh tokens and the `sid`
 * claim of its access tokens: once `revoked_at` is set (logout, a stolen refresh token, an account closed), every
 * access token of the session is refused within seconds (SESSION_CHECK_CACHE_MS).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens, rotated on each use; a family is revoked whole when a used token comes back. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session (sessions.id). */
    family: uuid('family')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.family)],
);
