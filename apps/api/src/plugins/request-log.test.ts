import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helper.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { loggerOptions } from '../lib/logger.ts';

// A built web app of its own (an index.html), so that the tour's page is answered whether `npm run build` has run or not.
const webDist = mkdtempSync(path.join(tmpdir(), 'passerelle-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

/** The real app logging into an array at the given level. */
async function appLoggingAt(level: string) {
  const { database, drop } = await createTestDatabase();
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      PUBLIC_URL: 'http://localhost:3999',
      DEMO_DATA: false,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      WEB_DIST: webDist,
    },
  );
  const app = await buildApp({ config, database, logger: { ...loggerOptions(level), stream } });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await drop();
  });
  return { app, lines };
}

describe('request logs', async () => {
  const quiet = await appLoggingAt('info');
  const verbose = await appLoggingAt('debug');

  it('are quiet at the default level: a tour of answered and refused requests writes no line', async () => {
    await quiet.app.inject({ method: 'GET', url: '/api/health' });
    await quiet.app.inject({ method: 'GET', url: '/api/users/me' });
    await quiet.app.inject({ method: 'POST', url: '/api/auth/login-link', payload: { email: 'nobody@example.org' } });
    const page = await quiet.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(quiet.lines.filter((line) => String(line['msg']).includes('request'))).toEqual([]);
  });

  it('write one line per request at debug: method, path without its query, status', async () => {
    await verbose.app.inject({ method: 'GET', url: '/api/users/me?t=secret-token' });
    const completed = verbose.lines.filter((line) => line['msg'] === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ status: 401, req: { method: 'GET', path: '/api/users/me' } });
    expect(JSON.stringify(verbose.lines)).not.toContain('secret-token');
  });
});
