import { mkdtempSync, rmSync } from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helper.ts';
import { writeTestTlsCertificate } from '../../test/tls-certificate.ts';
import { tlsServerOptions } from './tls.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'passerelle-tls-'));
const { certFile, keyFile, certificatePem } = await writeTestTlsCertificate(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** GET `url` over HTTP/2 on a connection trusting the test certificate: status, protocol and body. */
async function getOverHttp2(origin: string, url: string) {
  const session = http2.connect(origin, { ca: certificatePem });
  try {
    return await new Promise<{ status: number; alpn: string | false | undefined; body: string }>((resolve, reject) => {
      const stream = session.request({ ':path': url });
      let body = '';
      let status = 0;
      stream.setEncoding('utf8');
      stream.on('response', (headers) => (status = Number(headers[':status'])));
      stream.on('data', (chunk: string) => (body += chunk));
      stream.on('end', () => resolve({ status, alpn: session.alpnProtocol, body }));
      stream.on('error', reject);
    });
  } finally {
    session.close();
  }
}

describe('HTTPS and HTTP/2 with TLS_CERT_FILE and TLS_KEY_FILE', async () => {
  const { app } = await createTestApp({ TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile, PUBLIC_URL: undefined });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `https://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  it('answers the API over HTTP/2, and its public address defaults to https', async () => {
    const health = await getOverHttp2(origin, '/api/health');
    expect(health.alpn).toBe('h2');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'ok' });
    expect(app.config.publicUrl).toMatch(/^https:\/\/localhost:/);
    expect(app.config.secureCookies).toBe(true);
  });

  it('refuses an unknown call over HTTP/2 as over HTTP/1.1: the usual error body', async () => {
    const missing = await getOverHttp2(origin, '/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('still answers HTTP/1.1 over TLS (clients without HTTP/2)', async () => {
    const answer = await new Promise<{ status: number; version: string }>((resolve, reject) => {
      https
        .get(`${origin}/api/health`, { ca: certificatePem }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, version: res.httpVersion }));
        })
        .on('error', reject);
    });
    expect(answer).toEqual({ status: 200, version: '1.1' });
  });

  it('does not answer plain HTTP on its port', async () => {
    await expect(fetch(origin.replace('https:', 'http:') + '/api/health')).rejects.toThrow();
  });
});

describe('an unreadable certificate file', () => {
  it('stops the start with the setting and the file named', () => {
    expect(() => tlsServerOptions({ TLS_CERT_FILE: path.join(dir, 'missing.pem'), TLS_KEY_FILE: keyFile })).toThrow(
      /TLS_CERT_FILE: cannot read .*missing\.pem \(ENOENT\)/,
    );
  });
});
