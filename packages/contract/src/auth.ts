import { z } from 'zod';

export const userTypes = ['anon', 'admin', 'staff', 'intervenant', 'student', 'parent', 'admissible', 'company'] as const;
export const userType = z.enum(userTypes);
export type UserType = z.infer<typeof userType>;

import { languages } from './languages.ts';

export { languages };
export const language = z.enum(languages);
export type Language = z.infer<typeof language>;

export const loginLinkBody = z.object({
  email: z.email().max(254),
  lang: language.optional(),
});
export type LoginLinkBody = z.infer<typeof loginLinkBody>;

/** Ask for a fresh link from a link that no longer works (used, expired): the address stays unknown to the page. */
export const resendLinkBody = z.object({ t: z.string().min(10).max(200), lang: language.optional() });

export const exchangeBody = z.object({ t: z.string().min(10).max(200) });
export const tokenResponse = z.object({
  token: z.string(),
  /**
   * On sign-in from a link only: the language of the account's mails. A browser where the person never chose a language
   * adopts it, so that an applicant invited in English finds the portal in English.
   */
  lang: language.optional(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const meResponse = z.object({
  userType,
  prenom: z.string(),
  nom: z.string(),
  mail: z.string(),
});
export type MeResponse = z.infer<typeof meResponse>;

export { refreshTokenHeader } from './auth-header.ts';
