import type { CfaContact } from '@passerelle/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleCfaIdentity } from '../../../test/cfa-identity.ts';
import { startRelay } from '../../../test/db-relay.ts';
import { createTestApp } from '../../../test/helper.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { createUser } from '../workshops/applicant-fixtures.ts';
import { refreshMailContact } from './contact.service.ts';

/**
 * Issue 28: the contact comes from the settings in the database, yet the error pages show it when the database is what
 * failed. A file of its own: each app sets the mails' contact for the whole process.
 */
describe('GET /api/public/contact with the database stopped', async () => {
  const { app: direct, url } = await createTestApp({ CFA_CONTACT_EMAIL: 'secours@ecole.example' });
  if (!url) throw new Error('PostgreSQL only');
  // This process reaches PostgreSQL through a relay that can stop, as a server does.
  const relay = await startRelay({ host: new URL(url).hostname, port: Number(new URL(url).port || 5432) });
  const relayed = new URL(url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(relay.port);
  const database = await openDatabase({ url: relayed.toString(), poolSize: 2, statementTimeoutMs: 400, connectTimeoutMs: 400 });
  const app = await buildApp({ config: direct.config, database, logger: false });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
    await relay.stop().catch(() => undefined);
  });

  it('still says how to reach the CFA (the contact this process read last), rather than a 503', async () => {
    const admin = await createUser(direct, 'admin', undefined, { email: 'chef-contact@cfa.test' });
    const saved = await direct.inject({
      method: 'PUT',
      url: '/api/staff/settings/cfa',
      headers: admin.headers,
      payload: { ...sampleCfaIdentity, contactEmail: 'accueil@cfa.example' },
    });
    expect(saved.statusCode).toBe(200);
    await refreshMailContact(app.db, app.config);
    await relay.stop();
    const res = await app.inject({ method: 'GET', url: '/api/public/contact' });
    expect(res.statusCode).toBe(200);
    expect(res.json<CfaContact>().email).toBe('accueil@cfa.example');
  });
});
