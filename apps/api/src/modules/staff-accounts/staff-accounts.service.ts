import type { Language, StaffAccount, StaffRole } from '@passerelle/contract';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { revokeUserSessions, sendLoginLink, type AccessTokens } from '../auth/auth.service.ts';
import { findUserByAddress, mailLanguageOf, normalizeEmail, type User } from '../users/users.service.ts';
import {
  countOtherActiveAdmins,
  deleteUnusedLoginTokens,
  findStaffUser,
  findStaffUsers,
  insertStaffUserIfAbsent,
  lockUser,
  staffUserTypes,
  updateUser,
} from './staff-accounts.repo.ts';

export interface InviteStaffInput {
  email: string;
  admin: boolean;
  /** The admin inviting; null from the command line. */
  invitedBy: number | null;
  lang?: Language;
  prenom?: string;
  nom?: string;
}

const isStaffType = (userType: string): userType is StaffRole =>
  (staffUserTypes as readonly string[]).includes(userType);

/** A 409 whose message sits under one field of the form (a validation text code, put into words by the web app). */
const fieldConflict = (field: string, code: string, message: string) =>
  new AppError('CONFLICT', message, { [field]: [code] });

/** Refuses a change that would leave the back office without an active admin to manage the accounts. */
async function keepAnActiveAdmin(tx: Tx, user: User): Promise<void> {
  if (user.userType !== 'admin' || user.deactivatedAt) return;
  if ((await countOtherActiveAdmins(tx, user.id)) === 0)
    throw fieldConflict('account', 'accounts.last_admin', 'The last active admin must stay an active admin');
}

/**
 * Creates a back-office account, or invites an existing one again, and mails it a personal sign-in link in its
 * language. An existing account takes the role asked and the names given; an address that belongs to an applicant or
 * an employer, or to a deactivated account (reactivated on purpose, never by an invitation), is refused. A role changed
 * ends the account's sessions in the same transaction (issue 27): the person signs in again with the new role, and
 * every process refuses the old one within the session check's window. `tokens`: this process's session check, told
 * at once (none from the command line).
 */
export async function inviteStaff(
  db: Db,
  config: Config,
  input: InviteStaffInput,
  tokens?: Pick<AccessTokens, 'forget'>,
): Promise<{ id: number; created: boolean }> {
  const email = normalizeEmail(input.email);
  const role: StaffRole = input.admin ? 'admin' : 'staff';
  // A name left empty keeps the one the account has: an invitation again from the list sends none.
  const names = {
    ...(input.prenom?.trim() ? { prenom: input.prenom.trim() } : {}),
    ...(input.nom?.trim() ? { nom: input.nom.trim() } : {}),
  };
  const { id, created, ended } = await db.transaction(async (tx) => {
    // Inserted unless the address is taken (two invitations at once meet here, not at the unique index).
    const inserted = await insertStaffUserIfAbsent(tx, {
      email,
      userType: role,
      lang: input.lang ?? 'fr-FR',
      prenom: '',
      nom: '',
      ...names,
    });
    let user: User;
    let ended: string[] = [];
    if (inserted) {
      user = inserted;
    } else {
      const existing = await findUserByAddress(tx, email);
      const locked = existing ? await lockUser(tx, existing.id) : undefined;
      if (!locked) throw notFound();
      if (!isStaffType(locked.userType))
        throw fieldConflict('email', 'accounts.email_not_staff', 'This address belongs to an applicant or an employer');
      if (locked.deactivatedAt)
        throw fieldConflict('email', 'accounts.deactivated', 'This account is deactivated: reactivate it first');
      if (locked.userType === 'admin' && role === 'staff') {
        if (input.invitedBy === locked.id)
          throw fieldConflict('admin', 'accounts.self', 'An admin cannot remove their own rights');
        await keepAnActiveAdmin(tx, locked);
      }
      const updated = await updateUser(tx, locked.id, {
        userType: role,
        ...names,
        ...(input.lang ? { lang: input.lang } : {}),
        invitedAt: new Date(),
      });
      if (!updated) throw notFound();
      if (updated.userType !== locked.userType) ended = await revokeUserSessions(tx, locked.id);
      user = updated;
    }
    await sendLoginLink(tx, config, user);
    return { id: user.id, created: inserted !== undefined, ended };
  });
  // After the commit, as deactivateStaffAccount does.
  for (const sessionId of ended) tokens?.forget(sessionId);
  return { id, created };
}

function toStaffAccount(user: User, meId: number): StaffAccount {
  return {
    id: user.id,
    email: user.email,
    prenom: user.prenom,
    nom: user.nom,
    role: user.userType === 'admin' ? 'admin' : 'staff',
    lang: mailLanguageOf(user),
    invitedAt: user.invitedAt?.toISOString() ?? null,
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
    deactivatedAt: user.deactivatedAt?.toISOString() ?? null,
    isMe: user.id === meId,
  };
}

/** GET /staff/accounts: the back-office accounts, active ones first. */
export async function findStaffAccounts(db: Db, meId: number): Promise<StaffAccount[]> {
  return (await findStaffUsers(db)).map((user) => toStaffAccount(user, meId));
}

/** One back-office account; an applicant's or an employer's id is as unknown here as a missing one. */
export async function getStaffAccount(db: Db, id: number, meId: number): Promise<StaffAccount> {
  const user = await findStaffUser(db, id);
  if (!user) throw notFound('No such account');
  return toStaffAccount(user, meId);
}

/** The account locked for the transaction; an applicant's or an employer's id is as unknown here as a missing one. */
async function lockStaffUser(tx: Tx, id: number): Promise<User> {
  const user = await lockUser(tx, id);
  if (!user || !isStaffType(user.userType)) throw notFound('No such account');
  return user;
}

/**
 * POST /staff/accounts/:id/deactivate: the account can no longer sign in (its unused links are deleted, a new one is
 * never sent) and every session ends: refresh cookies at once, access tokens within the session check's cache window.
 * Nobody deactivates their own account, and the last active admin stays.
 */
export async function deactivateStaffAccount(
  db: Db,
  tokens: Pick<AccessTokens, 'forget'>,
  id: number,
  meId: number,
): Promise<StaffAccount> {
  const { user, ended } = await db.transaction(async (tx) => {
    const locked = await lockStaffUser(tx, id);
    if (locked.id === meId)
      throw fieldConflict('account', 'accounts.self', 'An admin cannot deactivate their own account');
    if (locked.deactivatedAt) return { user: locked, ended: [] };
    await keepAnActiveAdmin(tx, locked);
    const updated = await updateUser(tx, locked.id, { deactivatedAt: new Date() });
    if (!updated) throw notFound('No such account');
    await deleteUnusedLoginTokens(tx, locked.id);
    return { user: updated, ended: await revokeUserSessions(tx, locked.id) };
  });
  // After the commit: a process forgetting before it could cache the session again as still open.
  for (const sessionId of ended) tokens.forget(sessionId);
  return toStaffAccount(user, meId);
}

/** POST /staff/accounts/:id/reactivate: the account may sign in again; it asks for a link (or is invited again). */
export async function reactivateStaffAccount(db: Db, id: number, meId: number): Promise<StaffAccount> {
  return db.transaction(async (tx) => {
    const locked = await lockStaffUser(tx, id);
    if (!locked.deactivatedAt) return toStaffAccount(locked, meId);
    const updated = await updateUser(tx, locked.id, { deactivatedAt: null });
    if (!updated) throw notFound('No such account');
    return toStaffAccount(updated, meId);
  });
}
