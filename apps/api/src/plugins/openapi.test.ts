import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../../test/helper.ts';
import { DOCS_URL, OPENAPI_JSON_URL } from './api-docs.ts';

const jwtSecret = 'openapi-test-secret-openapi-test-secret-42';

type JsonSchema = Record<string, unknown>;
interface Operation {
  operationId: string;
  security?: Record<string, string[]>[];
  'x-user-types'?: readonly string[];
  parameters?: { name: string; in: string; required: boolean; schema: JsonSchema }[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}
/** The parts of the OpenAPI 3.1 document these tests read. */
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

/** `/api/x/:id` → `/api/x/{id}`. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** The documentation's own routes: the document, the page and the page's files. */
const isDocsRoute = (url: string) => url === OPENAPI_JSON_URL || url === DOCS_URL || url.startsWith(`${DOCS_URL}/`);

/** Keys of a zod object (params, querystring, multipart form); none for anything else. */
function keysOf(schema: unknown): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

const isNoBody = (schema: unknown) =>
  schema instanceof z.ZodType && ['undefined', 'void', 'null'].includes(schema._zod.def.type);

describe('the OpenAPI document', async () => {
  const { app } = await createTestApp({ JWT_SECRET: jwtSecret });
  const res = await app.inject({ method: 'GET', url: OPENAPI_JSON_URL });
  const doc = res.json<OpenApiDocument>();
  const apiRoutes = app.routeTable.filter((r) => r.url.startsWith('/api/') && !isDocsRoute(r.url));

  it('answers an OpenAPI 3.1 document that a validator accepts', async () => {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    const result = await new Validator().validate(structuredClone(doc) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every API route: path, method, parameters, request body and answers with their schemas', () => {
    expect(apiRoutes.length).toBeGreaterThan(40);
    let operations = 0;
    for (const route of apiRoutes) {
      const name = `${route.method} ${route.url}`;
      const op = doc.paths[openapiPath(route.url)]?.[route.method.toLowerCase()];
      expect(op, name).toBeDefined();
      if (!op) continue;
      operations++;
      const schema = route.schema ?? {};

      const parameters = op.parameters ?? [];
      for (const param of [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1])) {
        expect(
          parameters.find((p) => p.in === 'path' && p.name === param)?.schema,
          `${name}: path parameter ${param}`,
        ).toBeDefined();
      }
      for (const key of keysOf(schema.params)) {
        expect(
          parameters.some((p) => p.in === 'path' && p.name === key && p.required),
          `${name}: ${key}`,
        ).toBe(true);
      }
      for (const key of keysOf(schema.querystring)) {
        expect(
          parameters.find((p) => p.in === 'query' && p.name === key)?.schema,
          `${name}: query ${key}`,
        ).toBeDefined();
      }
      if (schema.querystring)
        expect(
          parameters.some((p) => p.in === 'query'),
          `${name}: query parameters`,
        ).toBe(true);

      if (schema.body) {
        expect(op.requestBody?.content['application/json']?.schema, `${name}: JSON body`).toBeDefined();
      } else if (schema.openapi?.multipart) {
        const form = op.requestBody?.content['multipart/form-data']?.schema;
        const properties = (form?.['properties'] ?? {}) as Record<string, { format?: string }>;
        expect(Object.keys(properties).sort(), `${name}: form fields`).toEqual(keysOf(schema.openapi.multipart).sort());
        expect(
          Object.values(properties).some((p) => p.format === 'binary'),
          `${name}: a file field`,
        ).toBe(true);
      } else {
        expect(op.requestBody, `${name}: no body`).toBeUndefined();
      }

      // Every route declares its success answer; the document shows its schema, or that it has no body.
      const declared = Object.entries((schema.response ?? {}) as Record<string, unknown>).filter(([status]) =>
        status.startsWith('2'),
      );
      expect(declared.length, `${name}: a declared success answer`).toBeGreaterThan(0);
      for (const [status, responseSchema] of declared) {
        const response = op.responses[status];
        expect(response, `${name}: ${status}`).toBeDefined();
        if (isNoBody(responseSchema)) {
          expect(response?.content, `${name}: ${status} has no body`).toBeUndefined();
        } else {
          const media = Object.values(response?.content ?? {});
          expect(media.length, `${name}: ${status} content`).toBeGreaterThan(0);
          for (const m of media) expect(Object.keys(m.schema).length, `${name}: ${status} schema`).toBeGreaterThan(0);
        }
      }

      // Failures: the common error body.
      for (const status of ['4XX', '5XX']) {
        expect(op.responses[status]?.content?.['application/json']?.schema, `${name}: ${status}`).toEqual({
          $ref: '#/components/schemas/ErrorBody',
        });
      }
      if (route.access === 'public') {
        expect(op.security, `${name}: public`).toBeUndefined();
      } else {
        expect(op.security, `${name}: bearer token`).toEqual([{ bearerAuth: [] }]);
        expect(op.responses['401'], `${name}: 401`).toBeDefined();
      }
      if (Array.isArray(route.access)) expect(op['x-user-types'], name).toEqual(route.access);
    }
    // Nothing else: one operation per route, and the document's own routes left out.
    const documented = Object.values(doc.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(documented).toBe(operations);
    expect(Object.keys(doc.paths).filter(isDocsRoute)).toEqual([]);
    const ids = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.components.schemas['ErrorBody']).toMatchObject({ required: ['code', 'message'] });
    expect(doc.components.securitySchemes['bearerAuth']).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
  });

  it('reads who may call each route from its authentication hooks', () => {
    const accessOf = (method: string, url: string) =>
      apiRoutes.find((r) => r.method === method && r.url === url)?.access;
    expect(accessOf('POST', '/api/auth/login-link')).toBe('public');
    expect(accessOf('GET', '/api/health')).toBe('public');
    expect(accessOf('GET', '/api/users/me')).toBe('signed-in');
    expect(accessOf('GET', '/api/admissibles/portal/infos')).toEqual(['admissible']);
    expect(accessOf('PUT', '/api/staff/smic')).toEqual(['staff', 'admin']);
    // Most of the API wants a token: a hook the table cannot read would show up here as a public route.
    expect(apiRoutes.filter((r) => r.access === 'public').length).toBeLessThan(apiRoutes.length / 4);
  });

  it('describes uploads as multipart forms with their file fields, and downloads as binary', () => {
    const upload =
      doc.paths['/api/admissibles/portal/upload']?.['post']?.requestBody?.content['multipart/form-data']?.schema;
    expect(Object.keys(upload?.['properties'] ?? {})).toEqual(expect.arrayContaining(['cv', 'cvec', 'attestationBac']));
    const attachment =
      doc.paths['/api/employeurs/modification-missions/{id}/attachment']?.['post']?.requestBody?.content[
        'multipart/form-data'
      ]?.schema;
    expect(attachment).toMatchObject({
      properties: { file: { type: 'string', format: 'binary' } },
      required: ['file'],
    });
    // The field's zod description (`formFile`) is kept: the transform reads zod's own metadata.
    const file = (attachment?.['properties'] as Record<string, JsonSchema> | undefined)?.['file'];
    expect(String(file?.['description'])).toContain('.pdf, .doc or .docx');
    // A body the route may go without is not required: a sheet's submit carries its last changes, or nothing.
    expect(doc.paths['/api/admissibles/fiche-premier-contact/{id}/submit']?.['post']?.requestBody?.required).toBe(false);
    expect(doc.paths['/api/signature/{id}/sign']?.['post']?.requestBody?.required).toBe(true);
    expect(JSON.stringify(doc)).not.toContain('x-optional-body');
    expect(doc.paths['/api/files/{id}']?.['get']?.responses['200']?.content).toEqual({
      'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
    });
    expect(
      Object.keys(doc.paths['/api/admissibles/portal/attestations/{kind}']?.['get']?.responses['200']?.content ?? {}),
    ).toEqual(['application/pdf']);
  });

  it('holds no secret and no personal data', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain(jwtSecret);
    expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    expect(text).not.toContain(app.config.publicUrl);
  });

  it('serves /api/docs: Swagger UI from our origin alone, under a policy with no inline script and no eval', async () => {
    const page = await app.inject({ method: 'GET', url: DOCS_URL });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Passerelle API</title>');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/^default-src 'none';/);
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).not.toMatch(/unsafe-(inline|eval)|https?:|\*/);
    // Every script is a file of ours: none inline, none from another origin, no inline handler or style.
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([^<]*)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    expect(page.body.match(/<script\b/gi)?.length).toBe(scripts.length);
    expect(page.body).not.toMatch(/\son\w+=|\sstyle=/i);
    expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//i);
    for (const [, attributes = '', content = ''] of scripts) {
      expect(content.trim()).toBe('');
      const src = /\ssrc="([^"]+)"/.exec(attributes)?.[1];
      expect(src).toMatch(new RegExp(`^${DOCS_URL}/static/`));
      const file = await app.inject({ method: 'GET', url: src ?? '' });
      expect(file.statusCode, src).toBe(200);
      expect(file.headers['content-type'], src).toContain('javascript');
    }
    // The page reads the document from our origin, the same one as /api/openapi.json.
    const initializer = await app.inject({ method: 'GET', url: `${DOCS_URL}/static/swagger-initializer.js` });
    expect(initializer.body).toContain("resolveUrl('./json')");
    expect(initializer.body).toContain('validatorUrl: null');
    const shown = await app.inject({ method: 'GET', url: `${DOCS_URL}/json` });
    expect(shown.json()).toEqual(doc);
  });
});

describe('the OpenAPI document in production', async () => {
  const { app } = await createTestApp({ NODE_ENV: 'production' });

  it('is not served unless API_DOCS says so', async () => {
    expect(app.config.apiDocs).toBe(false);
    for (const url of [OPENAPI_JSON_URL, DOCS_URL, `${DOCS_URL}/json`, `${DOCS_URL}/static/swagger-ui-bundle.js`]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
