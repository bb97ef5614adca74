import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptText, deriveDataKeys, encryptText, keyedHash, maskNir } from './crypto.ts';

const keys = deriveDataKeys(randomBytes(32).toString('base64'));
const nir = '104057512345665';

describe('personal data encryption', () => {
  it('round-trips, with a fresh IV each time', () => {
    const a = encryptText(keys, nir);
    const b = encryptText(keys, nir);
    expect(a).not.toBe(b);
    expect(a).not.toContain(nir);
    expect(decryptText(keys, a)).toBe(nir);
  });

  it('refuses a tampered value and another key', () => {
    const sealed = encryptText(keys, nir);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() => decryptText(keys, [parts[0], parts[1], parts[2], body.toString('base64url')].join('.'))).toThrow();
    expect(() => decryptText(deriveDataKeys(randomBytes(32).toString('base64')), sealed)).toThrow();
  });

  it('hashes deterministically under the key, never with the encryption key', () => {
    expect(keyedHash(keys, nir)).toBe(keyedHash(keys, nir));
    expect(keyedHash(keys, nir)).not.toBe(keyedHash(deriveDataKeys(randomBytes(32).toString('base64')), nir));
    expect(keys.hashing.equals(keys.encryption)).toBe(false);
  });

  it('refuses a master key that is not 32 bytes', () => {
    expect(() => deriveDataKeys(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });

  it('masks a NIR, keeping sex, birth year and key', () => {
    expect(maskNir(nir)).toBe('1 04 ** ** *** *** 65');
    expect(maskNir('12345')).toBe('*****');
  });
});
