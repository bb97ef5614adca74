import type { UserType } from '@passerelle/contract';
import { refreshTokenHeader } from '@passerelle/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../lib/app-error.ts';

export interface AuthUser {
  id: number;
  userType: UserType;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a valid access token is required. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler factory: a valid access token of one of these user types is required. */
    requireUserType: (...types: UserType[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    signAccessToken: (user: AuthUser) => Promise<string>;
  }
  interface FastifyRequest {
    /** Set by `authenticate`. */
    user: AuthUser | null;
  }
}

export const ACCESS_TOKEN_AUDIENCE = 'passerelle-api';
export const ACCESS_TOKEN_ISSUER = 'passerelle';

export interface AuthOptions {
  jwtSecret: string;
  accessTokenTtl: number;
}

/** Bearer access tokens: HS256 JWT, algorithm pinned, audience, issuer and expiry checked. */
export const authPlugin = fp(async (app: FastifyInstance, opts: AuthOptions) => {
  // Imported once: handing jose the raw bytes would import the key again on every request.
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(opts.jwtSecret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);

  const signAccessToken = (user: AuthUser) =>
    new SignJWT({ typ: user.userType })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + opts.accessTokenTtl)
      .sign(key);

  app.decorate('signAccessToken', signAccessToken);
  app.decorateRequest('user', null);

  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer ([A-Za-z0-9._~+/=-]+)$/);
    if (!match?.[1]) throw new AppError('UNAUTHORIZED');
    try {
      const { payload } = await jwtVerify(match[1], key, {
        algorithms: ['HS256'],
        audience: ACCESS_TOKEN_AUDIENCE,
        issuer: ACCESS_TOKEN_ISSUER,
      });
      const id = Number(payload.sub);
      if (!Number.isInteger(id) || typeof payload['typ'] !== 'string') throw new AppError('UNAUTHORIZED');
      request.user = { id, userType: payload['typ'] as UserType };
      // Sliding session: past two thirds of its life, the answer carries a fresh token (SPEC 'refresh-token' header).
      const exp = payload.exp ?? 0;
      if (exp - Date.now() / 1000 < opts.accessTokenTtl / 3) {
        reply.header(refreshTokenHeader, await signAccessToken(request.user));
      }
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED');
      if (err instanceof AppError) throw err;
      throw new AppError('UNAUTHORIZED');
    }
  };

  app.decorate('authenticate', authenticate);
  app.decorate('requireUserType', (...types: UserType[]) => async (request: FastifyRequest, reply: FastifyReply) => {
    await authenticate(request, reply);
    if (!request.user || !types.includes(request.user.userType)) throw new AppError('FORBIDDEN');
  });
});
