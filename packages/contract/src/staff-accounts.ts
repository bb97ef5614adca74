import { z } from 'zod';
import { language } from './auth.ts';

// ---------- Back-office accounts (issue 12): admins invite, deactivate and reactivate staff ----------

/** The roles of the back office: staff handle the cases; admins also manage the accounts. */
export const staffRoles = ['staff', 'admin'] as const;
export const staffRole = z.enum(staffRoles);
export type StaffRole = z.infer<typeof staffRole>;

const personName = z.string().trim().max(100);

/**
 * POST /staff/accounts: creates the account, or invites an existing staff account again (its role and names follow the
 * body), and mails a personal sign-in link in `lang`.
 */
export const inviteStaffBody = z
  .object({
    email: z.email().max(254),
    prenom: personName.optional(),
    nom: personName.optional(),
    admin: z.boolean(),
    lang: language.default('fr-FR'),
  })
  .strict();
export type InviteStaffBody = z.infer<typeof inviteStaffBody>;
/** What the invitation form holds before it is sent (the default language filled in). */
export type InviteStaffInput = z.input<typeof inviteStaffBody>;

export const staffAccount = z.object({
  id: z.number().int(),
  email: z.string(),
  prenom: z.string(),
  nom: z.string(),
  role: staffRole,
  lang: language,
  /** ISO timestamps; null: never invited, never signed in, active. */
  invitedAt: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  deactivatedAt: z.string().nullable(),
  /** The account of the admin asking: it cannot be deactivated from here. */
  isMe: z.boolean(),
});
export type StaffAccount = z.infer<typeof staffAccount>;
export const staffAccountsResponse = z.object({ accounts: z.array(staffAccount) });
export type StaffAccountsResponse = z.infer<typeof staffAccountsResponse>;

export const inviteStaffResponse = z.object({ account: staffAccount, created: z.boolean() });
export type InviteStaffResponse = z.infer<typeof inviteStaffResponse>;

export const staffAccountParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const staffAccountResponse = z.object({ account: staffAccount });
