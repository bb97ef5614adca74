import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { loginTokens, refreshTokens, users } from '../../db/schema/index.ts';

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

/** Spends a live refresh token (unused, not revoked, not expired) in one statement. */
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
      userId: refreshTokens.userId,
      userType: users.userType,
    })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

export async function revokeRefreshFamily(db: Db | Tx, family: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));
}
