import { eq } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export type User = typeof users.$inferSelect;
export type NewUser = Pick<typeof users.$inferInsert, 'email' | 'userType' | 'prenom' | 'nom' | 'lang'>;

export async function findUserById(db: Db | Tx, id: number): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

const ME_BY_ID = 'select user_type as "userType", prenom, nom, email from users where id = $1';

/** What the user reads of their own account (GET /users/me), on every page load: a prepared statement (Database.prepared). */
export async function findMe(database: Database, id: number): Promise<Pick<User, 'userType' | 'prenom' | 'nom' | 'email'> | undefined> {
  const [row] = await database.prepared<Pick<User, 'userType' | 'prenom' | 'nom' | 'email'>>('users_find_me', ME_BY_ID, [id]);
  return row;
}

export async function findUserByEmail(db: Db | Tx, email: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** Inserts the user unless the address is taken; undefined when it was. */
export async function insertUserIfAbsent(db: Db | Tx, user: NewUser): Promise<User | undefined> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing({ target: users.email }).returning();
  return row;
}
