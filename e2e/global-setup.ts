import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, portalEnv, startMailCapture, startPortal, stopPortal } from './harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailDir: string;
  }
}

/**
 * End-to-end harness: a real SMTP server that writes every received mail to a folder, and the real portal (built web
 * app, API, embedded database with demo data) on a free port, configured to send its mail there.
 */
export default async function setup(project: TestProject) {
  const work = mkdtempSync(path.join(tmpdir(), 'passerelle-e2e-'));
  const mailDir = path.join(work, 'mail');
  const smtp = await startMailCapture(mailDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startPortal(
    portalEnv(port, work, smtp.port, {
      LOGIN_RATE_PER_ADDRESS: '1000',
      LOGIN_RATE_PER_CLIENT: '10000',
      // Journeys open several dossiers for one demo applicant, whatever that account already holds.
      APPLICANT_MAX_OPEN_DOSSIERS: '50',
    }),
  );

  project.provide('baseUrl', baseUrl);
  project.provide('mailDir', mailDir);

  return async () => {
    await stopPortal(server);
    await smtp.close();
    rmSync(work, { recursive: true, force: true });
  };
}
