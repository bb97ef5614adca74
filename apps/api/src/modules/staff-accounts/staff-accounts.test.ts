import type { ErrorBody, InviteStaffResponse, StaffAccountsResponse, UserType } from '@passerelle/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { accessTokenFor, createTestApp } from '../../../test/helper.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { loginTokens, sessions, users } from '../../db/schema/index.ts';
import { REFRESH_COOKIE } from '../auth/auth.routes.ts';
import { drainMailOutbox } from '../mail/mail.service.ts';
import { linkIn, startTestSmtpServer, tokenOf, type TestSmtpServer } from '../mail/test-smtp-server.ts';
import { createSchool, createUser, type SignedInUser } from '../workshops/applicant-fixtures.ts';
import { inviteStaff } from './staff-accounts.service.ts';

const mailsTo = (smtp: TestSmtpServer, address: string) => smtp.messages.filter((m) => m.envelopeTo.includes(address));

async function lastLinkTo(app: FastifyInstance, smtp: TestSmtpServer, address: string): Promise<string> {
  await app.afterResponseSettled();
  await drainMailOutbox(app);
  return tokenOf(linkIn(mailsTo(smtp, address).at(-1)));
}

/** Signs in from a mailed link as a person does: the access token and the refresh cookie. */
async function exchange(app: FastifyInstance, token: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/exchange', payload: { t: token } });
  return {
    status: res.statusCode,
    token: res.json<{ token?: string }>().token,
    cookie: res.cookies.find((c) => c.name === REFRESH_COOKIE)?.value,
  };
}

describe('staff accounts API', async () => {
  const smtp = await startTestSmtpServer();
  afterAll(() => smtp.close());
  const { app } = await createTestApp({ SMTP_URL: smtp.url });
  const admin = await createUser(app, 'admin', undefined, { email: 'chef@cfa.test', prenom: 'Nadia', nom: 'Roux' });
  const staff = await createUser(app, 'staff', undefined, { email: 'agent@cfa.test', prenom: 'Paul', nom: 'Durand' });
  const { formationId } = await createSchool(app, 'ESILV');
  const applicant = await createUser(app, 'admissible', formationId, { email: 'candidate@example.test' });
  const employer = await createUser(app, 'company', undefined, { email: 'boss@company.test' });

  const call = (
    caller: SignedInUser | { headers: { authorization: string } } | undefined,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) => app.inject({ method, url, ...(caller ? { headers: caller.headers } : {}), ...(payload ? { payload } : {}) });
  const bearer = (token: string | undefined) => ({ headers: { authorization: `Bearer ${token ?? ''}` } });

  it('answers 401 without a token and 403 to staff, applicants and employers on every route', async () => {
    const routes: ['GET' | 'POST', string, object?][] = [
      ['GET', '/api/staff/accounts'],
      ['POST', '/api/staff/accounts', { email: 'x@cfa.test', admin: false, lang: 'fr-FR' }],
      ['POST', `/api/staff/accounts/${staff.id}/deactivate`],
      ['POST', `/api/staff/accounts/${staff.id}/reactivate`],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(undefined, method, url, payload)).statusCode, url).toBe(401);
      for (const caller of [staff, applicant, employer])
        expect((await call(caller, method, url, payload)).statusCode, url).toBe(403);
    }
    expect(await app.db.select().from(users).where(eq(users.email, 'x@cfa.test'))).toHaveLength(0);
  });

  it('lists the back-office accounts only, with the admin marked as themself', async () => {
    const res = await call(admin, 'GET', '/api/staff/accounts');
    expect(res.statusCode).toBe(200);
    const { accounts } = res.json<StaffAccountsResponse>();
    expect(accounts.map((a) => a.email).sort()).toEqual(['agent@cfa.test', 'chef@cfa.test']);
    expect(accounts.find((a) => a.isMe)).toMatchObject({ email: 'chef@cfa.test', role: 'admin', deactivatedAt: null });
  });

  it('invites a new staff member in their language; the mailed link signs them in to the back office', async () => {
    const res = await call(admin, 'POST', '/api/staff/accounts', {
      email: 'Julie.Moreau@CFA.test',
      prenom: 'Julie',
      nom: 'Moreau',
      admin: false,
      lang: 'en-US',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<InviteStaffResponse>();
    expect(body).toMatchObject({
      created: true,
      account: { email: 'julie.moreau@cfa.test', role: 'staff', lang: 'en-US', lastSignInAt: null },
    });
    expect(body.account.invitedAt).not.toBeNull();
    const token = await lastLinkTo(app, smtp, 'julie.moreau@cfa.test');
    expect(mailsTo(smtp, 'julie.moreau@cfa.test').at(-1)?.parsed.subject).toBe('Your Passerelle sign-in link');
    const session = await exchange(app, token);
    expect(session.status).toBe(200);
    expect((await call(bearer(session.token), 'GET', '/api/staff/dossiers')).statusCode).toBe(200);
    expect((await call(bearer(session.token), 'GET', '/api/staff/accounts')).statusCode).toBe(403);
  });

  it('invites an existing staff member again, as admin this time, without a second account', async () => {
    const before = mailsTo(smtp, 'agent@cfa.test').length;
    const res = await call(admin, 'POST', '/api/staff/accounts', {
      email: 'agent@cfa.test',
      admin: true,
      lang: 'fr-FR',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<InviteStaffResponse>()).toMatchObject({
      created: false,
      account: { id: staff.id, role: 'admin', prenom: 'Paul' },
    });
    await lastLinkTo(app, smtp, 'agent@cfa.test');
    expect(mailsTo(smtp, 'agent@cfa.test')).toHaveLength(before + 1);
    await app.db.update(users).set({ userType: 'staff' }).where(eq(users.id, staff.id));
  });

  it('refuses an address of an applicant or an employer with a message under the e-mail field, and a bad body per field', async () => {
    for (const email of ['candidate@example.test', 'boss@company.test']) {
      const res = await call(admin, 'POST', '/api/staff/accounts', { email, admin: false, lang: 'fr-FR' });
      expect(res.statusCode).toBe(409);
      expect(res.json<ErrorBody>().errors).toEqual({ email: ['accounts.email_not_staff'] });
    }
    const [still] = await app.db.select().from(users).where(eq(users.id, applicant.id));
    expect(still?.userType).toBe('admissible');
    const bad = await app.inject({
      method: 'POST',
      url: '/api/staff/accounts',
      headers: { ...admin.headers, 'accept-language': 'fr-FR' },
      payload: { email: 'not-an-address', admin: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().errors).toEqual({
      email: ['Saisissez une adresse e-mail complète, par exemple nom@exemple.fr.'],
      admin: ['Ce champ est obligatoire.'],
    });
  });

  it('deactivates an account: its sessions end, its links die, a new link is never sent, and it comes back when reactivated', async () => {
    await inviteStaff(app.db, app.config, {
      email: 'leaving@cfa.test',
      admin: false,
      invitedBy: admin.id,
      prenom: 'Marc',
    });
    const session = await exchange(app, await lastLinkTo(app, smtp, 'leaving@cfa.test'));
    expect(session.status).toBe(200);
    // A second, unused link still in the inbox.
    await inviteStaff(app.db, app.config, { email: 'leaving@cfa.test', admin: false, invitedBy: admin.id });
    const unused = await lastLinkTo(app, smtp, 'leaving@cfa.test');
    const [leaving] = await app.db.select().from(users).where(eq(users.email, 'leaving@cfa.test'));
    if (!leaving) throw new Error('no account');

    const res = await call(admin, 'POST', `/api/staff/accounts/${leaving.id}/deactivate`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ account: { deactivatedAt: string | null } }>().account.deactivatedAt).not.toBeNull();
    expect((await call(bearer(session.token), 'GET', '/api/staff/dossiers')).statusCode).toBe(401);
    const refreshed = await app.inject({
      method: 'GET',
      url: '/api/admissibles/refresh_token',
      cookies: { [REFRESH_COOKIE]: session.cookie ?? '' },
    });
    expect(refreshed.statusCode).toBe(401);
    expect((await exchange(app, unused)).status).toBe(401);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, leaving.id))).toSatisfy(
      (rows: { revokedAt: Date | null }[]) => rows.every((row) => row.revokedAt !== null),
    );

    // Asking for a link: the same 202 as for an unknown address, and nothing is made or sent.
    const mailsBefore = mailsTo(smtp, 'leaving@cfa.test').length;
    const ask = await app.inject({
      method: 'POST',
      url: '/api/auth/login-link',
      payload: { email: 'leaving@cfa.test' },
    });
    const askUnknown = await app.inject({
      method: 'POST',
      url: '/api/auth/login-link',
      payload: { email: 'nobody@cfa.test' },
    });
    expect(ask.statusCode).toBe(202);
    expect(ask.body).toBe(askUnknown.body);
    await app.afterResponseSettled();
    await drainMailOutbox(app);
    expect(mailsTo(smtp, 'leaving@cfa.test')).toHaveLength(mailsBefore);
    expect(await app.db.select().from(loginTokens).where(eq(loginTokens.userId, leaving.id))).toSatisfy(
      (rows: { usedAt: Date | null }[]) => rows.every((row) => row.usedAt !== null),
    );

    // Invited again while deactivated: refused under the e-mail field.
    const reinvite = await call(admin, 'POST', '/api/staff/accounts', {
      email: 'leaving@cfa.test',
      admin: false,
      lang: 'fr-FR',
    });
    expect(reinvite.statusCode).toBe(409);
    expect(reinvite.json<ErrorBody>().errors).toEqual({ email: ['accounts.deactivated'] });

    const back = await call(admin, 'POST', `/api/staff/accounts/${leaving.id}/reactivate`);
    expect(back.statusCode).toBe(200);
    expect(back.json<{ account: { deactivatedAt: string | null } }>().account.deactivatedAt).toBeNull();
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/login-link',
      payload: { email: 'leaving@cfa.test' },
    });
    expect(again.statusCode).toBe(202);
    expect((await exchange(app, await lastLinkTo(app, smtp, 'leaving@cfa.test'))).status).toBe(200);
  });

  it('keeps an admin from deactivating themself and keeps the last active admin', async () => {
    const self = await call(admin, 'POST', `/api/staff/accounts/${admin.id}/deactivate`);
    expect(self.statusCode).toBe(409);
    expect(self.json<ErrorBody>().errors).toEqual({ account: ['accounts.self'] });

    // A second admin would leave nobody to manage the accounts by deactivating the first, once the first is alone.
    const other = await createUser(app, 'admin', undefined, { email: 'second.admin@cfa.test' });
    expect((await call(other, 'POST', `/api/staff/accounts/${admin.id}/deactivate`)).statusCode).toBe(200);
    await app.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, admin.id));
    await app.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, other.id));
    // The deactivation ended the first admin's sessions: a new sign-in.
    admin.headers = bearer(await accessTokenFor(app, { id: admin.id, userType: 'admin' })).headers;
    const demote = await call(admin, 'POST', '/api/staff/accounts', {
      email: 'chef@cfa.test',
      admin: false,
      lang: 'fr-FR',
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json<ErrorBody>().errors).toEqual({ admin: ['accounts.self'] });
    await expect(
      inviteStaff(app.db, app.config, { email: 'chef@cfa.test', admin: false, invitedBy: null }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      errors: { account: ['accounts.last_admin'] },
    });
    const [chef] = await app.db.select().from(users).where(eq(users.id, admin.id));
    expect(chef?.userType).toBe('admin');
  });

  it('answers 404 for an unknown id and for the id of an applicant or an employer', async () => {
    for (const id of [999_999, applicant.id, employer.id]) {
      expect((await call(admin, 'POST', `/api/staff/accounts/${id}/deactivate`)).statusCode).toBe(404);
      expect((await call(admin, 'POST', `/api/staff/accounts/${id}/reactivate`)).statusCode).toBe(404);
    }
    const [still] = await app.db.select().from(users).where(eq(users.id, applicant.id));
    expect(still?.deactivatedAt).toBeNull();
  });

  it('two invitations of one new address at once make one account', async () => {
    const results = await Promise.all([
      inviteStaff(app.db, app.config, { email: 'twice@cfa.test', admin: false, invitedBy: admin.id }),
      inviteStaff(app.db, app.config, { email: 'twice@cfa.test', admin: false, invitedBy: admin.id }),
    ]);
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await app.db.select().from(users).where(eq(users.email, 'twice@cfa.test'))).toHaveLength(1);
  });

  it('inviteStaff creates an admin from the command line, in French by default', async () => {
    const result = await inviteStaff(app.db, app.config, { email: 'ops@cfa.test', admin: true, invitedBy: null });
    expect(result.created).toBe(true);
    const [row] = await app.db.select().from(users).where(eq(users.id, result.id));
    expect(row).toMatchObject({ userType: 'admin' satisfies UserType, lang: 'fr-FR' });
    await lastLinkTo(app, smtp, 'ops@cfa.test');
    expect(mailsTo(smtp, 'ops@cfa.test').at(-1)?.parsed.subject).toBe('Votre lien de connexion à Passerelle');
  });
});

describe('a role changed takes effect at once (issue 27)', async () => {
  let clock = 0;
  const { app, database, url } = await createTestApp({}, { clock: () => clock });
  const cacheMs = app.config.SESSION_CHECK_CACHE_MS;
  // A second API process on the same database: its own session check, and on PostgreSQL its own connections.
  const otherDatabase = url ? await openDatabase({ url, poolSize: 2 }) : database;
  const other = await buildApp({ config: app.config, database: otherDatabase, logger: false, clock: () => clock });
  await other.ready();
  afterAll(async () => {
    await other.close();
    if (url) await otherDatabase.close();
  });
  const call = (on: FastifyInstance, caller: SignedInUser, method: 'GET' | 'POST', path: string, payload?: object) =>
    on.inject({ method, url: path, headers: caller.headers, ...(payload ? { payload } : {}) });

  it('ends the sessions of an admin made staff in the same change: refused at once here, on the other process within the window', async () => {
    const chief = await createUser(app, 'admin', undefined, { email: 'chief-roles@cfa.test' });
    const demoted = await createUser(app, 'admin', undefined, { email: 'demoted-roles@cfa.test' });
    // Both processes have checked the demoted admin's session (each keeps the answer SESSION_CHECK_CACHE_MS).
    expect((await call(app, demoted, 'GET', '/api/staff/accounts')).statusCode).toBe(200);
    expect((await call(other, demoted, 'GET', '/api/staff/accounts')).statusCode).toBe(200);

    const change = await call(app, chief, 'POST', '/api/staff/accounts', {
      email: 'demoted-roles@cfa.test',
      admin: false,
    });
    expect(change.statusCode).toBe(200);
    const open = await app.db.select().from(sessions).where(eq(sessions.userId, demoted.id));
    expect(open.every((session) => session.revokedAt !== null)).toBe(true);

    // This process was told; it creates no admin with the old token.
    const made = await call(app, demoted, 'POST', '/api/staff/accounts', { email: 'new-admin@cfa.test', admin: true });
    expect(made.statusCode).toBe(401);
    expect(await app.db.select().from(users).where(eq(users.email, 'new-admin@cfa.test'))).toEqual([]);
    // The other process answers from its check until the window is over, then refuses.
    clock += cacheMs;
    expect((await call(other, demoted, 'GET', '/api/staff/accounts')).statusCode).toBe(401);
    expect(
      (await call(other, demoted, 'POST', '/api/staff/accounts', { email: 'new-admin@cfa.test', admin: true }))
        .statusCode,
    ).toBe(401);
  });

  it('reads the role with the session: a token signed before a change to the users table carries no right of the old role', async () => {
    const changed = await createUser(app, 'admin', undefined, { email: 'changed-roles@cfa.test' });
    expect((await call(other, changed, 'GET', '/api/staff/accounts')).statusCode).toBe(200);
    // A change that ended no session (made in the database by hand, or by a path that forgot to): the token still
    // says admin, the session is open; the session check reads the account's type with the session.
    await app.db.update(users).set({ userType: 'staff' }).where(eq(users.id, changed.id));
    clock += cacheMs;
    expect((await call(other, changed, 'GET', '/api/staff/accounts')).statusCode).toBe(403);
    expect((await call(app, changed, 'GET', '/api/staff/accounts')).statusCode).toBe(403);
    // Still signed in, as staff: the back office's own screens answer.
    expect((await call(app, changed, 'GET', '/api/users/me')).json<{ userType: string }>().userType).toBe('staff');
  });

  it('refuses a deactivated account on every process within the window, even with a session left open', async () => {
    const closed = await createUser(app, 'staff', undefined, { email: 'closed-roles@cfa.test' });
    expect((await call(other, closed, 'GET', '/api/users/me')).statusCode).toBe(200);
    await app.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, closed.id));
    clock += cacheMs;
    expect((await call(other, closed, 'GET', '/api/users/me')).statusCode).toBe(401);
  });
});
