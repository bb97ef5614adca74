import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { loginTokens, users } from '../../db/schema/index.ts';
import type { User } from '../users/users.service.ts';

/** The user types of the back office: a staff member, or an admin who also manages the accounts. */
export const staffUserTypes = ['staff', 'admin'] as const;

export async function findStaffUsers(db: Db | Tx): Promise<User[]> {
  return db
    .select()
    .from(users)
    .where(inArray(users.userType, [...staffUserTypes]))
    .orderBy(sql`${users.deactivatedAt} is not null`, asc(users.nom), asc(users.prenom), asc(users.email));
}

export async function findStaffUser(db: Db | Tx, id: number): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), inArray(users.userType, [...staffUserTypes])));
  return row;
}

/** The row locked for the rest of the transaction, so that two admins acting at once see each other's change. */
export async function lockUser(tx: Tx, id: number): Promise<User | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** Active admins other than this user, locked: the "last active admin" rule must hold against concurrent requests. */
export async function countOtherActiveAdmins(tx: Tx, userId: number): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.userType, 'admin'), isNull(users.deactivatedAt), ne(users.id, userId)))
    .for('update');
  return rows.length;
}

/** A new back-office account, invited now; undefined when the address is taken. */
export async function insertStaffUserIfAbsent(
  db: Db | Tx,
  values: Pick<User, 'email' | 'userType' | 'prenom' | 'nom' | 'lang'>,
): Promise<User | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...values, invitedAt: new Date() })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

export async function updateUser(
  db: Db | Tx,
  id: number,
  values: Partial<Pick<User, 'userType' | 'prenom' | 'nom' | 'lang' | 'invitedAt' | 'deactivatedAt'>>,
): Promise<User | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

/** Sign-in links not used yet die with the account's deactivation: a mail still in an inbox must not open a session. */
export async function deleteUnusedLoginTokens(db: Db | Tx, userId: number): Promise<void> {
  await db.delete(loginTokens).where(and(eq(loginTokens.userId, userId), isNull(loginTokens.usedAt)));
}
