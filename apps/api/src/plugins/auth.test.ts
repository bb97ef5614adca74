import type { ErrorBody } from '@passerelle/contract';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { accessTokenFor, createTestApp } from '../../test/helper.ts';
import type { RouteEntry } from '../app.ts';
import { revokeUserSessions } from '../modules/auth/auth.service.ts';
import { createSessionCache } from '../modules/auth/session-cache.ts';
import { findOrCreateUserByEmail } from '../modules/users/users.service.ts';
import { authPlugin } from './auth.ts';

/**
 * Every route anyone may call without signing in. Any other route under /api must refuse an anonymous caller with
 * 401 before it reads the body: a new public route is added here on purpose, or the sweep below fails.
 */
const PUBLIC_ROUTES = [
  'GET /api/health',
  // Sign-in: asking for a link, a fresh link from a dead one, spending a link, renewing and ending a session from
  // the refresh cookie (no access token then: it may have expired).
  'POST /api/auth/login-link',
  'POST /api/auth/login-link/resend',
  'POST /api/auth/exchange',
  'GET /api/admissibles/refresh_token',
  'POST /api/auth/logout',
  // An offer's logo: an <img>, which carries no bearer token; its id is a random UUID (offers.routes.ts).
  'GET /api/offers/logos/:id',
  // The CFA's contact details, shown on the sign-in page (contact.routes.ts).
  'GET /api/public/contact',
  // The API's description and its page's files (plugins/api-docs.ts), no data.
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
];

const key = (route: RouteEntry) => `${route.method} ${route.url}`;

/** The route called with nonsense everywhere: path parameters, query string (a NUL included) and body. */
function garbageRequest(route: RouteEntry, headers: Record<string, string> = {}) {
  const url = `${route.url.replace(/:\w+/g, 'not-an-id%20%27')}?garbage=%00&page=-1&lang=xx&type=%3Cx%3E&codePostal=zz`;
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  return {
    method: route.method as 'GET',
    url,
    headers: { ...headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    ...(hasBody ? { payload: JSON.stringify({ garbage: true, email: 'not-an-address', decision: 42, t: '' }) } : {}),
  };
}

function expectRefused(
  route: RouteEntry,
  res: LightMyRequestResponse,
  status: 401 | 403,
  code: 'UNAUTHORIZED' | 'FORBIDDEN',
) {
  const body = res.json<ErrorBody>();
  // The route in the subject, so that a failure names it.
  expect({ route: key(route), status: res.statusCode, code: body.code, errors: body.errors }).toEqual({
    route: key(route),
    status,
    code,
    errors: undefined,
  });
  expect(typeof body.message).toBe('string');
}

describe('the route sweep: identity before anything else', async () => {
  const { app } = await createTestApp();
  const apiRoutes = app.routeTable.filter((route) => route.url.startsWith('/api/'));
  const guarded = apiRoutes.filter((route) => !PUBLIC_ROUTES.includes(key(route)));
  const staffRoutes = guarded.filter((route) => route.url.startsWith('/api/staff/'));

  it('knows every public route it lists, and guards all the others', () => {
    const known = apiRoutes.map(key);
    expect(PUBLIC_ROUTES.filter((route) => !known.includes(route))).toEqual([]);
    expect(guarded.length).toBeGreaterThan(40);
    expect(staffRoutes.length).toBeGreaterThan(0);
  });

  it('answers 401 UNAUTHORIZED, with no field errors, to an anonymous caller on every other route', async () => {
    for (const route of guarded) expectRefused(route, await app.inject(garbageRequest(route)), 401, 'UNAUTHORIZED');
  });

  it('answers 401 UNAUTHORIZED to a bearer that is not a token, on every other route', async () => {
    const headers = { authorization: 'Bearer not.a.token' };
    for (const route of guarded)
      expectRefused(route, await app.inject(garbageRequest(route, headers)), 401, 'UNAUTHORIZED');
  });

  it('answers 401 UNAUTHORIZED to a token of an ended session, on every other route', async () => {
    const user = await findOrCreateUserByEmail(app.db, {
      email: 'sweep.ended@example.org',
      userType: 'staff',
      prenom: 'S',
      nom: 'E',
      lang: 'fr-FR',
    });
    const token = await accessTokenFor(app, { id: user.id, userType: 'staff' });
    expect(
      (await app.inject({ method: 'GET', url: '/api/staff/smic', headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(200);
    await revokeUserSessions(app.db, user.id, { forget: app.forgetSession });
    const headers = { authorization: `Bearer ${token}` };
    for (const route of guarded)
      expectRefused(route, await app.inject(garbageRequest(route, headers)), 401, 'UNAUTHORIZED');
  });

  it('answers 403 FORBIDDEN, not a 400 about the body, to an applicant on the staff routes', async () => {
    const user = await findOrCreateUserByEmail(app.db, {
      email: 'sweep.applicant@example.org',
      userType: 'admissible',
      prenom: 'A',
      nom: 'P',
      lang: 'fr-FR',
    });
    const headers = { authorization: `Bearer ${await accessTokenFor(app, { id: user.id, userType: 'admissible' })}` };
    for (const route of staffRoutes)
      expectRefused(route, await app.inject(garbageRequest(route, headers)), 403, 'FORBIDDEN');
  });
});

describe('a route checking identity anywhere but first in onRequest', () => {
  /** A bare app with the auth plugin, and one module registering its routes. */
  async function appWith(routes: (app: FastifyInstance) => void) {
    const app = Fastify({ logger: false });
    await app.register(authPlugin, {
      jwtSecret: 'a-secret-for-this-test-only-0123456789',
      accessTokenTtl: 900,
      sessions: createSessionCache({ find: async () => undefined, ttlMs: 0 }),
    });
    await app.register(async (instance) => routes(instance));
    await app.ready();
    return app;
  }
  const handler = async () => ({ ok: true });

  it('stops the start-up when authenticate or requireUserType runs in a later hook', async () => {
    await expect(appWith((app) => app.post('/a', { preHandler: app.authenticate }, handler))).rejects.toThrow(
      'POST /a: authenticate and requireUserType go in onRequest, not in preHandler',
    );
    await expect(
      appWith((app) => app.put('/b', { preValidation: [app.requireUserType('staff')] }, handler)),
    ).rejects.toThrow('PUT /b: authenticate and requireUserType go in onRequest, not in preValidation');
  });

  it('stops the start-up when another onRequest hook runs before it', async () => {
    const counter = async () => {};
    await expect(appWith((app) => app.get('/c', { onRequest: [counter, app.authenticate] }, handler))).rejects.toThrow(
      'GET /c: authenticate or requireUserType must be the first onRequest hook',
    );
  });

  it('starts when it comes first in onRequest', async () => {
    const counter = async () => {};
    const app = await appWith((instance) => {
      instance.get('/d', { onRequest: [instance.requireUserType('staff'), counter], preHandler: counter }, handler);
      instance.get('/e', { onRequest: instance.authenticate }, handler);
    });
    expect(app.hasRoute({ method: 'GET', url: '/d' })).toBe(true);
    await app.close();
  });
});
