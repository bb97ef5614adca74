import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorBody } from '@passerelle/contract';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { readFileSync } from 'node:fs';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { routeAccess } from './auth.ts';
import { withPagePolicy } from './security.ts';

declare module 'fastify' {
  interface FastifySchema {
    /** What only the OpenAPI document reads (Fastify neither validates nor serializes it). */
    openapi?: {
      /** A multipart/form-data body: the handler reads it with request.parts(), so Fastify does not validate it. */
      multipart?: z.ZodObject;
    };
  }
}

export const OPENAPI_JSON_URL = '/api/openapi.json';
export const DOCS_URL = '/api/docs';

const tags = [
  { name: 'health', description: 'Whether the API and its database answer' },
  { name: 'auth', description: 'Sign-in by personal link (a mail), and sign-out' },
  { name: 'users', description: 'The signed-in user' },
  {
    name: 'admissibles',
    description:
      'The applicant: portal, dossiers, employer-search tracking, sheets. The session refresh lives here too (an address the specification fixed) and serves every user',
  },
  { name: 'employeurs', description: "The employer's dossiers and sheets, and the funding validation" },
  { name: 'staff', description: 'The apprenticeship office: transitions of a dossier, SMIC table' },
  { name: 'sheets', description: 'What every sheet uses: the salary grid' },
  { name: 'lookups', description: 'Company and address directories, for the forms' },
  { name: 'files', description: 'Downloads of stored documents' },
  { name: 'offers', description: "The offers' company logos (an image carries no token)" },
  { name: 'public', description: 'What visitors may read without signing in' },
];

const description = [
  "The API of the apprenticeship office's portal, under /api. Requests and answers are JSON unless told otherwise.",
  'Signing in: POST /api/auth/login-link mails a personal link; its token, given to POST /api/auth/exchange, opens a session:',
  'an access token (bearer JWT, sent as `Authorization: Bearer …`) and a refresh cookie (httpOnly, path /api) that',
  'GET /api/admissibles/refresh_token trades for a new access token. An answer may carry a fresher access token in its',
  '`refresh-token` header. Every failure answers `{ code, message, errors? }` (ErrorBody).',
].join(' ');

/**
 * The one error body, named once in the components and pointed to by every failure. Not through a zod registry id:
 * the transform would then read descriptions from that registry instead of zod's global one.
 */
const ERROR_BODY_REF = '#/components/schemas/ErrorBody';
const { $schema: _dialect, ...errorBodyJson } = z.toJSONSchema(errorBody, { target: 'draft-2020-12', io: 'output' });
// zod's JSON Schema 2020-12 is what OpenAPI 3.1 schema objects are; only their TypeScript types differ.
const errorBodySchema = {
  ...errorBodyJson,
  description: 'Every failure answers with it. `errors` maps a field (dotted path) to its messages.',
} as OpenAPIV3_1.SchemaObject;

/** What the transform marks a body with when the route may go without it (read and removed by transformObject). */
const OPTIONAL_BODY = 'x-optional-body';

const successDescriptions: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted: nothing more is told (whether the address is known stays secret)',
  '204': 'No content',
};

type Json = Record<string, unknown>;
interface Response {
  description: string;
  type?: 'null';
  content?: Record<string, { schema: unknown }>;
}

const errorResponse = (text: string): Response => ({
  description: text,
  content: { 'application/json': { schema: { $ref: ERROR_BODY_REF } } },
});

const isNoBody = (schema: unknown) =>
  schema instanceof z.ZodType && ['undefined', 'void', 'null'].includes(schema._zod.def.type);

/** `/api/x/:id` → `getXById`: stable, readable names for client generators. */
function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9:]+/)
    .filter(Boolean)
    .flatMap((word) => (word.startsWith(':') ? ['By', word.slice(1)] : [word]))
    .map((word) => (word[0]?.toUpperCase() ?? '') + word.slice(1));
  return method.toLowerCase() + words.join('');
}

/**
 * Each answer as a Response object with its description: a declared zod schema's own (`.describe()`), or the status's.
 * An answer with no body (undefined, void, null) gets no content.
 */
function responsesOf(declared: Json, converted: Json): Record<string, Response> {
  const responses: Record<string, Response> = {};
  for (const [status, json] of Object.entries(converted) as [string, Json][]) {
    const fallback = successDescriptions[status] ?? (Number(status) >= 400 ? 'Failure: `code` tells why' : 'Answer');
    const text = typeof json['description'] === 'string' ? json['description'] : fallback;
    if (declared[status] === errorBody) responses[status] = errorResponse(fallback);
    // A `null` type is @fastify/swagger's sign for an answer with no content.
    else if (isNoBody(declared[status])) responses[status] = { type: 'null', description: text };
    else if ('content' in json) responses[status] = { ...(json as unknown as Response), description: text };
    else responses[status] = { description: text, content: { 'application/json': { schema: json } } };
  }
  return responses;
}

/**
 * The zod type provider's transform (zod → JSON Schema 2020-12), then what the route's hooks and conventions add:
 * who may call it (bearer token, user types), its tag and operationId, the multipart form, and the failures every
 * route shares. Only /api routes are documented, and not the documentation's own.
 */
const transform: SwaggerTransform = (input) => {
  const { url, route } = input;
  const method = [route.method].flat()[0] ?? 'GET';
  if (!url.startsWith('/api/') || url === OPENAPI_JSON_URL || url === DOCS_URL || url.startsWith(`${DOCS_URL}/`))
    return { schema: { hide: true }, url };
  const declared: FastifySchema = input.schema ?? {};
  const multipart = declared.openapi?.multipart;
  // The form is given as a body to the transform only: Fastify itself never validates it (the handler reads parts).
  const { openapi: _docOnly, ...schema } = declared;
  const { schema: converted } = jsonSchemaTransform({
    ...input,
    schema: multipart ? { ...schema, body: multipart, consumes: ['multipart/form-data'] } : schema,
  });
  const access = routeAccess([route.onRequest, route.preValidation, route.preHandler].flat());
  const result: Json = {
    ...converted,
    // @fastify/swagger marks every body required; transformObject below reads this mark and says which are not.
    ...(declared.body instanceof z.ZodType && declared.body.safeParse(undefined).success ? { [OPTIONAL_BODY]: true } : {}),
    tags: [url.split('/')[2] ?? 'api'],
    operationId: operationId(method, url),
    response: responsesOf((declared.response ?? {}) as Json, (converted.response ?? {}) as Json),
  };
  if (access !== 'public') {
    result['security'] = [{ bearerAuth: [] }];
    if (access === 'signed-in') result['description'] = 'Any signed-in user.';
    else {
      result['x-user-types'] = access;
      result['description'] = `Signed-in users of type ${access.join(', ')}.`;
    }
  }
  const responses = result['response'] as Record<string, Response>;
  const errors: Record<string, Response> = {};
  if (declared.params || declared.querystring || declared.body || multipart)
    errors['400'] = errorResponse('VALIDATION_FAILED (`errors` maps each field to its messages) or BAD_REQUEST');
  if (access !== 'public') errors['401'] = errorResponse('UNAUTHORIZED or TOKEN_EXPIRED: no valid access token');
  if (Array.isArray(access)) errors['403'] = errorResponse('FORBIDDEN: signed in as another type of user');
  errors['4XX'] = errorResponse(
    'Refused: `code` tells why (NOT_FOUND, CONFLICT, LIMIT_REACHED, RATE_LIMITED, PAYLOAD_TOO_LARGE…)',
  );
  errors['5XX'] = errorResponse('SERVICE_UNAVAILABLE (with a Retry-After header; try again) or INTERNAL');
  for (const [status, response] of Object.entries(errors)) responses[status] ??= response;
  return { schema: result, url };
};

/** The zod type provider's (components from zod's registry), then the bodies a route may go without. */
const transformObject: typeof jsonSchemaTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input);
  for (const methods of Object.values(document.paths ?? {}) as Record<string, Json>[]) {
    for (const operation of Object.values(methods)) {
      if (!(OPTIONAL_BODY in operation)) continue;
      delete operation[OPTIONAL_BODY];
      if (operation['requestBody']) (operation['requestBody'] as Json)['required'] = false;
    }
  }
  return document;
};

function apiVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

/**
 * The OpenAPI 3.1 document of every /api route, from the routes' own schemas: @fastify/swagger with the zod type
 * provider's transform. GET /api/openapi.json serves it; GET /api/docs shows it with Swagger UI, whose files
 * @fastify/swagger-ui serves from our origin (nothing from another). Registered before the routes, at the root (it
 * collects them as they are added), and only when the configuration says so (API_DOCS).
 */
export const apiDocsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Passerelle API', version: apiVersion(), description },
      tags,
      components: {
        schemas: {
          ErrorBody: errorBodySchema,
        },
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access token of a session (POST /api/auth/exchange, GET /api/admissibles/refresh_token).',
          },
        },
      },
    },
    transform,
    transformObject,
  });
  app.get(OPENAPI_JSON_URL, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').send(app.swagger()),
  );
  await app.register(swaggerUi, {
    routePrefix: DOCS_URL,
    // No "validator" badge: it would send the document to another site.
    validatorUrl: false,
    theme: { title: 'Passerelle API' },
    // Without the top bar: its logo is an SVG carrying a <style> element (refused by the page's policy), and its box
    // would load another document, which the policy refuses too.
    uiConfig: { layout: 'BaseLayout' },
    uiHooks: {
      onRequest: (request, reply, done) => {
        // The page itself (with or without its trailing slash): its policy allows our scripts and styles, no others.
        if (request.routeOptions.url === DOCS_URL || request.routeOptions.url === `${DOCS_URL}/`) {
          withPagePolicy(reply, 'docs');
          reply.header('Cache-Control', 'no-store');
        }
        done();
      },
    },
  });
}, { name: 'api-docs' });
