import { readFileSync } from 'node:fs';
import { errorBody } from '@passerelle/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RouteEntry } from '../app.ts';
import { DOCS_NONCE, renderDocsPage } from './openapi-page.ts';
import { withPagePolicy } from './security.ts';

declare module 'fastify' {
  interface FastifySchema {
    /** What only the OpenAPI document reads (Fastify neither validates nor serializes it). */
    openapi?: OperationDoc;
  }
}

/** A route's own additions to its OpenAPI operation. */
export interface OperationDoc {
  summary?: string;
  /** Left out of the document (the document's own routes). */
  hide?: boolean;
  /** A multipart/form-data body: the handler reads it with request.parts(), so Fastify does not validate it. */
  multipart?: z.ZodObject;
}

export const OPENAPI_JSON_URL = '/api/openapi.json';
export const DOCS_URL = '/api/docs';

/** Bytes sent as they are (a Buffer): never serialized, described as binary. */
const binary = z.custom<Uint8Array>((value) => value instanceof Uint8Array).meta({ type: 'string', format: 'binary' });

/** The response of a file download, for `schema.response`: `mediaType` may be a range (`application/octet-stream` for any type). */
export function fileResponse(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: binary } } };
}

/** A file field of a multipart form, described as binary. */
export function formFile(description: string) {
  return z.file().describe(description);
}

type JsonSchema = Record<string, unknown>;
interface MediaType {
  schema: JsonSchema;
}
interface Response {
  description: string;
  content?: Record<string, MediaType>;
}
interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}
export interface Operation {
  operationId: string;
  tags: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  'x-user-types'?: readonly string[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, MediaType> };
  responses: Record<string, Response>;
}
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

const tagDescriptions: Record<string, string> = {
  health: 'Whether the API and its database answer',
  auth: 'Sign-in by personal link (a mail), and sign-out',
  users: 'The signed-in user',
  admissibles:
    'The applicant: portal, dossiers, employer-search tracking, sheets. The session refresh lives here too (an address the specification fixed) and serves every user',
  employeurs: "The employer's dossiers and sheets, and the funding validation",
  staff: 'The apprenticeship office: transitions of a dossier, SMIC table',
  sheets: 'What every sheet uses: the salary grid',
  lookups: 'Company and address directories, for the forms',
  files: 'Downloads of stored documents',
  offers: "The offers' company logos (an image carries no token)",
  public: 'What visitors may read without signing in',
};

const successDescriptions: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted: nothing more is told (whether the address is known stays secret)',
  '204': 'No content',
};

const errorRef = { $ref: '#/components/schemas/ErrorBody' };
const errorResponse = (description: string): Response => ({
  description,
  content: { 'application/json': { schema: errorRef } },
});

/** `/api/x/:id` → `/api/x/{id}`. */
export function openapiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

function isZod(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

/** Converts zod schemas to JSON Schema 2020-12 (OpenAPI 3.1), moving the definitions of recursive parts into the components. */
function createConverter(components: Record<string, JsonSchema>) {
  let hoisted = 0;
  const uniqueName = (wanted: string) => {
    let name = wanted;
    for (let n = 2; name in components; n++) name = `${wanted}${n}`;
    return name;
  };
  return (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
    const json = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      cycles: 'ref',
      reused: 'inline',
      override: ({ zodSchema, jsonSchema }) => {
        // What the serializer writes for a Date.
        if (io === 'output' && zodSchema._zod.def.type === 'date')
          Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
      },
    }) as JsonSchema;
    delete json['$schema'];
    const defs = (json['$defs'] ?? {}) as Record<string, JsonSchema>;
    delete json['$defs'];
    const text = JSON.stringify(json);
    const selfReferenced = text.includes('"$ref":"#"');
    if (Object.keys(defs).length === 0 && !selfReferenced) return json;
    const names = new Map<string, string>();
    for (const key of Object.keys(defs))
      names.set(`#/$defs/${key}`, uniqueName(key.startsWith('__') ? `Schema${++hoisted}` : key));
    if (selfReferenced) names.set('#', uniqueName(`Schema${++hoisted}`));
    const rewrite = (value: JsonSchema): JsonSchema =>
      JSON.parse(JSON.stringify(value), (key, v: unknown) =>
        key === '$ref' && typeof v === 'string' && names.has(v) ? `#/components/schemas/${names.get(v)}` : v,
      ) as JsonSchema;
    for (const [key, def] of Object.entries(defs)) components[names.get(`#/$defs/${key}`) as string] = rewrite(def);
    const root = rewrite(json);
    if (!selfReferenced) return root;
    const rootName = names.get('#') as string;
    components[rootName] = root;
    return { $ref: `#/components/schemas/${rootName}` };
  };
}

function operationId(method: string, url: string, taken: Set<string>): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9:]+/)
    .filter(Boolean)
    .map((word) => (word.startsWith(':') ? ['By', word.slice(1)] : [word]))
    .flat()
    .map((word) => (word[0]?.toUpperCase() ?? '') + word.slice(1));
  const base = method.toLowerCase() + words.join('');
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
  taken.add(id);
  return id;
}

/** The OpenAPI 3.1 document of every /api route of the table, from the routes' zod schemas and authentication hooks. */
export function buildOpenApiDocument(routes: readonly RouteEntry[], version: string): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {};
  const convert = createConverter(schemas);
  schemas['ErrorBody'] = {
    ...convert(errorBody, 'output'),
    description: 'Every failure answers with it. `errors` maps a field (dotted path) to its messages.',
  };
  const doc: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'Passerelle API',
      version,
      description: [
        "The API of the apprenticeship office's portal, under /api. Requests and answers are JSON unless told otherwise.",
        'Signing in: POST /api/auth/login-link mails a personal link; its token, given to POST /api/auth/exchange, opens a session:',
        'an access token (bearer JWT, sent as `Authorization: Bearer …`) and a refresh cookie (httpOnly, path /api) that',
        'GET /api/admissibles/refresh_token trades for a new access token. An answer may carry a fresher access token in its',
        '`refresh-token` header. Every failure answers `{ code, message, errors? }` (ErrorBody).',
      ].join(' '),
    },
    tags: [],
    paths: {},
    components: {
      schemas,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access token of a session (POST /api/auth/exchange, GET /api/admissibles/refresh_token).',
        },
      },
    },
  };
  const takenIds = new Set<string>();
  const tags = new Set<string>();

  for (const route of routes) {
    if (!route.url.startsWith('/api/') || route.schema?.openapi?.hide) continue;
    const schema = route.schema ?? {};
    const tag = route.url.split('/')[2] ?? 'api';
    tags.add(tag);
    const operation: Operation = {
      operationId: operationId(route.method, route.url, takenIds),
      tags: [tag],
      responses: {},
    };
    if (schema.openapi?.summary) operation.summary = schema.openapi.summary;

    if (route.access !== 'public') {
      operation.security = [{ bearerAuth: [] }];
      if (route.access === 'signed-in') {
        operation.description = 'Any signed-in user.';
      } else {
        operation['x-user-types'] = route.access;
        operation.description = `Signed-in users of type ${route.access.join(', ')}.`;
      }
    }

    const parameters: Parameter[] = [];
    const addParameters = (source: unknown, where: 'path' | 'query') => {
      if (!isZod(source)) return;
      const json = convert(source, 'input');
      const required = new Set((json['required'] as string[] | undefined) ?? []);
      for (const [name, property] of Object.entries((json['properties'] ?? {}) as Record<string, JsonSchema>)) {
        const { description, ...rest } = property;
        parameters.push({
          name,
          in: where,
          required: where === 'path' || required.has(name),
          ...(typeof description === 'string' ? { description } : {}),
          schema: rest,
        });
      }
    };
    addParameters(schema.params, 'path');
    // A path parameter without a schema still has to be declared.
    for (const [, name] of route.url.matchAll(/:(\w+)/g)) {
      if (name && !parameters.some((p) => p.in === 'path' && p.name === name)) {
        parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
      }
    }
    addParameters(schema.querystring, 'query');
    if (parameters.length > 0) operation.parameters = parameters;

    if (isZod(schema.body)) {
      operation.requestBody = {
        required: !schema.body.safeParse(undefined).success,
        content: { 'application/json': { schema: convert(schema.body, 'input') } },
      };
    } else if (schema.openapi?.multipart) {
      operation.requestBody = {
        required: true,
        content: { 'multipart/form-data': { schema: convert(schema.openapi.multipart, 'input') } },
      };
    }

    for (const [status, declared] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
      const fallback = successDescriptions[status] ?? (Number(status) >= 400 ? 'Failure: `code` tells why' : 'Answer');
      if (declared === errorBody) {
        operation.responses[status] = errorResponse(fallback);
      } else if (isZod(declared)) {
        const type = declared._zod.def.type;
        const description = declared.description ?? fallback;
        operation.responses[status] =
          type === 'undefined' || type === 'void' || type === 'null'
            ? { description }
            : { description, content: { 'application/json': { schema: convert(declared, 'output') } } };
      } else if (declared && typeof declared === 'object' && 'content' in declared) {
        const { description, content } = declared as {
          description?: string;
          content: Record<string, { schema: unknown }>;
        };
        const media: Record<string, MediaType> = {};
        for (const [type, { schema: part }] of Object.entries(content)) {
          if (isZod(part)) media[type] = { schema: convert(part, 'output') };
        }
        operation.responses[status] = { description: description ?? fallback, content: media };
      }
    }

    const errors: Record<string, Response> = {};
    if (schema.params || schema.querystring || schema.body || schema.openapi?.multipart) {
      errors['400'] = errorResponse('VALIDATION_FAILED (`errors` maps each field to its messages) or BAD_REQUEST');
    }
    if (route.access !== 'public')
      errors['401'] = errorResponse('UNAUTHORIZED or TOKEN_EXPIRED: no valid access token');
    if (Array.isArray(route.access)) errors['403'] = errorResponse('FORBIDDEN: signed in as another type of user');
    errors['4XX'] = errorResponse(
      'Refused: `code` tells why (NOT_FOUND, CONFLICT, LIMIT_REACHED, RATE_LIMITED, PAYLOAD_TOO_LARGE…)',
    );
    errors['5XX'] = errorResponse('SERVICE_UNAVAILABLE (with a Retry-After header; try again) or INTERNAL');
    for (const [status, response] of Object.entries(errors)) operation.responses[status] ??= response;

    const path = openapiPath(route.url);
    doc.paths[path] = { ...doc.paths[path], [route.method.toLowerCase()]: operation };
  }

  doc.tags = [...tags].map((name) => (tagDescriptions[name] ? { name, description: tagDescriptions[name] } : { name }));
  return doc;
}

function apiVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document, built once from the route table when first asked (every route is
 * registered by then). GET /api/docs: the same, as a page that needs no script and nothing from another origin.
 * Registered only when the configuration says so (API_DOCS).
 */
export async function openapiPlugin(app: FastifyInstance): Promise<void> {
  let json: string | undefined;
  let page: string | undefined;
  const documentJson = () => (json ??= JSON.stringify(buildOpenApiDocument(app.routeTable, apiVersion())));
  const hidden = { openapi: { hide: true } };

  app.get(OPENAPI_JSON_URL, { schema: hidden }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(documentJson()),
  );

  app.get(DOCS_URL, { schema: hidden }, async (_request, reply) => {
    page ??= renderDocsPage(JSON.parse(documentJson()) as OpenApiDocument, OPENAPI_JSON_URL);
    const nonce = withPagePolicy(reply, 'docs');
    return reply
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page.replaceAll(DOCS_NONCE, nonce));
  });
}
