import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { withPagePolicy } from './security.ts';

/** Placeholder Vite writes in index.html (html.cspNonce); replaced per response. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * Serves the built web app: hashed assets with a long cache, index.html (with the response's CSP
 * nonce) for every other GET outside /api, so that the client router answers unknown paths.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { webDist: string }) => {
  const indexPath = path.join(opts.webDist, 'index.html');
  const hasWeb = existsSync(indexPath);
  const indexHtml = hasWeb ? readFileSync(indexPath, 'utf8') : '';

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // .br and .gz copies written at build time (scripts/compress-dist.ts).
      preCompressed: true,
      // No validators or ranges: hashed names never change content (plugins/security.ts, assets).
      etag: false,
      lastModified: false,
      acceptRanges: false,
      setHeaders(reply, filePath) {
        // The files outside assets/ (the favicon) have no hash in their name and, without validators, a day's cache.
        reply.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=86400',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api' || request.method !== 'GET') {
      throw new AppError('NOT_FOUND');
    }
    if (!hasWeb) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built: run `npm run build` (npm start does it for you).');
    }
    if (/\.[a-z0-9]+$/i.test(pathname)) throw new AppError('NOT_FOUND');
    // A fresh nonce for each page: nothing inline runs without it.
    const nonce = withPagePolicy(reply, 'page');
    return reply
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(indexHtml.replaceAll(NONCE_PLACEHOLDER, nonce));
  });
});
