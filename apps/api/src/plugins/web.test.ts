import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helper.ts';
import { NONCE_PLACEHOLDER } from './web.ts';

const webDist = mkdtempSync(path.join(tmpdir(), 'passerelle-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(
  path.join(webDist, 'index.html'),
  `<!doctype html><html><head><meta property="csp-nonce" nonce="${NONCE_PLACEHOLDER}"><script type="module" nonce="${NONCE_PLACEHOLDER}" src="/assets/app-abc.js"></script></head><body></body></html>`,
);
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
writeFileSync(path.join(webDist, 'assets/app-abc.js'), script);
writeFileSync(path.join(webDist, 'assets/app-abc.js.br'), brotliCompressSync(script));
writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

describe('serving the web app', async () => {
  const { app } = await createTestApp({ WEB_DIST: webDist });

  it('answers every page address with index.html carrying a fresh nonce that its CSP names', async () => {
    const first = await app.inject({ method: 'GET', url: '/espace-admissible/recherche?x=1' });
    const second = await app.inject({ method: 'GET', url: '/' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('text/html');
    const nonce = /nonce="([^"]+)"/.exec(first.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(first.body).not.toContain(NONCE_PLACEHOLDER);
    expect(first.headers['content-security-policy']).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(first.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(first.headers['cache-control']).toBe('no-store');
    expect(second.body).not.toContain(`nonce="${nonce}"`);
  });

  it('serves hashed assets pre-compressed with a long cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('sends a hashed asset only the headers that act on a file, and the page all of its own', async () => {
    // What acts on documents only (and the request id, which traces calls, not files).
    const pageOnly = [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'permissions-policy',
      'x-request-id',
    ];
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of [...pageOnly, 'etag', 'last-modified']) expect(asset.headers[name], name).toBeUndefined();
    const page = await app.inject({ method: 'GET', url: '/espace-admissible' });
    for (const name of [...pageOnly, 'x-content-type-options']) expect(page.headers[name], name).toBeDefined();
    const api = await app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toContain("default-src 'none'");
    expect(api.headers['x-request-id']).toBeDefined();
    // A file without a hash in its name (no validators either) is kept a day.
    const favicon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers a missing asset and an unknown API path with 404, never the page', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(asset.statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it('leaves small JSON answers uncompressed: compressing them costs more than it saves', async () => {
    const small = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
