import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../test/helper.ts';

describe('GET /api/health', async () => {
  const { app, database } = await createTestApp();

  it('answers 200 once the database answers, with the security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers an unknown API path with the one error body', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it('answers 503 when the database does not answer', async () => {
    const ping = vi.spyOn(database, 'ping').mockResolvedValue(false);
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json<{ code: string }>().code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      ping.mockRestore();
    }
  });
});
