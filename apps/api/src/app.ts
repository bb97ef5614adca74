import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { refusingForbiddenCharacters } from './lib/input-text.ts';
import { loggerOptions } from './lib/logger.ts';
import { tlsServerOptions } from './lib/tls.ts';
import { getOrCreateSecret } from './db/secrets.ts';
import { createDbStorage, type Storage } from './db/storage.ts';
import { findSession } from './modules/auth/auth.repo.ts';
import { createSessionCache } from './modules/auth/session-cache.ts';
import { registerModules } from './modules/index.ts';
import { afterResponsePlugin } from './plugins/after-response.ts';
import { apiDocsPlugin } from './plugins/api-docs.ts';
import { authPlugin, routeAccess, type RouteAccess } from './plugins/auth.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { RequestLogController } from './plugins/request-log.ts';
import { isAssetUrl, securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';

/** One registered route, as Fastify saw it: what the route sweeps of the tests walk. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  /** Who may call it, from its authentication hooks. */
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, filled as they are registered. */
    routeTable: RouteEntry[];
    config: Config;
    database: Database;
    db: Db;
    storage: Storage;
    /**
     * Holds sign-ins (POST /auth/exchange) until `until` settles: server.ts, while the demo data's cases are still
     * being written after the portal listens, so that nobody signs in to an account whose screens are not whole yet.
     */
    holdSignIns(until: Promise<unknown>): void;
    /** Settles once sign-ins are no longer held (at once, unless holdSignIns was called). */
    signInsOpen(): Promise<void>;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Document store; the database by default. */
  storage?: Storage;
  /** Pino logger options, or false for none (tests). */
  logger?: boolean | object;
  /** Milliseconds clock of the session cache (SESSION_CHECK_CACHE_MS); a monotonic one by default. Tests move their own. */
  clock?: () => number;
}

/** Builds the whole application (API under /api and the web app). Never listens: server.ts does. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // With a certificate, HTTPS and HTTP/2 (lib/tls.ts). The routes see the same request and reply either way (Node's
  // HTTP/2 compatibility objects stand for the raw ones): the instance keeps the plain HTTP server's type.
  const tls: object = tlsServerOptions(config);
  const app = Fastify({
    ...tls,
    logger: options.logger ?? loggerOptions(config.LOG_LEVEL),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // A malformed URL or an over-long path parameter answers the usual error body too.
    frameworkErrors,
    // Fastify's two lines per request would drown the console: one, at debug (plugins/request-log.ts).
    logController: new RequestLogController(),
  }).withTypeProvider<ZodTypeProvider>();

  // NUL and lone surrogates are refused in every validated part of every route, before its schema (issue 8).
  app.setValidatorCompiler(refusingForbiddenCharacters(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const hooks = [route.onRequest, route.preValidation, route.preHandler].flat();
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, schema: route.schema, access: routeAccess(hooks) });
    }
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('storage', options.storage ?? createDbStorage(database.db));
  let signInsOpen: Promise<void> = Promise.resolve();
  app.decorate('holdSignIns', (until: Promise<unknown>) => {
    signInsOpen = until.then(
      () => {},
      () => {},
    );
  });
  app.decorate('signInsOpen', () => signInsOpen);
  // A callback hook: an async one costs a promise on every answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    // The web app's hashed files are not requests anyone traces (plugins/security.ts, isAssetUrl).
    if (!isAssetUrl(request.url)) reply.header('x-request-id', request.id);
    done(null, payload);
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { hsts: config.secureCookies });
  // JSON answers and the page over 1 KB, compressed quickly; hashed assets are served pre-compressed.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(afterResponsePlugin);
  await app.register(authPlugin, {
    jwtSecret: await getOrCreateSecret(database.db, 'jwt', config.JWT_SECRET, 48),
    accessTokenTtl: config.ACCESS_TOKEN_TTL,
    sessions: createSessionCache({
      find: (sessionId) => findSession(database, sessionId),
      ttlMs: config.SESSION_CHECK_CACHE_MS,
      ...(options.clock ? { now: options.clock } : {}),
    }),
  });

  // Before the routes: it documents them as they are added.
  if (config.apiDocs) await app.register(apiDocsPlugin);

  await app.register(registerModules, { prefix: '/api' });
  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}
