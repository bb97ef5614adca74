import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { contentSecurityPolicy, type HelmetOptions } from 'helmet';

/**
 * The security headers, written by helmet. Its middlewares are built once, here, and called from one callback hook:
 * @fastify/helmet builds them again for each request, from async hooks (a promise each). Each middleware sets its
 * headers on the raw response; a header of the same name set on Fastify's reply (a route's own) wins when the answer
 * is written.
 */

/** The nonce of this answer's page, which the nonce directives below read as helmet writes the policy. */
const nonces = new WeakMap<ServerResponse, string>();
const nonceSource = (_request: IncomingMessage, response: ServerResponse) => `'nonce-${nonces.get(response) ?? ''}'`;

/** Content-Security-Policy of the web page: nothing inline runs without the response's nonce. */
export const pageDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", nonceSource],
  styleSrc: ["'self'", nonceSource],
  // Images are ours (offer logos are served by the API) or generated in the page: no third-party origin.
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The API documentation page (plugins/api-docs.ts): Swagger UI's scripts and styles from our origin alone, no inline
 * script and no eval; it reads the document from our origin; its images are its own or data: URLs (logo, icons).
 */
const docsDirectives = {
  defaultSrc: ["'none'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
  frameAncestors: ["'none'"],
};

const policies = {
  page: contentSecurityPolicy({ useDefaults: false, directives: pageDirectives }),
  docs: contentSecurityPolicy({ useDefaults: false, directives: docsDirectives }),
};

/** Helmet's middlewares are synchronous and throw on a bad option (helmet 8.1): the callback only says they are done. */
const proceed = () => {};

/** A fresh nonce for this answer, written into its page's Content-Security-Policy (replacing the API's): the nonce. */
export function withPagePolicy(reply: FastifyReply, page: keyof typeof policies): string {
  const nonce = randomBytes(16).toString('base64');
  nonces.set(reply.raw, nonce);
  policies[page](reply.request.raw, reply.raw, proceed);
  return nonce;
}

/** Helmet's headers we do not send: the ones browsers no longer read, or that the headers below make useless. */
const without = {
  crossOriginEmbedderPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xPoweredBy: false,
  xXssProtection: false,
} satisfies HelmetOptions;
const hsts = { maxAge: 31_536_000, includeSubDomains: true, preload: false };

/** Every answer's; a page's Content-Security-Policy replaces this one (withPagePolicy). */
const apiOptions = (withHsts: boolean): HelmetOptions => ({
  ...without,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
  },
  xFrameOptions: { action: 'deny' },
  // Personal links carry a token in the address: never let it travel in a Referer header.
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  strictTransportSecurity: withHsts ? hsts : false,
});

/**
 * The web app's hashed files (/assets/: scripts, styles, images) get only the headers that act on such a file
 * (nosniff, the resource policy): the others (page policy, framing, referrer, opener, permissions) act on documents
 * alone. A screen loads a few dozen of them: 400 bytes fewer each is 16 KB less on a phone's slow network before the
 * screen shows (issue 13).
 */
const assetOptions = (withHsts: boolean): HelmetOptions => ({
  ...without,
  contentSecurityPolicy: false,
  xFrameOptions: false,
  referrerPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-origin' },
  strictTransportSecurity: withHsts ? hsts : false,
});
export const isAssetUrl = (url: string) => url.startsWith('/assets/');

/** Helmet writes no Permissions-Policy (browsers disagree on its syntax): ours, on documents. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';

/**
 * Security headers on every answer. API answers get the strictest policy; the page gets pageDirectives. A callback
 * hook, not an async one: it runs on every request, and a promise per request costs more than the headers.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { hsts: boolean }) => {
  const apiHeaders = helmet(apiOptions(opts.hsts));
  const assetHeaders = helmet(assetOptions(opts.hsts));
  app.addHook('onRequest', (request, reply, done) => {
    if (isAssetUrl(request.url)) assetHeaders(request.raw, reply.raw, proceed);
    else {
      apiHeaders(request.raw, reply.raw, proceed);
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    }
    done();
  });
});
