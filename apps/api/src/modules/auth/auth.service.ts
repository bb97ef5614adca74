import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Language, UserType } from '@passerelle/contract';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hitRateLimit, rateLimitKey } from '../../db/rate-limit.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { enqueueMail, renderMail } from '../mail/mail.service.ts';
import { findUserByAddress, getUser, mailLanguageOf, normalizeEmail, type User } from '../users/users.service.ts';
import {
  consumeLoginToken,
  consumeRefreshToken,
  findLoginTokenOwner,
  findRefreshToken,
  insertLoginToken,
  insertRefreshToken,
  insertSession,
  recordSignIn,
  revokeSession,
  revokeSessionsOfUser,
} from './auth.repo.ts';

// The hourly purge of dead sign-in rows, for the job runner (modules/jobs).
export { purgeExpiredSessions } from './auth.maintenance.ts';

type AuthConfig = Pick<
  Config,
  'publicUrl' | 'LOGIN_LINK_TTL' | 'REFRESH_TOKEN_TTL' | 'LOGIN_RATE_PER_ADDRESS' | 'LOGIN_RATE_WINDOW' | 'MAIL_FROM'
>;

/** 32 random bytes, base64url: the value handed out. Only its SHA-256 is stored. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A one-time sign-in link for this user, valid LOGIN_LINK_TTL seconds. Other modules use it too
 * (an employer invited by an applicant receives one). The token rides in the query string: the
 * request logger drops query strings, and the web app removes `t` from the address on load.
 */
export async function createLoginLink(
  db: Db | Tx,
  config: Pick<AuthConfig, 'publicUrl' | 'LOGIN_LINK_TTL'>,
  userId: number,
): Promise<string> {
  const token = newSecretToken();
  await insertLoginToken(db, { userId, tokenHash: hashToken(token), ttlSeconds: config.LOGIN_LINK_TTL });
  const url = new URL(`${config.publicUrl}/`);
  url.searchParams.set('t', token);
  return url.toString();
}

/** Creates a link and queues the sign-in mail, in the user's language, in one transaction. */
export async function sendLoginLink(db: Db | Tx, config: AuthConfig, user: User): Promise<void> {
  await db.transaction(async (tx) => {
    const url = await createLoginLink(tx, config, user.id);
    const mail = renderMail('loginLink', mailLanguageOf(user), {
      prenom: user.prenom,
      url,
      validitySeconds: config.LOGIN_LINK_TTL,
    });
    await enqueueMail(tx, { to: user.email, ...mail }, config);
  });
}

/**
 * Counts a link request for this address. Past the limit the caller still answers 202 but sends
 * nothing: a 429 here would only happen for addresses someone asks about, and answering differently
 * for a known address would tell who has an account. The counter runs for unknown addresses too.
 */
async function isUnderAddressLimit(db: Db, config: AuthConfig, address: string): Promise<boolean> {
  const key = rateLimitKey('sign-in:address', normalizeEmail(address));
  const result = await hitRateLimit(db, key, { limit: config.LOGIN_RATE_PER_ADDRESS, windowSeconds: config.LOGIN_RATE_WINDOW });
  return result.allowed;
}

/**
 * POST /auth/login-link, before the answer: counts the request against the address, known or not (one statement,
 * the same for both). True when a link may be mailed; the route answers 202 either way.
 */
export async function countLoginLinkRequest(db: Db, config: AuthConfig, email: string): Promise<boolean> {
  return isUnderAddressLimit(db, config, email);
}

/**
 * POST /auth/login-link, after the answer: mails a link if the address belongs to someone. Running once the 202 is
 * sent, its duration (a lookup, then a transaction for a known address only) cannot tell who has an account.
 */
export async function mailLoginLinkIfKnown(db: Db, config: AuthConfig, email: string): Promise<void> {
  const user = await findUserByAddress(db, normalizeEmail(email));
  // A deactivated account (issue 12) is answered like an unknown address: nothing is sent.
  if (user && !user.deactivatedAt) await sendLoginLink(db, config, user);
}

/**
 * POST /auth/login-link/resend: from a link that no longer works (mail scanners open links too),
 * a fresh one goes to the owner's address, which the page never learns.
 */
export async function resendLoginLink(db: Db, config: AuthConfig, token: string): Promise<void> {
  const ownerId = await findLoginTokenOwner(db, hashToken(token));
  if (ownerId === undefined) return;
  const user = await getUser(db, ownerId);
  if (user.deactivatedAt) return;
  if (!(await isUnderAddressLimit(db, config, user.email))) return;
  await sendLoginLink(db, config, user);
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  /** On sign-in from a link: the account's language, which a browser without a chosen one adopts. */
  lang?: Language;
}

/** What sessions need of the auth plugin (plugins/auth.ts): minting access tokens, and dropping a cached session. */
export interface AccessTokens {
  sign(user: AuthUser, sessionId: string): string;
  /** This process stops trusting what it cached of an ended session; the others re-read it within seconds. */
  forget(sessionId: string): void;
}

async function issueRefreshToken(db: Db | Tx, config: AuthConfig, userId: number, family: string): Promise<string> {
  const token = newSecretToken();
  await insertRefreshToken(db, { userId, family, tokenHash: hashToken(token), ttlSeconds: config.REFRESH_TOKEN_TTL });
  return token;
}

/**
 * Opens a session for this user: a row in `sessions` and the first refresh token of its family. The session id goes
 * into every access token of the session (claim `sid`).
 */
export async function startSession(db: Db | Tx, config: AuthConfig, userId: number): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID();
  await insertSession(db, { id: sessionId, userId });
  return { sessionId, refreshToken: await issueRefreshToken(db, config, userId, sessionId) };
}

/** POST /auth/exchange: spends the link's token and opens a session. */
export async function exchangeLoginToken(db: Db, config: AuthConfig, tokens: AccessTokens, token: string): Promise<Session> {
  const { user, session } = await db.transaction(async (tx) => {
    const userId = await consumeLoginToken(tx, hashToken(token));
    if (userId === undefined) throw new AppError('INVALID_LINK');
    const found = await getUser(tx, userId);
    // A deactivated account's links are deleted with its deactivation; one minted since by another module opens nothing.
    if (found.deactivatedAt) throw new AppError('INVALID_LINK');
    await recordSignIn(tx, found.id);
    return { user: found, session: await startSession(tx, config, found.id) };
  });
  const accessToken = tokens.sign({ id: user.id, userType: user.userType as UserType }, session.sessionId);
  return { accessToken, refreshToken: session.refreshToken, lang: mailLanguageOf(user) };
}

/** A used refresh token presented again within this delay is a race between tabs, not a theft. */
const REFRESH_REUSE_GRACE_MS = 10_000;

/**
 * GET /admissibles/refresh_token: rotates the refresh token. A token that was already used coming
 * back means two holders (one of them a thief, maybe the first): the whole session is ended, its
 * access tokens with it, and both must sign in again.
 */
export async function refreshSession(db: Db, config: AuthConfig, tokens: AccessTokens, token: string | undefined): Promise<Session> {
  if (!token) throw new AppError('UNAUTHORIZED');
  const tokenHash = hashToken(token);
  const outcome = await db.transaction(async (tx) => {
    const spent = await consumeRefreshToken(tx, tokenHash);
    if (spent) {
      const refreshToken = await issueRefreshToken(tx, config, spent.userId, spent.family);
      return { user: { id: spent.userId, userType: spent.userType as UserType }, sessionId: spent.family, refreshToken };
    }
    const known = await findRefreshToken(tx, tokenHash);
    if (!known?.usedAt || known.revokedAt || known.sessionRevokedAt) return undefined;
    // Two tabs of one browser refreshing at the same moment send the same cookie: within a few seconds of its
    // rotation, a reuse is that race, not a theft, and gets a token of the same family.
    if (Date.now() - known.usedAt.getTime() < REFRESH_REUSE_GRACE_MS) {
      const refreshToken = await issueRefreshToken(tx, config, known.userId, known.family);
      return { user: { id: known.userId, userType: known.userType as UserType }, sessionId: known.family, refreshToken };
    }
    await revokeSession(tx, known.family);
    return { ended: known.family };
  });
  // Thrown after the transaction, so that the revocation above is committed.
  if (!outcome) throw new AppError('UNAUTHORIZED');
  if (outcome.ended !== undefined) {
    tokens.forget(outcome.ended);
    throw new AppError('UNAUTHORIZED');
  }
  return { accessToken: tokens.sign(outcome.user, outcome.sessionId), refreshToken: outcome.refreshToken };
}

/** POST /auth/logout: ends the session of this refresh token, its access tokens with it. */
export async function logout(db: Db, tokens: AccessTokens, token: string | undefined): Promise<void> {
  if (!token) return;
  const known = await findRefreshToken(db, hashToken(token));
  if (!known) return;
  await revokeSession(db, known.family);
  tokens.forget(known.family);
}

/**
 * Ends every session of a user (an account closed or taken over): their refresh cookies stop working at once, and
 * their access tokens within SESSION_CHECK_CACHE_MS on every API process. Returns the ids of the sessions ended.
 */
export async function revokeUserSessions(db: Db | Tx, userId: number, tokens?: Pick<AccessTokens, 'forget'>): Promise<string[]> {
  const ended = await revokeSessionsOfUser(db, userId);
  for (const id of ended) tokens?.forget(id);
  return ended;
}
