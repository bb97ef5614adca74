import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EICAR, eicarSignature, startClamd, type TestClamd } from '../../test/clamd.ts';
import { createClamdScanner, createFileScanner, parseClamdUrl, ScannerUnavailableError } from './antivirus.ts';

describe('clamd scanner (INSTREAM)', () => {
  let clamd: TestClamd;
  beforeAll(async () => {
    clamd = await startClamd();
  }, 90_000);
  afterAll(async () => {
    await clamd.stop();
  });

  it('finds the EICAR string inside a PDF, and passes a clean one', async () => {
    const scanner = createClamdScanner(clamd.url, 10_000);
    const infected = Buffer.from(`%PDF-1.4\n1 0 obj\n(${EICAR})\nendobj\n%%EOF\n`);
    expect(await scanner.scan(infected)).toEqual({ clean: false, signature: `${eicarSignature}.UNOFFICIAL` });
    expect(await scanner.scan(Buffer.from('%PDF-1.4\n%%EOF\n'))).toEqual({ clean: true });
  });

  it('streams a file of several chunks, the signature across a chunk boundary', async () => {
    const scanner = createClamdScanner(`unix://${clamd.url}`, 10_000);
    const padding = Buffer.alloc(64 * 1024 - 30, 0x41);
    expect(await scanner.scan(Buffer.concat([padding, Buffer.from(EICAR), padding]))).toMatchObject({ clean: false });
    expect(await scanner.scan(Buffer.alloc(3 * 1024 * 1024, 0x20))).toEqual({ clean: true });
  });

  it('reports a daemon it cannot reach as unavailable, never as clean', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'no-clamd-'));
    try {
      await expect(
        createClamdScanner(path.join(dir, 'absent.sock'), 2_000).scan(Buffer.from('x')),
      ).rejects.toBeInstanceOf(ScannerUnavailableError);
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});

describe('scanner configuration', () => {
  it('reads tcp and unix addresses, and is off when CLAMD_URL is unset', () => {
    expect(parseClamdUrl('tcp://127.0.0.1:3310')).toEqual({ host: '127.0.0.1', port: 3310 });
    expect(parseClamdUrl('tcp://[::1]:3311')).toEqual({ host: '::1', port: 3311 });
    expect(parseClamdUrl('unix:///run/clamav/clamd.ctl')).toEqual({ path: '/run/clamav/clamd.ctl' });
    expect(parseClamdUrl('/run/clamav/clamd.ctl')).toEqual({ path: '/run/clamav/clamd.ctl' });
    expect(() => parseClamdUrl('http://clamd')).toThrow();
    expect(createFileScanner({ CLAMD_URL: undefined, CLAMD_TIMEOUT_MS: 1000 })).toBeUndefined();
    expect(createFileScanner({ CLAMD_URL: 'tcp://127.0.0.1:3310', CLAMD_TIMEOUT_MS: 1000 })).toBeDefined();
  });
});
