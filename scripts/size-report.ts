/**
 * Size report of the built web app (`npm run size`, part of `npm test`): compressed JS of the first load and of what
 * each lazy route downloads on first use, its companions included (see size-routes.ts), from Vite's manifest. Fails
 * when a budget is exceeded. Measured like size-limit does by default (brotli, KB = 1000 bytes; gzip shown beside).
 * The server sends brotli to the browsers that accept it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { lazyDownloads, type Manifest, type RouteDownload } from './size-routes.ts';

export const BUDGET_FIRST_LOAD = 172_000;
/** A lazy route: everything it downloads on first use. */
export const BUDGET_LAZY_ROUTE = 60_000;
/**
 * A form screen: everything it downloads on first use. These screens validate in the browser with the contract's zod
 * schemas (STYLE, validation layer 2), fetched once the screen shows: zod's runtime and the sheet schemas weigh about
 * 30 KB by themselves. Their static part, what the screen waits for, keeps the lazy route budget.
 */
export const BUDGET_FORM_ROUTE = 107_000;
/** What a form screen waits for before it paints (docs/decisions/0005, amended for issue 9). */
export const BUDGET_FORM_STATIC = 64_000;
/** The routes under BUDGET_FORM_ROUTE; any other keeps BUDGET_LAZY_ROUTE. */
export const FORM_ROUTES = [
  'features/sheets/applicant-first-contact-page.tsx',
  'features/sheets/employer-first-contact-page.tsx',
  'features/sheets/applicant-information-sheet-page.tsx',
  'features/sheets/employer-information-sheet-page.tsx',
  'features/sheets/missions-page.tsx',
  'features/sheets/funding-page.tsx',
  // The tracking form validates with the contract's schemas as the sheets do, and keeps a visitor's entry until sign-in.
  'features/tracking/tracking-form-page.tsx',
  // The back office's case page confirms each action in a form checked with the contract's schemas; the confirmations
  // load when one opens, the reference lists when a sheet is unfolded.
  'features/staff/case/staff-case-page.tsx',
  // Issue 12: the formations and the team screens edit in dialogs checked with the contract's schemas, loaded on opening.
  'features/staff/formations/staff-formations-page.tsx',
  'features/staff/accounts/staff-accounts-page.tsx',
  // Issue 12: the reference values screen adds a SMIC value in a dialog checked with the contract's amounts.
  'features/staff/references/staff-references-page.tsx',
  // Issue 12: the offers and workshops screens edit in dialogs checked with the contract's schemas, loaded on opening.
  'features/staff/offers/staff-offers-page.tsx',
  'features/staff/workshops/staff-workshops-page.tsx',
];

/**
 * Companions fetched only when the person asks for them, too heavy for any screen's budget: each is left out of its
 * screen's row and has a row and a budget of its own. pdf.js, which the signing screen loads when a document is opened
 * to be read in the page (its worker, a file of ~1.3 MB, ~300 KB compressed, fetched at the same moment, is an asset
 * and no chunk: it is in no row). docs/decisions/0018-signature-screen.md.
 */
export const ON_DEMAND_CHUNKS: Record<string, number> = {
  'features/signature/utils/pdf-pages.ts': 120_000,
};

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;

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

const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
const shortName = (key: string) => path.basename(manifest[key]?.src ?? key).replace(/\.[jt]sx?$/, '');

interface Row {
  name: string;
  gzip: number;
  brotli: number;
  budget: number;
  /** What goes over, empty when within budget. */
  overs: string[];
  note: string;
}

const sourceName = (key: string) => (manifest[key]?.src ?? key).replace(/^src\//, '');
const isOnDemand = (key: string) => sourceName(key) in ON_DEMAND_CHUNKS;

function routeRow(fullRoute: RouteDownload): Row {
  const route = {
    ...fullRoute,
    chunks: fullRoute.chunks.filter((key) => !isOnDemand(key)),
    companions: fullRoute.companions.filter((key) => !isOnDemand(key)),
  };
  const all = total(route.chunks);
  const isForm = FORM_ROUTES.includes(route.name);
  const budget = isForm ? BUDGET_FORM_ROUTE : BUDGET_LAZY_ROUTE;
  const overs: string[] = [];
  if (all.brotli > budget) overs.push('OVER BUDGET');
  if (route.companions.length === 0) return { name: route.name, ...all, budget, overs, note: '' };
  const staticPart = total(route.staticChunks).brotli;
  if (isForm && staticPart > BUDGET_FORM_STATIC) overs.push(`STATIC PART OVER ${kb(BUDGET_FORM_STATIC)}`);
  const note = `${kb(staticPart)} + ${kb(all.brotli - staticPart)} on first use: ${route.companions.map(shortName).join(', ')}`;
  return { name: route.name, ...all, budget, overs, note };
}

const { firstLoad, routes } = lazyDownloads(manifest);
const first = total(firstLoad);
const rows: Row[] = [
  {
    name: 'first load (entry + static imports)',
    ...first,
    budget: BUDGET_FIRST_LOAD,
    overs: first.brotli > BUDGET_FIRST_LOAD ? ['OVER BUDGET'] : [],
    note: '',
  },
  ...routes.map(routeRow),
  ...[...new Set(routes.flatMap((route) => route.companions.filter(isOnDemand)))].map((key): Row => {
    const size = total([key]);
    const budget = ON_DEMAND_CHUNKS[sourceName(key)] ?? 0;
    return { name: `${sourceName(key)} (on demand)`, ...size, budget, overs: size.brotli > budget ? ['OVER BUDGET'] : [], note: '' };
  }),
];
// A renamed sheet screen would otherwise fall back to the lazy budget and fail for a reason hard to see.
const missing = FORM_ROUTES.filter((name) => !routes.some((route) => route.name === name));

console.log(
  'Web app size (compressed JS; a lazy route counts what it adds to the first load, what it loads on first use included)',
);
console.log(`${'chunk'.padEnd(62)} ${'brotli'.padStart(10)} ${'gzip'.padStart(10)} ${'budget'.padStart(10)}`);
for (const row of rows) {
  const flags = row.overs.map((over) => `  ${over}`).join('');
  const note = row.note ? `  (${row.note})` : '';
  console.log(
    `${row.name.padEnd(62)} ${kb(row.brotli).padStart(10)} ${kb(row.gzip).padStart(10)} ${kb(row.budget).padStart(10)}${flags}${note}`,
  );
}
console.log(
  `Budgets: first load ${kb(BUDGET_FIRST_LOAD)}; lazy route ${kb(BUDGET_LAZY_ROUTE)}; form screen ${kb(BUDGET_FORM_ROUTE)}, its static part ${kb(BUDGET_FORM_STATIC)}.`,
);
const failed = rows.filter((row) => row.overs.length > 0).length;
if (missing.length > 0) console.error(`form routes missing from the build: ${missing.join(', ')} (update FORM_ROUTES)`);
if (failed) console.error(`${failed} chunk(s) over budget`);
if (failed || missing.length > 0) process.exit(1);
