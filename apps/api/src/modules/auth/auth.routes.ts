import cookie from '@fastify/cookie';
import { auth } from '@passerelle/contract/routes';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { rateLimitPerClient } from '../../db/rate-limit.ts';
import { registerRoute } from '../../lib/route.ts';
import {
  countLoginLinkRequest,
  exchangeLoginToken,
  logout,
  mailLoginLinkIfKnown,
  refreshSession,
  resendLoginLink,
  type AccessTokens,
  type Session,
} from './auth.service.ts';

export const REFRESH_COOKIE = 'passerelle_rt';

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  // The refresh cookie is read and written by these routes only (path /api): the cookie hooks run on them alone, not on
  // every request a browser sends with the cookie.
  await app.register(cookie);
  const { config, db } = app;
  const perClient = { limit: config.LOGIN_RATE_PER_CLIENT, windowSeconds: config.LOGIN_RATE_WINDOW };
  const signInLimit = rateLimitPerClient(db, 'sign-in', perClient);
  const tokens: AccessTokens = { sign: app.signAccessToken, forget: app.forgetSession };

  const openSession = (reply: FastifyReply, session: Session) => {
    void reply.header('cache-control', 'no-store');
    void reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
      httpOnly: true,
      sameSite: 'strict',
      secure: config.secureCookies,
      path: '/api',
      maxAge: config.REFRESH_TOKEN_TTL,
    });
    return session.lang ? { token: session.accessToken, lang: session.lang } : { token: session.accessToken };
  };
  const closeSession = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', secure: config.secureCookies, path: '/api' });

  registerRoute(app, auth.loginLink, { preHandler: signInLimit }, async (request, reply) => {
      // Known address or not, the same work before the answer (the per-address counter); the lookup and the mail come
      // after it, so that the answer's speed does not tell who has an account.
      const { email } = request.body;
      if (await countLoginLinkRequest(db, config, email)) reply.afterResponse('login-link', () => mailLoginLinkIfKnown(db, config, email));
      return reply.status(202).send();
    },
  );

  registerRoute(app, auth.resendLink, { preHandler: signInLimit }, async (request, reply) => {
    await resendLoginLink(db, config, request.body.t);
    return reply.status(202).send();
  });

  registerRoute(app, auth.exchange, { preHandler: rateLimitPerClient(db, 'exchange', perClient) }, async (request, reply) => {
    // On a first start, the demo data's cases may still be loading (server.ts): the sign-in waits for them.
    await app.signInsOpen();
    return openSession(reply, await exchangeLoginToken(db, config, tokens, request.body.t));
  });

  registerRoute(app, auth.refresh, {}, async (request, reply) => {
    try {
      return openSession(reply, await refreshSession(db, config, tokens, request.cookies[REFRESH_COOKIE]));
    } catch (err) {
      closeSession(reply);
      throw err;
    }
  });

  registerRoute(app, auth.logout, {}, async (request, reply) => {
    await logout(db, tokens, request.cookies[REFRESH_COOKIE]);
    closeSession(reply);
    return reply.status(204).send();
  });
}
