import { readFileSync } from 'node:fs';
import type { Config } from '../config.ts';

/**
 * What Fastify needs to serve HTTPS itself, with HTTP/2 (HTTP/1.1 over TLS still answered), when TLS_CERT_FILE and
 * TLS_KEY_FILE name a certificate chain and its key (PEM); nothing when they are unset (plain HTTP, a proxy in front).
 * HTTP/2 carries a screen's two dozen files over one connection, where HTTP/1.1 fetched them six at a time, a round trip
 * per wave on a phone's network (docs/decisions/0036-https-and-http2.md). Read once at start: a renewed certificate
 * takes a restart.
 */
export function tlsServerOptions(config: Pick<Config, 'TLS_CERT_FILE' | 'TLS_KEY_FILE'>) {
  if (!config.TLS_CERT_FILE || !config.TLS_KEY_FILE) return {};
  const read = (name: 'TLS_CERT_FILE' | 'TLS_KEY_FILE', file: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new Error(`${name}: cannot read ${file} (${code})`);
    }
  };
  return {
    http2: true as const,
    https: {
      allowHTTP1: true,
      cert: read('TLS_CERT_FILE', config.TLS_CERT_FILE),
      key: read('TLS_KEY_FILE', config.TLS_KEY_FILE),
    },
  };
}
