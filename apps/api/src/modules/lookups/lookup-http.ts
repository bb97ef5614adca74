import type { z } from 'zod';

/** Why a directory gave no usable answer; logged (never the query, which may be an address). */
export type UnavailableReason = 'timeout' | 'network' | 'rate_limited' | 'server_error' | 'rejected' | 'bad_payload';

/** The directory is slow, down or answered something unusable: the form falls back to manual entry. */
export class LookupUnavailableError extends Error {
  readonly reason: UnavailableReason;
  readonly status: number | undefined;

  constructor(reason: UnavailableReason, status?: number) {
    super(
      status === undefined ? `directory unavailable: ${reason}` : `directory unavailable: ${reason} (HTTP ${status})`,
    );
    this.name = 'LookupUnavailableError';
    this.reason = reason;
    this.status = status;
  }
}

function reasonOf(status: number): UnavailableReason {
  if (status === 429) return 'rate_limited';
  return status >= 500 ? 'server_error' : 'rejected';
}

/**
 * GET a JSON document and check its shape; throws LookupUnavailableError on anything but a
 * well-formed 200. Both directories answer "nothing found" with a 200 and an empty list, so a 404
 * means a wrong base URL and counts as a failure. The timeout covers the whole exchange, body
 * included, so a service that stalls mid-answer cannot hold the request.
 */
export async function getJson<T extends z.ZodType>(url: URL, schema: T, timeoutMs: number): Promise<z.infer<T>> {
  const signal = AbortSignal.timeout(timeoutMs);
  let body: unknown;
  try {
    const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
    if (!response.ok) {
      await response.body?.cancel();
      throw new LookupUnavailableError(reasonOf(response.status), response.status);
    }
    body = await response.json();
  } catch (error) {
    if (error instanceof LookupUnavailableError) throw error;
    if (signal.aborted) throw new LookupUnavailableError('timeout');
    if (error instanceof SyntaxError) throw new LookupUnavailableError('bad_payload');
    throw new LookupUnavailableError('network');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new LookupUnavailableError('bad_payload');
  return parsed.data;
}

/** Joins a base URL that may carry a path prefix (a proxy, a fake server) with an endpoint path. */
export function endpoint(baseUrl: string, path: string, params: Record<string, string>): URL {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url;
}
