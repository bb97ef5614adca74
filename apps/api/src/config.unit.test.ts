import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults: port 3000, embedded database in ./data, public URL from the port', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.secureCookies).toBe(false);
  });

  it('treats an empty variable as not set', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('turns on secure cookies for an https public address and trims its trailing slash', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://alternance.example.fr/' });
    expect(config.publicUrl).toBe('https://alternance.example.fr');
    expect(config.secureCookies).toBe(true);
  });

  it('serves HTTPS with a certificate and its key, both or neither; the public address then defaults to https', () => {
    const config = loadConfig({ TLS_CERT_FILE: '/etc/ssl/portal.pem', TLS_KEY_FILE: '/etc/ssl/portal.key' });
    expect(config.publicUrl).toBe('https://localhost:3000');
    expect(config.secureCookies).toBe(true);
    expect(() => loadConfig({ TLS_CERT_FILE: '/etc/ssl/portal.pem' })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE/);
    expect(() => loadConfig({ TLS_KEY_FILE: '/etc/ssl/portal.key' })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE/);
  });

  it('serves the API description except in production, unless API_DOCS says otherwise', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it('refuses a malformed setting and names it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});
