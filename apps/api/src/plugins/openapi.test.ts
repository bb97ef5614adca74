import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../../test/helper.ts';
import { DOCS_URL, OPENAPI_JSON_URL, openapiPath, type OpenApiDocument } from './openapi.ts';

const jwtSecret = 'openapi-test-secret-openapi-test-secret-42';

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
  const apiRoutes = app.routeTable.filter(
    (r) => r.url.startsWith('/api/') && r.url !== OPENAPI_JSON_URL && r.url !== DOCS_URL,
  );

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
    expect(doc.paths[OPENAPI_JSON_URL]).toBeUndefined();
    expect(doc.paths[DOCS_URL]).toBeUndefined();
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

  it('serves /api/docs: the document as a page with no script and nothing from another origin', async () => {
    const page = await app.inject({ method: 'GET', url: DOCS_URL });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    const nonce = /<style nonce="([^"]+)">/.exec(page.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain(`style-src 'nonce-${nonce}'`);
    expect(csp).toMatch(/^default-src 'none';/);
    expect(csp).not.toContain('script-src');
    expect(page.body).not.toMatch(/<script|\sstyle=|\son\w+=/i);
    expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//i);
    for (const path of Object.keys(doc.paths)) expect(page.body).toContain(`<code>${path}</code>`);
    const again = await app.inject({ method: 'GET', url: DOCS_URL });
    expect(again.body).not.toContain(`nonce="${nonce}"`);
  });
});

describe('the OpenAPI document in production', async () => {
  const { app } = await createTestApp({ NODE_ENV: 'production' });

  it('is not served unless API_DOCS says so', async () => {
    expect(app.config.apiDocs).toBe(false);
    for (const url of [OPENAPI_JSON_URL, DOCS_URL]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
