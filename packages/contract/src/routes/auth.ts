import { exchangeBody, loginLinkBody, resendLinkBody, tokenResponse } from '../auth.ts';
import { defineRoute, noBody } from './define.ts';

export const auth = {
  /** Mails a sign-in link if the address has an account; the same answer either way. */
  loginLink: defineRoute({
    method: 'POST',
    path: '/auth/login-link',
    body: loginLinkBody,
    responses: { 202: noBody() },
  }),
  /** A fresh link from a link that no longer works. */
  resendLink: defineRoute({
    method: 'POST',
    path: '/auth/login-link/resend',
    body: resendLinkBody,
    responses: { 202: noBody() },
  }),
  /** A link's token for a session: the access token, and the refresh cookie. */
  exchange: defineRoute({
    method: 'POST',
    path: '/auth/exchange',
    body: exchangeBody,
    responses: { 200: tokenResponse },
  }),
  /** A new access token from the refresh cookie. */
  refresh: defineRoute({ method: 'GET', path: '/admissibles/refresh_token', responses: { 200: tokenResponse } }),
  /** Ends the session of the refresh cookie. */
  logout: defineRoute({ method: 'POST', path: '/auth/logout', responses: { 204: noBody() } }),
};
