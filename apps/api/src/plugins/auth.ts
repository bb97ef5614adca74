import type { UserType } from '@passerelle/contract';
import { refreshTokenHeader } from '@passerelle/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createAccessTokens } from '../lib/access-token.ts';
import { AppError } from '../lib/app-error.ts';
import type { SessionCache } from '../modules/auth/session-cache.ts';

export interface AuthUser {
  id: number;
  userType: UserType;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook: a valid access token of a live session is required. onRequest only (checked when routes are
     * registered): a later hook would let an anonymous caller see the body validated first.
     */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook factory: a valid access token of a live session, of one of these user types, is required. */
    requireUserType: (...types: UserType[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** An access token of this session (sessions.id, claim `sid`), which must exist: auth.service.ts startSession. */
    signAccessToken: (user: AuthUser, sessionId: string) => string;
    /** This process drops what it cached of the session (just ended): its next request reads the database. */
    forgetSession: (sessionId: string) => void;
  }
  interface FastifyRequest {
    /** Set by `authenticate`. */
    user: AuthUser | null;
  }
}

/** The user that `authenticate` (or `requireUserType`) set on the request: 401 when none did. */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

/** Who may call a route: anyone, any signed-in user, or signed-in users of these types. */
export type RouteAccess = 'public' | 'signed-in' | readonly UserType[];
/** The access each hook of this plugin enforces, so that the route table (and the OpenAPI document) can tell. */
const hookAccess = new WeakMap<object, Exclude<RouteAccess, 'public'>>();

/** What a route's hooks (onRequest, preValidation, preHandler) require, from the hooks `authenticate` and `requireUserType` give. */
export function routeAccess(hooks: readonly unknown[]): RouteAccess {
  let access: RouteAccess = 'public';
  for (const hook of hooks) {
    const required = typeof hook === 'function' ? hookAccess.get(hook) : undefined;
    if (required && (access === 'public' || access === 'signed-in')) access = required;
  }
  return access;
}

export const ACCESS_TOKEN_AUDIENCE = 'passerelle-api';
export const ACCESS_TOKEN_ISSUER = 'passerelle';

/** Claims every access token must carry; `sid` is the session (sessions.id). */
const REQUIRED_CLAIMS = ['exp', 'iat', 'sub', 'aud', 'iss', 'sid'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The hooks that run after the body is read and validated, or after the answer: no place for an identity check. */
const LATE_HOOKS = [
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
  'onTimeout',
  'onError',
];

export interface AuthOptions {
  jwtSecret: string;
  accessTokenTtl: number;
  /** Whether a session is live, read from the database and kept briefly (modules/auth/session-cache.ts). */
  sessions: SessionCache;
}

/**
 * Bearer access tokens: HS256 JWT, algorithm pinned; expiry, audience, issuer, subject and session required and
 * checked. The session must be live: a token of a session ended (logout, stolen refresh token) is refused with
 * UNAUTHORIZED, so that the web app signs out rather than trying a refresh.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: AuthOptions) => {
  // Signed and verified with fast-jwt, synchronously (lib/access-token.ts, decision 0039).
  const tokens = createAccessTokens({
    secret: opts.jwtSecret,
    issuer: ACCESS_TOKEN_ISSUER,
    audience: ACCESS_TOKEN_AUDIENCE,
    ttlSeconds: opts.accessTokenTtl,
    requiredClaims: REQUIRED_CLAIMS,
  });
  const signAccessToken = (user: AuthUser, sessionId: string) =>
    tokens.sign({ typ: user.userType, sid: sessionId, sub: String(user.id) });

  app.decorate('signAccessToken', signAccessToken);
  app.decorate('forgetSession', (sessionId: string) => opts.sessions.forget(sessionId));
  app.decorateRequest('user', null);

  const verify = (token: string) => {
    const verdict = tokens.verify(token);
    if (verdict.ok) return verdict.claims;
    throw new AppError(verdict.reason === 'expired' ? 'TOKEN_EXPIRED' : 'UNAUTHORIZED');
  };

  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer ([A-Za-z0-9._~+/=-]+)$/);
    if (!match?.[1]) throw new AppError('UNAUTHORIZED');
    const payload = verify(match[1]);
    const id = Number(payload.sub);
    const { typ, sid, exp } = payload;
    if (
      !Number.isInteger(id) ||
      typeof typ !== 'string' ||
      typeof sid !== 'string' ||
      !UUID.test(sid) ||
      typeof exp !== 'number'
    ) {
      throw new AppError('UNAUTHORIZED');
    }
    // Outside the try above: a database that does not answer is a 503, not a reason to sign the user out.
    const live = await opts.sessions.liveSession(sid);
    if (live?.userId !== id) throw new AppError('UNAUTHORIZED');
    // The type of account read with the session, not the token's claim: a role changed (or a token signed before the
    // change) counts within the session check's window on every process (issue 27).
    request.user = { id, userType: live.userType };
    // Sliding session: past two thirds of its life, the answer carries a fresh token (SPEC 'refresh-token' header).
    // Only for a live session, checked just above.
    if (exp - Date.now() / 1000 < opts.accessTokenTtl / 3) {
      reply.header(refreshTokenHeader, signAccessToken(request.user, sid));
    }
  };

  // Identity first, on every route: a route that checks it after onRequest (its body already read and validated, so
  // that an anonymous caller learns the expected fields) or not first among its onRequest hooks does not start.
  app.addHook('onRoute', (route) => {
    const hooks = route as unknown as Record<string, unknown>;
    const where = `${[route.method].flat().join(',')} ${route.url}`;
    for (const name of LATE_HOOKS) {
      if ([hooks[name]].flat().some((hook) => typeof hook === 'function' && hookAccess.has(hook))) {
        throw new Error(`${where}: authenticate and requireUserType go in onRequest, not in ${name}`);
      }
    }
    const onRequest = [hooks['onRequest']].flat().filter((hook) => typeof hook === 'function');
    if (onRequest.findIndex((hook) => hookAccess.has(hook)) > 0) {
      throw new Error(`${where}: authenticate or requireUserType must be the first onRequest hook`);
    }
  });

  hookAccess.set(authenticate, 'signed-in');
  app.decorate('authenticate', authenticate);
  app.decorate('requireUserType', (...types: UserType[]) => {
    const requireType = async (request: FastifyRequest, reply: FastifyReply) => {
      await authenticate(request, reply);
      if (!request.user || !types.includes(request.user.userType)) throw new AppError('FORBIDDEN');
    };
    hookAccess.set(requireType, types);
    return requireType;
  });
});
