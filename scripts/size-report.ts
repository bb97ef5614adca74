/**
 * Size report of the built web app (`npm run size`, part of `npm test`): compressed JS of the first load and of what
 * each lazy route downloads on first use, its companions included (see size-routes.ts), from Vite's manifest. Fails
 * when a guard is exceeded. The guards are brotli, what the server sends every browser (KB = 1000 bytes); gzip is shown
 * beside. Issue 25: they catch a regression, they are no target (what counts is Lighthouse and INP, scripts/lighthouse.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { lazyDownloads, type Manifest, type RouteDownload } from './size-routes.ts';

/** Issue 25: the first load, entry and static imports, brotli. */
export const BUDGET_FIRST_LOAD = 200_000;
/** Issue 25: a lazy route, everything it downloads on first use (its companions included), brotli. */
export const BUDGET_LAZY_ROUTE = 100_000;

/**
 * Companions fetched only when the person asks for them, too heavy for any screen's budget: each is left out of its
 * screen's row and has a row and a budget of its own. pdf.js, which the signing screen loads when a document is opened
 * to be read in the page (its worker, a file of ~1.3 MB, ~300 KB compressed, fetched at the same moment, is an asset
 * and no chunk: it is in no row). docs/decisions/0018-signature-screen.md.
 */
export const ON_DEMAND_CHUNKS: Record<string, number> = {
  'features/signature/utils/pdf-pages.ts': 135_000,
};

export const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');

/** V8's compile hint, which the build puts at the start of every chunk but the on-demand ones (apps/web/vite.config.ts). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

const readManifest = (dist: string) =>
  JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
const sourceOf = (manifest: Manifest, key: string) => (manifest[key]?.src ?? key).replace(/^src\//, '');

/**
 * The chunks whose compile hint is wrong: missing (its functions would compile on the main thread as the screen first
 * runs them; docs/decisions/0037-compile-hints.md), or present on an on-demand chunk, most of which never runs.
 */
export function compileHintProblems(dist = webDist): string[] {
  const manifest = readManifest(dist);
  return Object.entries(manifest).flatMap(([key, chunk]) => {
    if (!chunk.file.endsWith('.js')) return [];
    const hinted = readFileSync(path.join(dist, chunk.file), 'utf8').startsWith(COMPILE_HINT);
    const onDemand = sourceOf(manifest, key) in ON_DEMAND_CHUNKS;
    if (hinted && onDemand) return [`${chunk.file}: on demand, yet marked to compile as it loads`];
    if (!hinted && !onDemand) return [`${chunk.file}: no compile hint`];
    return [];
  });
}

/**
 * The applicant's read-only screens Lighthouse measures (scripts/lighthouse.ts): they hold no form, so they must not
 * fetch the form libraries' files before showing. Issue 28's merge put zod in the file fourteen screens share, and
 * these three screens fetched its 23 KB brotli and ran it, their largest paint 0.2-0.3 s later (decision 0043).
 */
export const FORM_FREE_SCREENS = [
  'features/portal/home/portal-home-page.tsx',
  'features/portal/search/portal-search-page.tsx',
  'features/portal/cases/portal-cases-page.tsx',
];

/** The form libraries, each built in a file of its own (apps/web/vite.config.ts' groups). */
const FORM_LIBRARY_FILE = /^assets\/(zod|react-hook-form)-[^/]*\.js$/;

/** The form-free screens that fetch a form library's file as they first show, with the file. */
export function formLibraryProblems(dist = webDist): string[] {
  const manifest = readManifest(dist);
  const { routes } = lazyDownloads(manifest);
  return routes
    .filter((route) => FORM_FREE_SCREENS.includes(route.name))
    .flatMap((route) =>
      route.staticChunks
        .map((key) => manifest[key]?.file ?? key)
        .filter((file) => FORM_LIBRARY_FILE.test(file))
        .map((file) => `${route.name} fetches ${file}`),
    );
}

export interface Row {
  name: string;
  gzip: number;
  brotli: number;
  budget: number;
  /** What goes over, empty when within budget. */
  overs: string[];
  note: string;
}

export const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;

/** The rows of the report, the first load first, from the build in `dist` (its Vite manifest). */
export function sizeRows(dist = webDist): Row[] {
  const manifest = readManifest(dist);

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

  const shortName = (key: string) => path.basename(manifest[key]?.src ?? key).replace(/\.[jt]sx?$/, '');

  const sourceName = (key: string) => sourceOf(manifest, key);
  const isOnDemand = (key: string) => sourceName(key) in ON_DEMAND_CHUNKS;

  function routeRow(fullRoute: RouteDownload): Row {
    const route = {
      ...fullRoute,
      chunks: fullRoute.chunks.filter((key) => !isOnDemand(key)),
      companions: fullRoute.companions.filter((key) => !isOnDemand(key)),
    };
    const all = total(route.chunks);
    const budget = BUDGET_LAZY_ROUTE;
    const overs: string[] = [];
    if (all.brotli > budget) overs.push('OVER GUARD');
    if (route.companions.length === 0) return { name: route.name, ...all, budget, overs, note: '' };
    const staticPart = total(route.staticChunks).gzip;
    const note = `${kb(staticPart)} + ${kb(all.gzip - staticPart)} gzip on first use: ${route.companions.map(shortName).join(', ')}`;
    return { name: route.name, ...all, budget, overs, note };
  }

  const { firstLoad, routes } = lazyDownloads(manifest);
  const first = total(firstLoad);
  return [
    {
      name: 'first load (entry + static imports)',
      ...first,
      budget: BUDGET_FIRST_LOAD,
      overs: first.brotli > BUDGET_FIRST_LOAD ? ['OVER GUARD'] : [],
      note: '',
    },
    ...routes.map(routeRow),
    ...[...new Set(routes.flatMap((route) => route.companions.filter(isOnDemand)))].map((key): Row => {
      const size = total([key]);
      const budget = ON_DEMAND_CHUNKS[sourceName(key)] ?? 0;
      return {
        name: `${sourceName(key)} (on demand)`,
        ...size,
        budget,
        overs: size.brotli > budget ? ['OVER GUARD'] : [],
        note: '',
      };
    }),
  ];
}

if (import.meta.main) {
  const rows = sizeRows();
  console.log(
    'Web app size (compressed JS; a lazy route counts what it adds to the first load, what it loads on first use included)',
  );
  console.log(`${'chunk'.padEnd(62)} ${'brotli'.padStart(10)} ${'gzip'.padStart(10)} ${'guard br'.padStart(10)}`);
  for (const row of rows) {
    const flags = row.overs.map((over) => `  ${over}`).join('');
    const note = row.note ? `  (${row.note})` : '';
    console.log(
      `${row.name.padEnd(62)} ${kb(row.brotli).padStart(10)} ${kb(row.gzip).padStart(10)} ${kb(row.budget).padStart(10)}${flags}${note}`,
    );
  }
  console.log(`Guards (brotli, issue 25): first load ${kb(BUDGET_FIRST_LOAD)}; lazy route ${kb(BUDGET_LAZY_ROUTE)}.`);
  const failed = rows.filter((row) => row.overs.length > 0).length;
  if (failed) console.error(`${failed} chunk(s) over their guard`);
  const hintProblems = compileHintProblems();
  console.log(
    hintProblems.length === 0
      ? "Compile hints: every chunk but the on-demand ones opens with V8's compile hint."
      : `Compile hints wrong:\n  ${hintProblems.join('\n  ')}`,
  );
  const formProblems = formLibraryProblems();
  console.log(
    formProblems.length === 0
      ? `Form libraries: none of the ${FORM_FREE_SCREENS.length} form-free screens fetches zod or react-hook-form.`
      : `Form libraries fetched by a form-free screen:\n  ${formProblems.join('\n  ')}`,
  );
  if (failed || hintProblems.length > 0 || formProblems.length > 0) process.exit(1);
}
