import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { users } from '../../db/schema/index.ts';

export type User = typeof users.$inferSelect;
export type NewUser = Pick<typeof users.$inferInsert, 'email' | 'userType' | 'prenom' | 'nom' | 'lang'>;

export async function findUserById(db: Db | Tx, id: number): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

const meById = preparedQuery((db) =>
  db
    .select({ userType: users.userType, prenom: users.prenom, nom: users.nom, email: users.email })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('users_find_me'),
);

/** What the user reads of their own account (GET /users/me): a prepared query. */
export async function findMe(db: Db, id: number): Promise<Pick<User, 'userType' | 'prenom' | 'nom' | 'email'> | undefined> {
  const [row] = await meById(db).execute({ id });
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
