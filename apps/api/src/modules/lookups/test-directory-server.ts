import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  addressSamples,
  communeSamples,
  companySamples,
  sampleAddressQueries,
  sampleCodesPostaux,
  sampleSirets,
} from './directory-samples.ts';

/**
 * Test support only (imported by *.test.ts): one local HTTP server playing both directories,
 * the company one under /entreprises and the address one under /adresse, answering from the
 * samples. Some keys make it fail: 500, 429, 404, an answer of another shape, or no answer at all
 * (a hung service).
 */
export interface TestDirectoryServer {
  companyUrl: string;
  addressUrl: string;
  /** Every request received, as path and query (`/entreprises/search?q=…`). */
  calls: string[];
  /** How many requests asked for this SIRET or this address/postcode query. */
  callsFor(q: string): number;
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const failures: Record<string, number | 'hang'> = {
  [sampleSirets.serverError]: 500,
  [sampleSirets.rateLimited]: 429,
  [sampleSirets.hanging]: 'hang',
  [sampleSirets.wrongPath]: 404,
  [sampleAddressQueries.serverError]: 500,
  [sampleAddressQueries.hanging]: 'hang',
  [sampleCodesPostaux.serverError]: 503,
};

/** The sample of this key, never a property of Object.prototype (a query may well be "valueOf"). */
const own = <T>(samples: Record<string, T>, key: string): T | undefined => (Object.hasOwn(samples, key) ? samples[key] : undefined);

function answer(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const q = url.searchParams.get('q') ?? '';
  const failure = own(failures, q);
  if (failure === 'hang') return;
  if (failure !== undefined) return send(response, failure, { message: 'failure' });

  if (q === sampleSirets.badPayload) return send(response, 200, { erreur: 'not the documented shape' });
  if (url.pathname === '/entreprises/search') {
    const checks = url.searchParams.get('page') === '1' && url.searchParams.get('per_page') === '1';
    if (!checks) return send(response, 400, { erreur: 'page and per_page expected' });
    return send(
      response,
      200,
      own(companySamples, q) ?? { results: [], total_results: 0, page: 1, per_page: 1, total_pages: 0 },
    );
  }
  if (url.pathname === '/adresse/search') {
    const empty = { type: 'FeatureCollection', features: [], query: q };
    if (url.searchParams.get('type') === 'municipality') return send(response, 200, own(communeSamples, q) ?? empty);
    const checks = url.searchParams.get('limit') === '5' && url.searchParams.get('autocomplete') === '1';
    if (!checks) return send(response, 400, { message: 'limit=5 and autocomplete=1 expected' });
    return send(response, 200, own(addressSamples, q) ?? empty);
  }
  send(response, 404, { message: 'Not found' });
}

export async function startTestDirectoryServer(): Promise<TestDirectoryServer> {
  const calls: string[] = [];
  const server = createServer((request, response) => {
    calls.push(request.url ?? '');
    answer(request, response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    companyUrl: `${base}/entreprises`,
    addressUrl: `${base}/adresse`,
    calls,
    callsFor: (q) => calls.filter((call) => new URL(call, base).searchParams.get('q') === q).length,
    async close() {
      // Hung requests and kept-alive sockets would otherwise hold close() open.
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
