import { createHash, createHmac, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { refreshTokenHeader, type ErrorBody, type Language, type UserType } from '@passerelle/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createDecoder } from 'fast-jwt';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase } from '../../../test/helper.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { loginTokens, mailOutbox, rateLimits, refreshTokens, sessions } from '../../db/schema/index.ts';
import { loggerOptions } from '../../lib/logger.ts';
import { hitRateLimit, rateLimitKey } from '../../db/rate-limit.ts';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '../../plugins/auth.ts';
import { drainMailOutbox } from '../mail/mail.service.ts';
import { linkIn, startTestSmtpServer, tokenOf, type TestSmtpServer } from '../mail/test-smtp-server.ts';
import { findOrCreateUserByEmail } from '../users/users.service.ts';
import { REFRESH_COOKIE } from './auth.routes.ts';
import { createLoginLink, revokeUserSessions, startSession } from './auth.service.ts';

const JWT_SECRET = 'test-secret-test-secret-test-secret-0123';
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const decodeJwt = createDecoder() as (token: string) => Record<string, unknown>;

/** An HS256 token as jose wrote ours before decision 0039 (header `{"alg":"HS256"}`), any claims, under `secret`. */
function signHs256(claims: Record<string, unknown>, secret: string) {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode({ alg: 'HS256' })}.${encode(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

function createUser(app: FastifyInstance, email: string, lang: Language = 'fr-FR', userType: UserType = 'admissible', prenom = 'Léa') {
  return findOrCreateUserByEmail(app.db, { email, userType, prenom, nom: 'Testeur', lang });
}

const askLink = (app: FastifyInstance, email: string, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/login-link', payload: { email }, remoteAddress });

const resend = (app: FastifyInstance, t: string, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/login-link/resend', payload: { t }, remoteAddress });

const exchange = (app: FastifyInstance, t: string, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/exchange', payload: { t }, remoteAddress });

const refresh = (app: FastifyInstance, cookie?: string) =>
  app.inject({ method: 'GET', url: '/api/admissibles/refresh_token', cookies: cookie ? { [REFRESH_COOKIE]: cookie } : {} });

const me = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });

const refreshCookieOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === REFRESH_COOKIE);

function mailsTo(smtp: TestSmtpServer, address: string) {
  return smtp.messages.filter((m) => m.envelopeTo.includes(address));
}

/** Asks for a link the way the page does, lets the outbox send it, and reads it from the received mail. */
async function linkFromMail(app: FastifyInstance, smtp: TestSmtpServer, email: string): Promise<string> {
  const before = mailsTo(smtp, email).length;
  expect((await askLink(app, email)).statusCode).toBe(202);
  // The link is made and queued once the answer is out.
  await app.afterResponseSettled();
  await drainMailOutbox(app);
  const received = mailsTo(smtp, email);
  expect(received).toHaveLength(before + 1);
  return linkIn(received.at(-1));
}

async function signIn(app: FastifyInstance, smtp: TestSmtpServer, email: string) {
  const res = await exchange(app, tokenOf(await linkFromMail(app, smtp, email)));
  expect(res.statusCode).toBe(200);
  const cookie = refreshCookieOf(res)?.value;
  if (!cookie) throw new Error('no refresh cookie');
  const { token, lang } = res.json<{ token: string; lang?: string }>();
  return { token, lang, cookie };
}

const outboxCount = async (app: FastifyInstance, address: string) =>
  (await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address))).length;

describe('sign-in by personal link', async () => {
  const smtp = await startTestSmtpServer();
  afterAll(() => smtp.close());
  const { app } = await createTestApp({ SMTP_URL: smtp.url });

  it('mails a French link to a French user; the link opens a session and /users/me answers', async () => {
    await createUser(app, 'lea.bernard@example.org', 'fr-FR', 'admissible', 'Léa');
    const res = await askLink(app, 'lea.bernard@example.org');
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('');
    await app.afterResponseSettled();
    await drainMailOutbox(app);

    const [mail] = mailsTo(smtp, 'lea.bernard@example.org');
    expect(mail?.parsed.subject).toBe('Votre lien de connexion à Passerelle');
    expect(mail?.parsed.text).toContain('Bonjour Léa,');
    expect(mail?.parsed.html).toContain('<html lang="fr-FR">');
    const link = linkIn(mail);
    expect(link).toMatch(/^http:\/\/localhost:3999\/\?t=[\w-]{43}$/);

    const exchanged = await exchange(app, tokenOf(link));
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.headers['cache-control']).toBe('no-store');
    const { token } = exchanged.json<{ token: string }>();
    const profile = await me(app, token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({ userType: 'admissible', prenom: 'Léa', nom: 'Testeur', mail: 'lea.bernard@example.org' });
  });

  it('mails an English link to an English user', async () => {
    await createUser(app, 'john.smith@example.com', 'en-US', 'company', 'John');
    const { token, lang } = await signIn(app, smtp, 'john.smith@example.com');
    // The sign-in answer gives the account's language: a browser where none was chosen shows the portal in English.
    expect(lang).toBe('en-US');
    const [mail] = mailsTo(smtp, 'john.smith@example.com');
    expect(mail?.parsed.subject).toBe('Your Passerelle sign-in link');
    expect(mail?.parsed.text).toContain('Hello John,');
    expect(mail?.parsed.html).toContain('<html lang="en-US">');
    expect((await me(app, token)).json()).toMatchObject({ userType: 'company', mail: 'john.smith@example.com' });
  });

  it('keeps only the hash of the link token', async () => {
    const user = await createUser(app, 'hash.only@example.org');
    const t = tokenOf(await linkFromMail(app, smtp, 'hash.only@example.org'));
    const rows = await app.db.select().from(loginTokens).where(eq(loginTokens.userId, user.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([sha256(t)]);
    expect(JSON.stringify(rows)).not.toContain(t);
  });

  it('finds the user whatever the case of the address typed', async () => {
    await createUser(app, 'mixed.case@example.org');
    expect((await askLink(app, 'Mixed.CASE@Example.org')).statusCode).toBe(202);
    await app.afterResponseSettled();
    await drainMailOutbox(app);
    expect(mailsTo(smtp, 'mixed.case@example.org')).toHaveLength(1);
  });

  it('answers 202 for an unknown address and queues nothing', async () => {
    const mailsBefore = await app.db.select().from(mailOutbox);
    const tokensBefore = await app.db.select().from(loginTokens);
    const res = await askLink(app, 'nobody@example.org');
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('');
    await app.afterResponseSettled();
    expect(await app.db.select().from(mailOutbox)).toHaveLength(mailsBefore.length);
    expect(await app.db.select().from(loginTokens)).toHaveLength(tokensBefore.length);
  });

  it('answers 400 with the field in errors for a malformed address', async () => {
    const res = await askLink(app, 'not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { email: [expect.any(String)] } });
  });

  it('refuses a used link with 401 INVALID_LINK', async () => {
    await createUser(app, 'twice@example.org');
    const t = tokenOf(await linkFromMail(app, smtp, 'twice@example.org'));
    expect((await exchange(app, t)).statusCode).toBe(200);
    const again = await exchange(app, t);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'INVALID_LINK' });
    expect(refreshCookieOf(again)).toBeUndefined();
  });

  it('lets only one of two simultaneous exchanges of one link succeed', async () => {
    await createUser(app, 'race@example.org');
    const t = tokenOf(await linkFromMail(app, smtp, 'race@example.org'));
    const answers = await Promise.all([exchange(app, t), exchange(app, t), exchange(app, t)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('holds a sign-in while sign-ins are held (the demo data still loading), then signs in', async () => {
    const user = await createUser(app, 'held@example.org');
    const t = tokenOf(await createLoginLink(app.db, app.config, user.id));
    let release: () => void = () => {};
    app.holdSignIns(new Promise<void>((resolve) => (release = resolve)));
    let answered = false;
    const pending = exchange(app, t).then((res) => {
      answered = true;
      return res;
    });
    // Other requests are answered meanwhile.
    expect((await askLink(app, 'held@example.org')).statusCode).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    expect((await pending).statusCode).toBe(200);
    await app.afterResponseSettled();
  });

  it('refuses an expired link and an unknown one with 401 INVALID_LINK', async () => {
    const user = await createUser(app, 'late@example.org');
    const t = tokenOf(await createLoginLink(app.db, app.config, user.id));
    await app.db.update(loginTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(loginTokens.tokenHash, sha256(t)));
    const expired = await exchange(app, t);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'INVALID_LINK' });

    const unknown = await exchange(app, 'x'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ code: 'INVALID_LINK' });
  });

  it('sends a fresh link to the owner of a used link, without telling the page the address', async () => {
    await createUser(app, 'scanned@example.org', 'en-US', 'admissible', 'Sam');
    const t = tokenOf(await linkFromMail(app, smtp, 'scanned@example.org'));
    // A mail scanner opened the link first.
    expect((await exchange(app, t)).statusCode).toBe(200);

    const res = await resend(app, t);
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('');
    await drainMailOutbox(app);
    const received = mailsTo(smtp, 'scanned@example.org');
    expect(received).toHaveLength(2);
    expect(received[1]?.parsed.subject).toBe('Your Passerelle sign-in link');
    const fresh = tokenOf(linkIn(received[1]));
    expect(fresh).not.toBe(t);
    expect((await exchange(app, fresh)).statusCode).toBe(200);
  });

  it('answers 202 to a resend from an unknown token and sends nothing', async () => {
    const before = await app.db.select().from(mailOutbox);
    const res = await resend(app, 'y'.repeat(43));
    expect(res.statusCode).toBe(202);
    expect(await app.db.select().from(mailOutbox)).toHaveLength(before.length);
  });

  it('sets the refresh cookie httpOnly, SameSite=Strict, on /api, for REFRESH_TOKEN_TTL', async () => {
    await createUser(app, 'cookie@example.org');
    const res = await exchange(app, tokenOf(await linkFromMail(app, smtp, 'cookie@example.org')));
    const cookie = refreshCookieOf(res);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api', maxAge: app.config.REFRESH_TOKEN_TTL });
    expect(cookie?.secure).toBeUndefined();
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);
    const stored = await app.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(cookie?.value ?? '')));
    expect(stored).toHaveLength(1);
  });

  it('renews the access token from the refresh cookie and rotates the cookie', async () => {
    await createUser(app, 'rotate@example.org');
    const session = await signIn(app, smtp, 'rotate@example.org');
    const res = await refresh(app, session.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const next = refreshCookieOf(res);
    expect(next?.value).toBeTruthy();
    expect(next?.value).not.toBe(session.cookie);
    const { token } = res.json<{ token: string }>();
    expect((await me(app, token)).json()).toMatchObject({ mail: 'rotate@example.org' });

    // The new cookie works once more: rotation goes on.
    const again = await refresh(app, next?.value);
    expect(again.statusCode).toBe(200);
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    await createUser(app, 'stolen@example.org');
    const session = await signIn(app, smtp, 'stolen@example.org');
    const rotated = refreshCookieOf(await refresh(app, session.cookie))?.value;
    expect(rotated).toBeTruthy();
    // Past the few seconds that two tabs' simultaneous refreshes are given.
    await app.db
      .update(refreshTokens)
      .set({ usedAt: sql`now() - interval '1 minute'` })
      .where(eq(refreshTokens.tokenHash, sha256(session.cookie)));

    const replay = await refresh(app, session.cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    // The legitimate holder's newer cookie dies with the family.
    expect((await refresh(app, rotated)).statusCode).toBe(401);

    const [first] = await app.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(session.cookie)));
    const family = await app.db.select().from(refreshTokens).where(eq(refreshTokens.family, first?.family ?? ''));
    expect(family).toHaveLength(2);
    expect(family.every((r) => r.revokedAt instanceof Date)).toBe(true);
  });

  it('gives two tabs refreshing with the same cookie at once a session each, in the same family', async () => {
    await createUser(app, 'two.tabs@example.org');
    const session = await signIn(app, smtp, 'two.tabs@example.org');
    const [a, b] = await Promise.all([refresh(app, session.cookie), refresh(app, session.cookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const cookies = [refreshCookieOf(a)?.value, refreshCookieOf(b)?.value];
    expect(new Set(cookies).size).toBe(2);
    for (const cookie of cookies) expect((await refresh(app, cookie)).statusCode).toBe(200);
    const [first] = await app.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(session.cookie)));
    const family = await app.db.select().from(refreshTokens).where(eq(refreshTokens.family, first?.family ?? ''));
    expect(family.every((r) => r.revokedAt === null)).toBe(true);
  });

  it('answers 401 to a refresh without a cookie or with an unknown one, and clears the cookie', async () => {
    const none = await refresh(app);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const unknown = await refresh(app, 'z'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(refreshCookieOf(unknown)?.value).toBe('');
  });

  it('refuses an expired refresh token', async () => {
    await createUser(app, 'old.session@example.org');
    const session = await signIn(app, smtp, 'old.session@example.org');
    await app.db
      .update(refreshTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(refreshTokens.tokenHash, sha256(session.cookie)));
    expect((await refresh(app, session.cookie)).statusCode).toBe(401);
  });

  it('logs out: revokes the refresh family and clears the cookie', async () => {
    await createUser(app, 'bye@example.org');
    const session = await signIn(app, smtp, 'bye@example.org');
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { [REFRESH_COOKIE]: session.cookie } });
    expect(res.statusCode).toBe(204);
    const cleared = refreshCookieOf(res);
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/api');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());

    expect((await refresh(app, session.cookie)).statusCode).toBe(401);
    const rows = await app.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(session.cookie)));
    expect(rows[0]?.revokedAt).toBeInstanceOf(Date);
  });

  it('answers 204 to a logout without a session', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(204);
  });
});

describe('access tokens', async () => {
  const { app } = await createTestApp();
  const user = await createUser(app, 'bearer@example.org');
  const now = Math.floor(Date.now() / 1000);
  const { sessionId } = await startSession(app.db, app.config, user.id);

  /** A token signed with our key; the claims given replace the valid ones, undefined removes one. */
  const forge = (claims: Partial<Record<'sub' | 'typ' | 'iss' | 'aud' | 'sid', string | undefined> & Record<'iat' | 'exp', number | undefined>>, secret = JWT_SECRET) => {
    const payload = { sub: String(user.id), typ: 'admissible', iss: ACCESS_TOKEN_ISSUER, aud: ACCESS_TOKEN_AUDIENCE, iat: now, exp: now + 600, sid: sessionId, ...claims };
    const present = Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== undefined));
    return signHs256(present, secret);
  };

  it('answers 401 with TOKEN_EXPIRED in the body for an expired token', async () => {
    const res = await me(app, forge({ iat: now - 1000, exp: now - 100 }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
    expect(res.body).toContain('TOKEN_EXPIRED');
  });

  it('answers 401 for alg none, a wrong audience or a wrong key', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const payload = { sub: String(user.id), typ: 'admissible', iss: ACCESS_TOKEN_ISSUER, aud: ACCESS_TOKEN_AUDIENCE, iat: now, exp: now + 600, sid: sessionId };
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
    const wrongAudience = forge({ iat: now, exp: now + 600, aud: 'another-api' });
    const wrongKey = forge({ iat: now, exp: now + 600 }, 'another-secret-another-secret-012345');
    for (const token of [unsigned, wrongAudience, wrongKey]) {
      const res = await me(app, token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('sends a fresh token in the refresh-token header past two thirds of the token life', async () => {
    const ttl = app.config.ACCESS_TOKEN_TTL;
    const young = await me(app, forge({ iat: now - 10, exp: now - 10 + ttl }));
    expect(young.statusCode).toBe(200);
    expect(young.headers[refreshTokenHeader]).toBeUndefined();

    const old = await me(app, forge({ iat: now - Math.ceil((ttl * 3) / 4), exp: now + Math.floor(ttl / 4) }));
    expect(old.statusCode).toBe(200);
    const fresh = old.headers[refreshTokenHeader];
    expect(typeof fresh).toBe('string');
    const renewed = await me(app, String(fresh));
    expect(renewed.statusCode).toBe(200);
    expect(renewed.headers[refreshTokenHeader]).toBeUndefined();
    // The fresh token belongs to the same session.
    expect(decodeJwt(String(fresh))).toMatchObject({ sid: sessionId, sub: String(user.id) });
  });

  it('accepts a token carrying every required claim', async () => {
    expect((await me(app, forge({}))).statusCode).toBe(200);
  });

  it('answers 401 UNAUTHORIZED to a token without exp, iat, sub, aud, iss or sid', async () => {
    for (const claim of ['exp', 'iat', 'sub', 'aud', 'iss', 'sid'] as const) {
      const res = await me(app, forge({ [claim]: undefined }));
      expect({ claim, status: res.statusCode, body: res.json<ErrorBody>() }).toMatchObject({ claim, status: 401, body: { code: 'UNAUTHORIZED' } });
    }
  });

  it('answers 401 UNAUTHORIZED to a session that does not exist, is not a session id, or is someone else’s', async () => {
    const other = await createUser(app, 'someone.else@example.org');
    const { sessionId: othersSession } = await startSession(app.db, app.config, other.id);
    for (const sid of [randomUUID(), 'not-a-session', othersSession]) {
      const res = await me(app, forge({ sid }));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });
});

describe('rate limits on sign-in', async () => {
  const { app } = await createTestApp({ LOGIN_RATE_PER_CLIENT: 3, LOGIN_RATE_PER_ADDRESS: 2, LOGIN_RATE_WINDOW: 600 });

  it('answers 429 RATE_LIMITED with Retry-After past the per-client limit, link requests and resends together', async () => {
    const client = '10.0.0.1';
    expect((await askLink(app, 'a@example.org', client)).statusCode).toBe(202);
    expect((await askLink(app, 'b@example.org', client)).statusCode).toBe(202);
    expect((await resend(app, 'q'.repeat(43), client)).statusCode).toBe(202);

    const limited = await askLink(app, 'c@example.org', client);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await resend(app, 'q'.repeat(43), client)).statusCode).toBe(429);

    // Another client is not affected.
    expect((await askLink(app, 'c@example.org', '10.0.0.2')).statusCode).toBe(202);
  });

  it('opens a new window once the previous one is over', async () => {
    const client = '10.0.0.3';
    for (let i = 0; i < 3; i++) expect((await askLink(app, 'w@example.org', client)).statusCode).toBe(202);
    expect((await askLink(app, 'w@example.org', client)).statusCode).toBe(429);
    await app.db.update(rateLimits).set({ windowStart: sql`now() - interval '11 minutes'` });
    expect((await askLink(app, 'w@example.org', client)).statusCode).toBe(202);
  });

  it('limits exchanges per client', async () => {
    const client = '10.0.0.4';
    for (let i = 0; i < 3; i++) expect((await exchange(app, `${'e'.repeat(42)}${i}`, client)).statusCode).toBe(401);
    const limited = await exchange(app, 'e'.repeat(43), client);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeTruthy();
  });

  it('still answers 202 past the per-address limit, but sends nothing more, resends included', async () => {
    const user = await createUser(app, 'popular@example.org');
    const answers = [];
    for (const client of ['10.1.0.1', '10.1.0.2', '10.1.0.3']) answers.push((await askLink(app, 'popular@example.org', client)).statusCode);
    expect(answers).toEqual([202, 202, 202]);
    await app.afterResponseSettled();
    expect(await outboxCount(app, 'popular@example.org')).toBe(2);

    const t = tokenOf(await createLoginLink(app.db, app.config, user.id));
    expect((await resend(app, t, '10.1.0.4')).statusCode).toBe(202);
    expect(await outboxCount(app, 'popular@example.org')).toBe(2);
  });

  it('counts every hit once when many arrive at the same time', async () => {
    const rule = { limit: 5, windowSeconds: 600 };
    const results = await Promise.all(Array.from({ length: 12 }, () => hitRateLimit(app.db, 'test:burst', rule)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it('counts addresses under a hash, never the address itself', async () => {
    const rows = await app.db.select().from(rateLimits);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toMatch(/@|10\.0\.0/);
  });
});

describe('the secure refresh cookie behind https', async () => {
  const { app } = await createTestApp({ PUBLIC_URL: 'https://cfa.example' });

  it('is marked Secure when the public address is https', async () => {
    const user = await createUser(app, 'secure@example.org');
    const link = await createLoginLink(app.db, app.config, user.id);
    expect(link.startsWith('https://cfa.example/?t=')).toBe(true);
    const cookie = refreshCookieOf(await exchange(app, tokenOf(link)));
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/api' });
  });
});

describe('what the logger writes', async () => {
  const smtp = await startTestSmtpServer();
  const { database, drop } = await createTestDatabase();
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { PUBLIC_URL: 'http://localhost:3999', DEMO_DATA: false, JWT_SECRET, SMTP_URL: smtp.url },
  );
  const app = await buildApp({ config, database, logger: { ...loggerOptions('trace'), stream } });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await drop();
    await smtp.close();
  });

  it('never holds a link token, a session token or an address, through a whole session', async () => {
    await createUser(app, 'private.person@example.org');
    const link = await linkFromMail(app, smtp, 'private.person@example.org');
    const t = tokenOf(link);
    const opened = await exchange(app, t);
    const { token } = opened.json<{ token: string }>();
    const cookie = refreshCookieOf(opened)?.value ?? '';
    await me(app, token);
    await app.inject({ method: 'GET', url: `/api/users/me?t=${t}` });
    await resend(app, t);
    await exchange(app, t);
    const renewed = await refresh(app, cookie);
    const nextCookie = refreshCookieOf(renewed)?.value ?? '';
    await refresh(app, cookie);
    await app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { [REFRESH_COOKIE]: nextCookie } });
    await drainMailOutbox(app);

    const written = lines.join('');
    expect(written).toContain('request completed');
    for (const secret of [t, token, cookie, nextCookie, 'private.person@example.org']) {
      expect(secret.length).toBeGreaterThan(10);
      expect(written).not.toContain(secret);
    }
  });
});

/** Opens a session as the page does, from a link made directly (no mail). */
async function openSession(app: FastifyInstance, email: string) {
  const user = await createUser(app, email);
  const res = await exchange(app, tokenOf(await createLoginLink(app.db, app.config, user.id)));
  expect(res.statusCode).toBe(200);
  const cookie = refreshCookieOf(res)?.value;
  if (!cookie) throw new Error('no refresh cookie');
  const { token } = res.json<{ token: string }>();
  return { user, token, cookie, sessionId: String(decodeJwt(token)['sid']) };
}

const logoutWith = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { [REFRESH_COOKIE]: cookie } });

/** 401 UNAUTHORIZED, which signs the web app out (TOKEN_EXPIRED would make it try a refresh). */
function expectSignedOut(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  expect(res.headers[refreshTokenHeader]).toBeUndefined();
}

describe('sessions', async () => {
  let clock = 0;
  const { app } = await createTestApp({}, { clock: () => clock });
  const cacheMs = app.config.SESSION_CHECK_CACHE_MS;

  /** A token of this session past two thirds of its life: it would get a fresh one in the refresh-token header. */
  const agedToken = (userId: number, sessionId: string) => {
    const now = Math.floor(Date.now() / 1000);
    const ttl = app.config.ACCESS_TOKEN_TTL;
    return signHs256(
      {
        typ: 'admissible',
        sid: sessionId,
        sub: String(userId),
        iss: ACCESS_TOKEN_ISSUER,
        aud: ACCESS_TOKEN_AUDIENCE,
        iat: now - Math.ceil((ttl * 3) / 4),
        exp: now + Math.floor(ttl / 4),
      },
      JWT_SECRET,
    );
  };

  it('puts the session in the access token, and stores it', async () => {
    const session = await openSession(app, 'claims@example.org');
    expect(decodeJwt(session.token)).toMatchObject({ sub: String(session.user.id), typ: 'admissible' });
    expect(session.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await app.db.select().from(sessions).where(eq(sessions.id, session.sessionId));
    expect(row).toMatchObject({ userId: session.user.id, revokedAt: null });
    const [refreshRow] = await app.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(session.cookie)));
    expect(refreshRow?.family).toBe(session.sessionId);
  });

  it('ends every access token of the session at logout, and gives none a fresh one', async () => {
    const session = await openSession(app, 'logout.tokens@example.org');
    const aged = agedToken(session.user.id, session.sessionId);
    expect((await me(app, session.token)).statusCode).toBe(200);
    const renewing = await me(app, aged);
    expect(renewing.statusCode).toBe(200);
    const renewed = String(renewing.headers[refreshTokenHeader]);
    expect((await me(app, renewed)).statusCode).toBe(200);

    expect((await logoutWith(app, session.cookie)).statusCode).toBe(204);
    for (const token of [session.token, aged, renewed]) expectSignedOut(await me(app, token));
    const [row] = await app.db.select().from(sessions).where(eq(sessions.id, session.sessionId));
    expect(row?.revokedAt).toBeInstanceOf(Date);
    // Another session of the same person is not affected.
    const other = await openSession(app, 'logout.tokens@example.org');
    expect((await me(app, other.token)).statusCode).toBe(200);
  });

  it('ends the access tokens with the session when a used refresh token comes back', async () => {
    const session = await openSession(app, 'stolen.tokens@example.org');
    const rotated = await refresh(app, session.cookie);
    const rotatedToken = rotated.json<{ token: string }>().token;
    expect(decodeJwt(rotatedToken)['sid']).toBe(session.sessionId);
    expect((await me(app, rotatedToken)).statusCode).toBe(200);
    await app.db
      .update(refreshTokens)
      .set({ usedAt: sql`now() - interval '1 minute'` })
      .where(eq(refreshTokens.tokenHash, sha256(session.cookie)));

    expect((await refresh(app, session.cookie)).statusCode).toBe(401);
    expectSignedOut(await me(app, session.token));
    expectSignedOut(await me(app, rotatedToken));
  });

  it('ends every session of one user with revokeUserSessions, on every process within SESSION_CHECK_CACHE_MS', async () => {
    const first = await openSession(app, 'closed.account@example.org');
    const second = await openSession(app, 'closed.account@example.org');
    const bystander = await openSession(app, 'bystander@example.org');
    for (const s of [first, second, bystander]) expect((await me(app, s.token)).statusCode).toBe(200);

    // No word to this process's cache: as if another process had ended them.
    const ended = await revokeUserSessions(app.db, first.user.id);
    expect(ended.sort()).toEqual([first.sessionId, second.sessionId].sort());
    // The refresh cookies stop at once; the access tokens once the cached answer is older than SESSION_CHECK_CACHE_MS.
    for (const s of [first, second]) expect((await refresh(app, s.cookie)).statusCode).toBe(401);
    clock += cacheMs;
    for (const s of [first, second]) expectSignedOut(await me(app, s.token));
    expect((await me(app, bystander.token)).statusCode).toBe(200);
    expect((await refresh(app, bystander.cookie)).statusCode).toBe(200);
  });

  it('refuses a refresh of an ended session even from a token not yet used', async () => {
    const session = await openSession(app, 'ended.refresh@example.org');
    await app.db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, session.sessionId));
    const res = await refresh(app, session.cookie);
    expect(res.statusCode).toBe(401);
    expect(refreshCookieOf(res)?.value).toBe('');
  });
});

describe('a session ended on one API process', async () => {
  // Two processes behind a load balancer: one database, a session cache each.
  const { database, drop } = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test' }, { PUBLIC_URL: 'http://localhost:3999', DEMO_DATA: false, JWT_SECRET });
  let clockA = 0;
  let clockB = 0;
  const a = await buildApp({ config, database, logger: false, clock: () => clockA });
  const b = await buildApp({ config, database, logger: false, clock: () => clockB });
  await Promise.all([a.ready(), b.ready()]);
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await drop();
  });

  it('is refused by the other process once its cached answer is SESSION_CHECK_CACHE_MS old', async () => {
    const session = await openSession(a, 'two.processes@example.org');
    expect((await me(b, session.token)).statusCode).toBe(200);

    expect((await logoutWith(a, session.cookie)).statusCode).toBe(204);
    expectSignedOut(await me(a, session.token));
    // B read the session live just before: it trusts that answer for SESSION_CHECK_CACHE_MS, then reads again.
    clockB += config.SESSION_CHECK_CACHE_MS - 1;
    expect((await me(b, session.token)).statusCode).toBe(200);
    clockB += 1;
    expectSignedOut(await me(b, session.token));
    clockA += config.SESSION_CHECK_CACHE_MS;
    expectSignedOut(await me(a, session.token));
  });
});

/** Polls until `check` holds, at most `tries` times 20 ms apart (the work after an answer runs on its own). */
async function eventually(check: () => Promise<boolean>, tries = 250): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition not met');
}

/** What a caller sees of an answer, less what differs from one request to the next. */
const visible = (res: LightMyRequestResponse) => {
  const { 'x-request-id': _id, date: _date, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.body };
};

describe('a link request is answered before the link is made', async () => {
  const { app } = await createTestApp();

  it('answers a known and an unknown address alike, then queues the mail of the known one', async () => {
    await createUser(app, 'known.person@example.org');
    const known = await askLink(app, 'known.person@example.org');
    const unknown = await askLink(app, 'unknown.person@example.org');
    expect(known.statusCode).toBe(202);
    expect(visible(known)).toEqual(visible(unknown));

    await eventually(async () => (await outboxCount(app, 'known.person@example.org')) === 1);
    await app.afterResponseSettled();
    expect(await outboxCount(app, 'known.person@example.org')).toBe(1);
    expect(await outboxCount(app, 'unknown.person@example.org')).toBe(0);
  });

  it('counts the request against the address before answering, known or not', async () => {
    await createUser(app, 'counted@example.org');
    for (const address of ['counted@example.org', 'not.counted.before@example.org']) {
      expect((await askLink(app, address)).statusCode).toBe(202);
      // Read as the answer arrives, without waiting for the work after it: the count is part of the answer's work.
      const [row] = await app.db.select().from(rateLimits).where(eq(rateLimits.key, rateLimitKey('sign-in:address', address)));
      expect(row?.count).toBe(1);
    }
    await app.afterResponseSettled();
  });
});

describe('a link request whose mail cannot be queued', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  const { app } = await createTestApp({}, { logger: { ...loggerOptions('info'), stream } });

  it('still answers 202 as for an unknown address, and logs the failure without the address', async () => {
    const user = await createUser(app, 'mail.broken@example.org');
    const unknown = await askLink(app, 'unknown.again@example.org');
    // Every insert into the outbox fails from now on.
    await app.db.execute(sql`alter table mail_outbox rename to mail_outbox_away`);
    try {
      const known = await askLink(app, 'mail.broken@example.org');
      expect(visible(known)).toEqual(visible(unknown));
      await app.afterResponseSettled();
    } finally {
      await app.db.execute(sql`alter table mail_outbox_away rename to mail_outbox`);
    }

    const failures = lines.map((line) => JSON.parse(line) as { msg: string; work?: string; err?: object }).filter((l) => l.msg === 'work after the answer failed');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ work: 'login-link', err: { dbCode: '42P01' } });
    expect(lines.join('')).not.toContain('mail.broken');
    // The link was made in the same transaction as the mail: nothing is left of it.
    expect(await app.db.select().from(loginTokens).where(eq(loginTokens.userId, user.id))).toEqual([]);
  });
});
