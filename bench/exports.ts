/**
 * The cases export (issue 12, "Exports"): GET /api/staff/exports/dossiers.csv on the pipeline bench's generated cases
 * (seedPipeline), read to its end as a browser downloads it. Three runs; the best and the slowest are printed with the
 * file's lines and size. BENCH_ONLY=exports runs this case only (after seeding), on PostgreSQL then PGlite.
 */
export async function timeCasesExport(baseUrl: string, token: string, database: string): Promise<string> {
  const times: number[] = [];
  let lines = 0;
  let bytes = 0;
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/staff/exports/dossiers.csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.status !== 200 || !response.body) throw new Error(`dossiers.csv answered ${response.status}`);
    lines = 0;
    bytes = 0;
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    times.push(performance.now() - started);
  }
  const ms = (value: number) => `${Math.round(value)} ms`;
  return (
    `export dossiers.csv on ${database}: ${lines - 1} cases, ${(bytes / 1_048_576).toFixed(1)} MB, ` +
    `${ms(Math.min(...times))} (slowest of 3: ${ms(Math.max(...times))})`
  );
}
