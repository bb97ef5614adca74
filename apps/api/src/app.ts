import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { loggerOptions } from './lib/logger.ts';
import { getOrCreateSecret } from './lib/secrets.ts';
import { createDbStorage, type Storage } from './lib/storage.ts';
import { registerModules } from './modules/index.ts';
import { authPlugin } from './plugins/auth.ts';
import { DATABASE_RETRY_AFTER_SECONDS, errorsPlugin } from './plugins/errors.ts';
import { securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';

/** One registered route, as Fastify saw it: what the OpenAPI document and the route sweeps of the tests walk. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, filled as they are registered. */
    routeTable: RouteEntry[];
    config: Config;
    database: Database;
    db: Db;
    storage: Storage;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Document store; the database by default. */
  storage?: Storage;
  /** Pino logger options, or false for none (tests). */
  logger?: boolean | object;
}

/** Builds the whole application (API under /api and the web app). Never listens: server.ts does. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.LOG_LEVEL),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, schema: route.schema });
    }
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('storage', options.storage ?? createDbStorage(database.db));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { hsts: config.secureCookies });
  // JSON answers and the page over 1 KB, compressed quickly; hashed assets are served pre-compressed.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(cookie);
  await app.register(authPlugin, {
    jwtSecret: await getOrCreateSecret(database.db, 'jwt', config.JWT_SECRET, 48),
    accessTokenTtl: config.ACCESS_TOKEN_TTL,
  });

  app.get('/api/health', { logLevel: 'warn' }, async (_request, reply) => {
    const ok = await database.ping();
    if (ok) return reply.status(200).send({ status: 'ok' });
    return reply
      .status(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ code: 'SERVICE_UNAVAILABLE', message: 'Database not answering' });
  });

  await app.register(registerModules, { prefix: '/api' });
  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}
