import fc from 'fast-check';
import { createDecoder } from 'fast-jwt';
import { createHmac, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from './access-token.ts';

const SECRET = 'a-secret-for-this-test-only-0123456789-é';
const OTHER_SECRET = 'another-secret-another-secret-0123456789';
const options = { issuer: 'passerelle', audience: 'passerelle-api', ttlSeconds: 900, requiredClaims: ['exp', 'iat', 'sub', 'aud', 'iss', 'sid'] };
const { sign, verify } = createAccessTokens({ secret: SECRET, ...options });
const now = Math.floor(Date.now() / 1000);
const valid = { sub: '12', typ: 'admissible', sid: randomUUID(), iss: 'passerelle', aud: 'passerelle-api', iat: now, exp: now + 600 };
const decode = createDecoder({ complete: true }) as (token: string) => { header: Record<string, unknown>; payload: Record<string, unknown> };

/** A token put together by hand: any header, any payload text, signed with HS256 under `secret`. */
function handMade(header: unknown, payload: string, secret = SECRET) {
  const input = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(payload).toString('base64url')}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}
/** HS256 under `secret` with the header jose wrote for our tokens before decision 0039. */
const signed = (claims: Record<string, unknown>, secret = SECRET, header: Record<string, unknown> = { alg: 'HS256' }) =>
  handMade(header, JSON.stringify(claims), secret);

/**
 * Signed by jose 6 (`new SignJWT(…).setProtectedHeader({ alg: 'HS256' })…sign(key)`, as plugins/auth.ts did before
 * decision 0039) under SECRET: iat 1780000000, exp 15 minutes later.
 */
const JOSE_TOKEN =
  'eyJhbGciOiJIUzI1NiJ9.eyJ0eXAiOiJhZG1pc3NpYmxlIiwic2lkIjoiM2YwYzhhNTItN2Q0ZS00YjFhLTljMmUtNWE2YjdjOGQ5ZTBmIiwic3ViIjoiMTIiLCJpc3MiOiJwYXNzZXJlbGxlIiwiYXVkIjoicGFzc2VyZWxsZS1hcGkiLCJpYXQiOjE3ODAwMDAwMDAsImV4cCI6MTc4MDAwMDkwMH0.xx9uFrr7nxza-M7N15NAr9BmeT-miwRekvFGt-B6_kQ';

afterEach(() => {
  vi.useRealTimers();
});

describe('HS256 access tokens with fast-jwt', () => {
  it('still accepts a token jose signed before the change, until its exp', () => {
    vi.useFakeTimers({ now: (1780000000 + 60) * 1000 });
    expect(verify(JOSE_TOKEN)).toEqual({
      ok: true,
      claims: { typ: 'admissible', sid: '3f0c8a52-7d4e-4b1a-9c2e-5a6b7c8d9e0f', sub: '12', iss: 'passerelle', aud: 'passerelle-api', iat: 1780000000, exp: 1780000900 },
    });
    vi.setSystemTime((1780000900 + 1) * 1000);
    expect(verify(JOSE_TOKEN)).toEqual({ ok: false, reason: 'expired' });
    // The other secret, from the same day: the signature no longer holds.
    expect(createAccessTokens({ secret: OTHER_SECRET, ...options }).verify(JOSE_TOKEN)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('signs the claims given with issuer, audience, iat and exp a TTL later, and verifies its own tokens', () => {
    const token = sign({ typ: 'admissible', sid: valid.sid, sub: '12' });
    const { header, payload } = decode(token);
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    const { iat, exp, ...named } = payload;
    expect(named).toEqual({ typ: 'admissible', sid: valid.sid, sub: '12', iss: 'passerelle', aud: 'passerelle-api' });
    expect([typeof iat, typeof exp]).toEqual(['number', 'number']);
    expect(Number(exp) - Number(iat)).toBe(900);
    expect(Math.abs(Number(iat) - Date.now() / 1000)).toBeLessThan(5);
    expect(verify(token)).toEqual({ ok: true, claims: payload });
  });

  it('says expired only of a genuine token past its exp', () => {
    vi.useFakeTimers({ now: now * 1000 });
    const token = signed({ ...valid, exp: now + 10 });
    vi.setSystemTime((now + 9) * 1000);
    expect(verify(token).ok).toBe(true);
    vi.setSystemTime((now + 10) * 1000 + 1);
    expect(verify(token)).toEqual({ ok: false, reason: 'expired' });
    expect(verify(signed({ ...valid, exp: now - 1 }, OTHER_SECRET))).toEqual({ ok: false, reason: 'invalid' });
    expect(verify(handMade({ alg: 'none' }, JSON.stringify({ ...valid, exp: now - 1 })))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses another key, another algorithm, alg none and a tampered payload or signature', () => {
    const good = signed(valid);
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const forgedPayload = Buffer.from(JSON.stringify({ ...valid, sub: '13' })).toString('base64url');
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    const hs512 = `${Buffer.from('{"alg":"HS512"}').toString('base64url')}.${payload}`;
    const tokens = [
      signed(valid, OTHER_SECRET),
      `${hs512}.${createHmac('sha512', SECRET).update(hs512).digest('base64url')}`,
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`,
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}`,
      `${header}.${forgedPayload}.${signature}`,
      `${header}.${payload}.${flipped}`,
      `${header}.${payload}.${signature}=`,
      `${header}.${payload}.${signature}.`,
      `${header}.${payload}.${signature.slice(0, 20)}!${signature.slice(20)}`,
      `${header}.${payload}.`,
      `${header}.${payload}`,
      '',
      'not.a.token',
    ];
    expect(verify(good).ok).toBe(true);
    for (const token of tokens) expect({ token, verdict: verify(token) }).toEqual({ token, verdict: { ok: false, reason: 'invalid' } });
  });

  it('refuses a MAC-valid token with a critical header, or whose claims are not one JSON object', () => {
    const payload = JSON.stringify(valid);
    for (const token of [
      handMade({ alg: 'HS256', crit: ['exp'], exp: 1 }, payload),
      handMade({ alg: 'HS256', b64: false, crit: ['b64'] }, payload),
      handMade({ alg: 'none' }, payload),
      handMade(['HS256'], payload),
      handMade({ alg: 'HS256' }, '[1,2]'),
      handMade({ alg: 'HS256' }, 'null'),
      handMade({ alg: 'HS256' }, '{"sub":'),
    ]) {
      expect({ token, verdict: verify(token) }).toEqual({ token, verdict: { ok: false, reason: 'invalid' } });
    }
    expect(verify(handMade({ alg: 'HS256', typ: 'JWT' }, payload)).ok).toBe(true);
  });

  it('wants every required claim, the issuer, the audience and numeric dates', () => {
    for (const claim of options.requiredClaims) {
      const claims: Record<string, unknown> = { ...valid };
      delete claims[claim];
      expect({ claim, verdict: verify(signed(claims)) }).toEqual({ claim, verdict: { ok: false, reason: 'invalid' } });
    }
    for (const wrong of [{ iss: 'someone' }, { aud: 'another-api' }, { aud: ['another-api'] }, { iat: '1' }, { exp: String(now + 600) }, { nbf: now + 60 }, { nbf: 'soon' }]) {
      expect({ wrong, verdict: verify(signed({ ...valid, ...wrong })) }).toEqual({ wrong, verdict: { ok: false, reason: 'invalid' } });
    }
    expect(verify(signed({ ...valid, aud: ['another-api', 'passerelle-api'], nbf: now })).ok).toBe(true);
  });

  it('accepts exactly the tokens of our key, with every claim right, whatever the claims', () => {
    // Mostly valid values, so that every outcome (accepted, expired, refused) comes up often.
    const claim = <T>(good: T, other: fc.Arbitrary<T>, otherWeight = 1) =>
      fc.oneof({ arbitrary: fc.constant(good), weight: 6 }, { arbitrary: other, weight: otherWeight }, { arbitrary: fc.constant(undefined), weight: 1 });
    const claims = fc.record({
      sub: claim<unknown>('12', fc.oneof(fc.string(), fc.integer())),
      sid: claim<unknown>(valid.sid, fc.string()),
      iss: claim<unknown>('passerelle', fc.constantFrom('other', '')),
      aud: claim<unknown>('passerelle-api', fc.oneof(fc.constant('other'), fc.array(fc.constantFrom('passerelle-api', 'other')))),
      iat: claim<unknown>(now, fc.oneof(fc.integer({ min: now - 5000, max: now + 5000 }), fc.constant('now'))),
      nbf: claim<unknown>(undefined, fc.oneof(fc.integer({ min: now - 100, max: now + 100 }), fc.constant('soon'))),
      exp: claim<unknown>(now + 600, fc.oneof(fc.integer({ min: now - 100, max: now - 1 }), fc.constant(null)), 4),
      typ: claim<unknown>('admissible', fc.string()),
    });
    const header = fc.constantFrom({ alg: 'HS256' }, { alg: 'HS256', typ: 'JWT' }, { alg: 'HS512' });
    const outcomes = new Set<string>();
    vi.useFakeTimers({ now: now * 1000 + 500 });
    fc.assert(
      fc.property(claims, fc.constantFrom(SECRET, SECRET, SECRET, OTHER_SECRET), header, (values, secret, protectedHeader) => {
        const present = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
        const { iss, aud, iat, nbf, exp } = present;
        const genuine = secret === SECRET && protectedHeader.alg === 'HS256';
        const claimsHold =
          options.requiredClaims.every((name) => name in present) &&
          iss === 'passerelle' &&
          (aud === 'passerelle-api' || (Array.isArray(aud) && aud.includes('passerelle-api'))) &&
          typeof iat === 'number' &&
          (nbf === undefined || (typeof nbf === 'number' && nbf <= now)) &&
          typeof exp === 'number';
        const expected = !genuine || !claimsHold ? 'invalid' : Number(exp) <= now ? 'expired' : 'true';
        const verdict = verify(signed(present, secret, protectedHeader));
        const outcome = verdict.ok ? 'true' : verdict.reason;
        expect({ present, secret, protectedHeader, outcome }).toEqual({ present, secret, protectedHeader, outcome: expected });
        outcomes.add(outcome);
      }),
      { numRuns: 500 },
    );
    expect([...outcomes].sort()).toEqual(['expired', 'invalid', 'true']);
  });
});
