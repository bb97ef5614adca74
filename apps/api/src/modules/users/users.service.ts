import type { Language, MeResponse, UserType } from '@passerelle/contract';
import { languages } from '@passerelle/contract';
import type { Database, Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findMe, findUserByEmail, findUserById, insertUserIfAbsent, type User } from './users.repo.ts';

export type { User } from './users.repo.ts';

/** Addresses are compared and stored lower-cased (the users table checks it). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The language a user's mails are written in; fr-FR, the product's default, for anything unexpected. */
export function mailLanguageOf(user: Pick<User, 'lang'>): Language {
  return (languages as readonly string[]).includes(user.lang) ? (user.lang as Language) : 'fr-FR';
}

export async function findUserByAddress(db: Db | Tx, email: string): Promise<User | undefined> {
  return findUserByEmail(db, normalizeEmail(email));
}

export async function getUser(db: Db | Tx, id: number): Promise<User> {
  const user = await findUserById(db, id);
  // A token outliving its user identifies nobody: 401, so that the web app signs out.
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}

export async function getMe(database: Database, id: number): Promise<MeResponse> {
  const user = await findMe(database, id);
  // A token outliving its user identifies nobody: 401, so that the web app signs out.
  if (!user) throw new AppError('UNAUTHORIZED');
  return { userType: user.userType as UserType, prenom: user.prenom, nom: user.nom, mail: user.email };
}

export interface UserIdentity {
  email: string;
  userType: UserType;
  prenom: string;
  nom: string;
  lang: Language;
}

/**
 * The user with this address, created when unknown (an applicant admitted, an employer invited).
 * An existing user is returned unchanged: a caller must not silently change someone's type or name.
 */
export async function findOrCreateUserByEmail(db: Db | Tx, identity: UserIdentity): Promise<User> {
  const email = normalizeEmail(identity.email);
  const created = await insertUserIfAbsent(db, { ...identity, email });
  if (created) return created;
  const existing = await findUserByEmail(db, email);
  if (!existing) throw new Error('user neither created nor found');
  return existing;
}
