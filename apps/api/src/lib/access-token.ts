import { createSigner, createVerifier, TokenError } from 'fast-jwt';

/** What an access token says and must carry (plugins/auth.ts). */
export interface AccessTokenOptions {
  secret: string;
  issuer: string;
  audience: string;
  /** Lifetime of a token, in seconds. */
  ttlSeconds: number;
  /** Claims that must be present, whatever their value. */
  requiredClaims: readonly string[];
}

/** The claims of a token that passed every check, or why it did not: `expired` only for a genuine token past `exp`. */
export type AccessTokenVerdict = { ok: true; claims: Record<string, unknown> } | { ok: false; reason: 'expired' | 'invalid' };

const INVALID: AccessTokenVerdict = { ok: false, reason: 'invalid' };
const EXPIRED: AccessTokenVerdict = { ok: false, reason: 'expired' };

/**
 * HS256 access tokens with fast-jwt, signed and verified synchronously (WebCrypto's asynchronous job costs about
 * 0.1 ms a token; decisions 0029 and 0039).
 * - The secret is taken as its UTF-8 bytes, as jose took it: tokens signed before the change stay valid.
 * - Verification pins HS256 (`alg: none` and other algorithms fail), refuses any `crit` header, wants the required
 *   claims, the issuer, the audience (a string or an array holding it), `nbf` if present not in the future and `exp`
 *   in the future, with no clock tolerance; `iat` must be a number (fast-jwt reads it only with `maxAge`).
 * - Verified tokens are cached by their hash (fast-jwt's LRU, up to their `exp`): a page's burst of requests checks
 *   the MAC once. Failures are not cached.
 */
export function createAccessTokens(options: AccessTokenOptions) {
  const signer = createSigner({
    key: options.secret,
    algorithm: 'HS256',
    iss: options.issuer,
    aud: options.audience,
    expiresIn: options.ttlSeconds * 1000,
  });
  const verifierOptions = {
    key: options.secret,
    algorithms: ['HS256' as const],
    allowedIss: options.issuer,
    allowedAud: options.audience,
    requiredClaims: [...options.requiredClaims],
    clockTolerance: 0,
  };
  const verifier = createVerifier({ ...verifierOptions, cache: true });
  // fast-jwt checks `exp` before the issuer and the audience; this one, used only on an expired token, tells whether
  // everything else holds, so that `expired` keeps meaning "genuine, only too old" (the web app then tries a refresh).
  const ignoringExpiry = createVerifier({ ...verifierOptions, ignoreExpiration: true });

  const sign = (claims: Record<string, unknown>): string => signer(claims);

  const check = (read: (token: string) => unknown, token: string): Record<string, unknown> | undefined => {
    const claims = read(token);
    if (typeof claims !== 'object' || claims === null) return undefined;
    const record = claims as Record<string, unknown>;
    // A token without `exp` would never expire: refused whatever `requiredClaims` says, as jose did.
    if (typeof record['exp'] !== 'number' || (record['iat'] !== undefined && typeof record['iat'] !== 'number')) return undefined;
    return record;
  };

  const verify = (token: string): AccessTokenVerdict => {
    try {
      const claims = check(verifier, token);
      return claims ? { ok: true, claims } : INVALID;
    } catch (err) {
      if (!(err instanceof TokenError) || err.code !== TokenError.codes.expired) return INVALID;
    }
    try {
      return check(ignoringExpiry, token) ? EXPIRED : INVALID;
    } catch {
      return INVALID;
    }
  };

  return { sign, verify };
}
