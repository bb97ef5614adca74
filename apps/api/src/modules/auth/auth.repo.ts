import { and, eq, gt, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client.ts';
import { loginTokens, refreshTokens, sessions, users } from '../../db/schema/index.ts';
import type { SessionState } from './session-cache.ts';

export async function insertLoginToken(db: Db | Tx, values: { userId: number; tokenHash: string; ttlSeconds: number }): Promise<void> {
  await db.insert(loginTokens).values({
    userId: values.userId,
    tokenHash: values.tokenHash,
    expiresAt: sql`now() + make_interval(secs => ${values.ttlSeconds})`,
  });
}

/**
 * Checks and spends a sign-in token in one statement: of two requests racing with the same link,
 * exactly one gets the user.
 */
export async function consumeLoginToken(db: Db | Tx, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .update(loginTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(loginTokens.tokenHash, tokenHash), isNull(loginTokens.usedAt), gt(loginTokens.expiresAt, sql`now()`)))
    .returning({ userId: loginTokens.userId });
  return row?.userId;
}

/** A sign-in link was used: the back office tells applicants who never signed in (issue 12). */
export async function recordSignIn(db: Db | Tx, userId: number): Promise<void> {
  await db.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.id, userId));
}

/** The owner of a sign-in token, whether it is still valid or not. */
export async function findLoginTokenOwner(db: Db | Tx, tokenHash: string): Promise<number | undefined> {
  const [row] = await db.select({ userId: loginTokens.userId }).from(loginTokens).where(eq(loginTokens.tokenHash, tokenHash));
  return row?.userId;
}

export async function insertRefreshToken(
  db: Db | Tx,
  values: { userId: number; family: string; tokenHash: string; ttlSeconds: number },
): Promise<void> {
  await db.insert(refreshTokens).values({
    userId: values.userId,
    family: values.family,
    tokenHash: values.tokenHash,
    expiresAt: sql`now() + make_interval(secs => ${values.ttlSeconds})`,
  });
}

export async function insertSession(db: Db | Tx, values: { id: string; userId: number }): Promise<void> {
  await db.insert(sessions).values(values);
}

const SESSION_BY_ID =
  'select s.user_id as "userId", u.user_type as "userType", coalesce(s.revoked_at, u.deactivated_at) as "revokedAt" ' +
  'from sessions s join users u on u.id = s.user_id where s.id = $1';

/**
 * The session's owner, the owner's type of account now, and whether the session ended (or the account was deactivated);
 * undefined for a session that never existed (or was purged). The session check of authenticated requests: a prepared
 * statement (Database.prepared), one primary-key lookup in each table.
 */
export async function findSession(database: Database, id: string): Promise<SessionState | undefined> {
  const [row] = await database.prepared<SessionState>('auth_find_session', SESSION_BY_ID, [id]);
  return row;
}

/** Ends a session: its access tokens are refused and its refresh tokens (the family) revoked. */
export async function revokeSession(db: Db | Tx, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.family, id), isNull(refreshTokens.revokedAt)));
  });
}

/** Ends every open session of a user; returns their ids. */
export async function revokeSessionsOfUser(db: Db | Tx, userId: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await tx
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    return ended.map((s) => s.id);
  });
}

/** Spends a live refresh token (unused, not revoked, not expired, of a session not ended) in one statement. */
export async function consumeRefreshToken(
  db: Db | Tx,
  tokenHash: string,
): Promise<{ userId: number; family: string; userType: string } | undefined> {
  const [spent] = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
        notExists(
          db
            .select({ id: sessions.id })
            .from(sessions)
            .where(and(eq(sessions.id, refreshTokens.family), isNotNull(sessions.revokedAt))),
        ),
      ),
    )
    .returning({ userId: refreshTokens.userId, family: refreshTokens.family });
  if (!spent) return undefined;
  const [user] = await db.select({ userType: users.userType }).from(users).where(eq(users.id, spent.userId));
  return user ? { ...spent, userType: user.userType } : undefined;
}

export async function findRefreshToken(db: Db | Tx, tokenHash: string) {
  const [row] = await db
    .select({
      family: refreshTokens.family,
      usedAt: refreshTokens.usedAt,
      revokedAt: refreshTokens.revokedAt,
      sessionRevokedAt: sessions.revokedAt,
      userId: refreshTokens.userId,
      userType: users.userType,
    })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .innerJoin(sessions, eq(sessions.id, refreshTokens.family))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}
