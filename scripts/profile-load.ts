/**
 * Where a portal screen's main-thread time goes while it loads, by package and by function, mapped back to the sources:
 *
 *   (cd apps/web && npx vite build --sourcemap) && node scripts/profile-load.ts [/espace-admissible/recherche]
 *
 * Starts the built portal with the demo data (scripts/inp.ts' startDemoPortal), signs in as the demo applicant for a
 * screen under /espace-admissible, loads the screen PROFILE_RUNS times (3) in Debian's Chromium, unthrottled, on a
 * phone's viewport with the HTTP cache emptied, under V8's sampling profiler (0.1 ms), and prints the self time summed
 * over the runs: by package (node_modules' package, or our source file) and the functions that took the most. Without
 * the source maps, the built files' names stand instead. `npm run build` afterwards puts back the build without maps.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, startDemoPortal } from './inp.ts';

const screen = process.argv[2] ?? '/espace-admissible/recherche';
const runs = Number(process.env['PROFILE_RUNS'] ?? 3);
const assets = path.resolve(import.meta.dirname, '../apps/web/dist/assets');
const maps = new Map<string, TraceMap | undefined>();

/** "package or source file:line" of a position in a built file. */
function sourceOf(url: string, line: number, column: number): string {
  const file = url.replace(/.*\//, '');
  if (!maps.has(file)) {
    const mapFile = path.join(assets, `${file}.map`);
    maps.set(file, existsSync(mapFile) ? new TraceMap(readFileSync(mapFile, 'utf8')) : undefined);
  }
  const map = maps.get(file);
  const found = map ? originalPositionFor(map, { line: line + 1, column }) : undefined;
  if (!found?.source) return file;
  return `${found.source.replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/')}:${found.line}`;
}

const packageOf = (source: string) =>
  source.startsWith('src/') ? source.replace(/:\d+$/, '') : (/^((@[^/]+\/)?[^/:]+)/.exec(source)?.[1] ?? source);

const portal = await startDemoPortal({ tls: true });
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: [...CHROMIUM_ARGS, ...portal.chromiumArgs],
});
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  if (screen.startsWith('/espace-admissible')) await portal.signIn(await context.newPage());
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const add = <Key>(map: Map<Key, number>, key: Key, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  for (let run = 1; run <= runs; run += 1) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(`${portal.baseUrl}${screen}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const { profile } = await cdp.send('Profiler.stop');
    if (new URL(page.url()).pathname !== screen) throw new Error(`${screen} ended on ${page.url()}`);
    const selfMs = new Map<number, number>();
    profile.samples?.forEach((node, index) => add(selfMs, node, (profile.timeDeltas?.[index] ?? 0) / 1000));
    for (const node of profile.nodes) {
      const ms = selfMs.get(node.id) ?? 0;
      const frame = node.callFrame;
      if (ms === 0 || ['(idle)', '(program)'].includes(frame.functionName)) continue;
      const source = frame.url ? sourceOf(frame.url, frame.lineNumber, frame.columnNumber) : '(browser)';
      add(byFunction, `${frame.functionName || '(anonymous)'} ${source}`, ms);
      add(byPackage, frame.url ? packageOf(source) : '(browser)', ms);
    }
    await page.close();
  }
  const print = (title: string, map: Map<string, number>, count: number) => {
    console.log(`${screen}: ${title} (self time over ${runs} loads, ms)`);
    for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count))
      console.log(`${ms.toFixed(0).padStart(7)}  ${key}`);
  };
  print('by package or source file', byPackage, 20);
  print('by function', byFunction, 30);
} finally {
  await browser.close();
  await portal.close();
}
