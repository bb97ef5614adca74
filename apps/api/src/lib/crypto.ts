import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** Keys for personal data at rest: one encrypts (AES-256-GCM), the other makes lookup hashes (HMAC-SHA256). */
export interface DataKeys {
  encryption: Buffer;
  hashing: Buffer;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The two keys derive from one master key (DATA_ENCRYPTION_KEY, 32 bytes in base64, or one generated
 * once and kept in the database), through HKDF with distinct labels: a hash never reuses the
 * encryption key, and an operator has one secret to keep.
 */
export function deriveDataKeys(masterKeyBase64: string): DataKeys {
  const master = Buffer.from(masterKeyBase64, 'base64');
  if (master.byteLength !== 32) throw new Error('DATA_ENCRYPTION_KEY must be 32 bytes, base64-encoded');
  const derive = (label: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `passerelle:${label}`, 32));
  return { encryption: derive('encryption'), hashing: derive('hashing') };
}

/** `v1.<iv>.<tag>.<ciphertext>` in base64url; a fresh random IV each time, so equal values never look equal. */
export function encryptText(keys: DataKeys, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.encryption, iv, { authTagLength: TAG_BYTES });
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    ciphertext.toString('base64url'),
  ].join('.');
}

/** Throws when the value was tampered with or encrypted under another key (GCM checks the tag). */
export function decryptText(keys: DataKeys, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined)
    throw new Error('unknown ciphertext format');
  const decipher = createDecipheriv('aes-256-gcm', keys.encryption, Buffer.from(iv, 'base64url'), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/** Deterministic keyed hash, hex: finds a value without decrypting, and reveals nothing without the key. */
export function keyedHash(keys: DataKeys, value: string): string {
  return createHmac('sha256', keys.hashing).update(value).digest('hex');
}

/**
 * A NIR for people who may know it exists but not read it: sex, birth year and key stay, the rest is
 * hidden ("1 85 ** ** *** *** 42"). Anything not 15 characters is hidden whole.
 */
export function maskNir(nir: string): string {
  const value = nir.replace(/\s/g, '');
  if (value.length !== 15) return '*'.repeat(Math.max(value.length, 1));
  return `${value.slice(0, 1)} ${value.slice(1, 3)} ** ** *** *** ${value.slice(13)}`;
}
