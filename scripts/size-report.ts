/**
 * Size report of the built web app (`npm run size`, part of `npm test`): compressed JS of the first load and of each
 * lazy route, from Vite's manifest. Fails when a budget is exceeded: 170 KB first load, 60 KB per lazy route,
 * measured like size-limit does by default (brotli, KB = 1000 bytes; gzip shown beside). The server sends brotli to
 * the browsers that accept it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export const BUDGET_FIRST_LOAD = 170_000;
export const BUDGET_LAZY_ROUTE = 60_000;

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

const sizeCache = new Map<string, { gzip: number; brotli: number }>();
function sizes(file: string) {
  let s = sizeCache.get(file);
  if (!s) {
    const bytes = readFileSync(path.join(dist, file));
    s = { gzip: gzipSync(bytes, { level: 9 }).length, brotli: brotliCompressSync(bytes).length };
    sizeCache.set(file, s);
  }
  return s;
}

/** The chunk and everything it imports statically. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

function total(keys: Iterable<string>) {
  let gzip = 0;
  let brotli = 0;
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    const s = sizes(chunk.file);
    gzip += s.gzip;
    brotli += s.brotli;
  }
  return { gzip, brotli };
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entryKey) throw new Error('no entry in the manifest: run npm run build');
const firstLoad = closure(entryKey);
const first = total(firstLoad);

const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
const rows: { name: string; gzip: number; brotli: number; budget: number }[] = [
  { name: 'first load (entry + static imports)', ...first, budget: BUDGET_FIRST_LOAD },
];
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry || !chunk.file.endsWith('.js') || /locales\//.test(key)) continue;
  const own = [...closure(key)].filter((k) => !firstLoad.has(k));
  rows.push({ name: (chunk.src ?? key).replace(/^src\//, ''), ...total(own), budget: BUDGET_LAZY_ROUTE });
}

let failed = 0;
console.log('Web app size (compressed JS; lazy routes count what they add to the first load)');
console.log(`${'chunk'.padEnd(62)} ${'brotli'.padStart(10)} ${'gzip'.padStart(10)} ${'budget'.padStart(10)}`);
for (const row of rows) {
  const over = row.brotli > row.budget;
  if (over) failed += 1;
  console.log(`${row.name.padEnd(62)} ${kb(row.brotli).padStart(10)} ${kb(row.gzip).padStart(10)} ${kb(row.budget).padStart(10)}${over ? '  OVER BUDGET' : ''}`);
}
if (failed) {
  console.error(`${failed} chunk(s) over budget`);
  process.exit(1);
}
