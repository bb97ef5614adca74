import { vi } from 'vitest';
import { requestUrl } from './request-url';

/** A JSON answer as the API gives it. */
export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A request the page made, other than the reads the stub answers itself. */
export interface StubbedCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Stubs `fetch` for a screen: the GETs of `reads` (path → body) answer 200 with their body; every other request is
 * recorded, with its JSON body, and answered by `onWrite`. Returns the recorded requests.
 */
export function stubApi(reads: Record<string, unknown>, onWrite: (call: StubbedCall) => Response): StubbedCall[] {
  const calls: StubbedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(requestUrl(input), 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      if (method === 'GET' && path in reads) return jsonResponse(200, reads[path]);
      const call = {
        method,
        path,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      return onWrite(call);
    }),
  );
  return calls;
}
