import type { Language } from '@passerelle/contract';
import { ApiError, call } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';
import { hasChosenLanguage, i18n } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { removeKeysStartingWith, storageKeys } from '../../../lib/storage-keys';
import { meQueryOptions } from './me';

export type ExchangeOutcome = { kind: 'signed-in' } | { kind: 'invalid' } | { kind: 'failed'; error: unknown };

/**
 * A link works once: a second POST of the same token (React's strict mode runs effects twice, a component may mount
 * again) would answer 401 and show "expired" to someone who just signed in. So each token is exchanged once per page.
 */
const exchanges = new Map<string, Promise<ExchangeOutcome>>();

async function runExchange(t: string): Promise<ExchangeOutcome> {
  try {
    const { token, lang } = await call('POST /auth/exchange', { body: { t }, anonymous: true });
    // A browser where nobody chose a language takes the account's: an applicant invited in English reads English.
    if (lang && !hasChosenLanguage()) await i18n.changeLanguage(lang);
    // Someone else may have been signed in in this browser: nothing of theirs may stay in the cache.
    queryClient.clear();
    authStore.clear();
    authStore.setToken(token);
    // SPEC section 8: a failure to fetch the user is silent; the route guard asks again before showing a screen.
    await queryClient.prefetchQuery(meQueryOptions);
    return { kind: 'signed-in' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { kind: 'invalid' };
    return { kind: 'failed', error };
  }
}

export function exchangeLinkToken(t: string): Promise<ExchangeOutcome> {
  let pending = exchanges.get(t);
  if (!pending) {
    pending = runExchange(t).then((outcome) => {
      // A network failure may be retried; a used or successful token never is.
      if (outcome.kind === 'failed') exchanges.delete(t);
      return outcome;
    });
    exchanges.set(t, pending);
  }
  return pending;
}

const isLanguage = (lang: string): lang is Language => lang === 'fr-FR' || lang === 'en-US';

/** POST /auth/login-link/resend: the server finds the person from the old token; the page never learns the address. */
export function resendLink(t: string, lang: string): Promise<void> {
  return call('POST /auth/login-link/resend', {
    body: { t, lang: isLanguage(lang) ? lang : undefined },
    anonymous: true,
  });
}

/** POST /auth/logout revokes the refresh cookie; the local session ends whatever the answer. */
export async function logout(): Promise<void> {
  try {
    await call('POST /auth/logout', { anonymous: true });
  } catch {
    // Offline or already signed out: the local session still ends below.
  }
  authStore.clear();
  queryClient.clear();
  // A deliberate sign-out leaves nothing personal behind on a shared computer, unsent sheet copies included (an
  // expired session keeps them: the person signs in again and finds what they typed).
  removeKeysStartingWith(storageKeys.sheetDraftPrefix);
}
