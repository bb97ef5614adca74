/** One load run with autocannon, shared by every bench case so that they all use the same settings. */
import autocannon from 'autocannon';

export const duration = Number(process.env['BENCH_DURATION'] ?? 5);
// 10 connections saturate one API process on a 2-core machine (throughput no longer grows); more only add queueing.
export const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 10);

export interface BenchRow {
  name: string;
  rps: number;
  p99: number;
}

/** What each request sends beyond a plain GET: another method, and a body sent as JSON. */
export interface BenchRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
}

/** Warms up for 1 s, then loads `url` for `duration` seconds; fails on any non-2xx answer. */
export async function load(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  request: BenchRequest = {},
): Promise<BenchRow> {
  const options = {
    url,
    connections,
    method: request.method ?? 'GET',
    headers: request.json === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(request.json === undefined ? {} : { body: JSON.stringify(request.json) }),
  } satisfies autocannon.Options;
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { name, rps: Math.round(result.requests.average), p99: result.latency.p99 };
}
