/**
 * The main thread's long tasks while a portal screen loads, with how much of each V8 spent compiling functions there
 * (docs/decisions/0037-compile-hints.md):
 *
 *   npm run build && node scripts/trace-load.ts [/espace-admissible/recherche]
 *
 * Starts the built portal with the demo data over HTTPS and HTTP/2 (scripts/inp.ts' startDemoPortal), signs in as the
 * demo applicant (a screen under /espace-admissible) and loads the screen TRACE_RUNS times (3) in Debian's Chromium,
 * unthrottled, on a phone's viewport, with the HTTP cache emptied, recording Chromium's trace. Prints, for each run,
 * each task of TRACE_MIN_MS (15) or more: its start after the document's request, its length, what it went to (running
 * script, computing styles, layout, painting), and the main thread's compile time and function count within it; then
 * the compile time V8's background threads took.
 */
import { chromium, type CDPSession } from 'playwright-core';
import { CHROMIUM_ARGS, startDemoPortal } from './inp.ts';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'disabled-by-default-v8.compile',
];
const screen = process.argv[2] ?? '/espace-admissible/recherche';
const runs = Number(process.env['TRACE_RUNS'] ?? 3);
const minMs = Number(process.env['TRACE_MIN_MS'] ?? 15);

async function record(cdp: CDPSession, load: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: CATEGORIES.join(','), transferMode: 'ReportEvents' });
  await load();
  await cdp.send('Tracing.end');
  await complete;
  return events;
}

/** The page's main thread (the renderer's main thread with the most events) and the load's start. */
function mainThreadOf(events: TraceEvent[]) {
  const threads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const count = (t: TraceEvent) => events.filter((e) => e.pid === t.pid && e.tid === t.tid).length;
  const main = threads.sort((a, b) => count(b) - count(a))[0];
  if (!main) throw new Error('no renderer main thread in the trace');
  // The document's request opens the load (Chromium's navigationStart mark is not in every trace).
  const requests = events.filter((e) => e.name === 'ResourceSendRequest').map((e) => e.ts);
  if (requests.length === 0) throw new Error('no request in the trace');
  return { pid: main.pid, tid: main.tid, start: Math.min(...requests) };
}

const isCompile = (e: TraceEvent) => e.ph === 'X' && /compile/i.test(e.name);

/** What a task's time went to: Chromium's own events for running script, computing styles, layout and painting. */
const KINDS: Record<string, string> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  'v8.evaluateModule': 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  EventDispatch: 'script',
  RunMicrotasks: 'script',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  Commit: 'paint',
};

/** The outermost events of each kind within a task, summed (a script's nested calls count once). */
function breakdown(inside: TraceEvent[]): string {
  const kinds = inside.filter((e) => KINDS[e.name]);
  const outer = kinds.filter(
    (e) =>
      !kinds.some(
        (p) =>
          p !== e &&
          KINDS[p.name] === KINDS[e.name] &&
          p.ts <= e.ts &&
          p.ts + (p.dur ?? 0) >= e.ts + (e.dur ?? 0) &&
          (p.dur ?? 0) >= (e.dur ?? 0) &&
          (p.ts !== e.ts || (p.dur ?? 0) !== (e.dur ?? 0) || kinds.indexOf(p) < kinds.indexOf(e)),
      ),
  );
  const sums = new Map<string, number>();
  for (const e of outer) sums.set(KINDS[e.name] ?? '', (sums.get(KINDS[e.name] ?? '') ?? 0) + (e.dur ?? 0));
  return ['script', 'style', 'layout', 'paint'].map((kind) => `${kind} ${ms(sums.get(kind) ?? 0)}`).join(', ');
}
const ms = (us: number) => (us / 1000).toFixed(1);

/** One line per long task, then the background compile time. Nested compile events count once (the outermost). */
function describeRun(events: TraceEvent[]): string[] {
  const main = mainThreadOf(events);
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const compiles = onMain.filter(isCompile);
  const outermost = compiles.filter(
    (e) =>
      !compiles.some(
        (p) => p !== e && p.ts <= e.ts && p.ts + (p.dur ?? 0) >= e.ts + (e.dur ?? 0) && (p.dur ?? 0) > (e.dur ?? 0),
      ),
  );
  const lines = onMain
    .filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= minMs * 1000)
    .sort((a, b) => a.ts - b.ts)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const inside = outermost.filter((e) => e.ts >= task.ts && e.ts <= end);
      const compile = inside.reduce((sum, e) => sum + (e.dur ?? 0), 0);
      const parts = breakdown(onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts <= end));
      return `  at ${ms(task.ts - main.start).padStart(7)} ms: ${ms(task.dur ?? 0).padStart(6)} ms (${parts}), compiling ${ms(compile)} ms (${inside.length} functions)`;
    });
  const background = events
    .filter((e) => e.pid === main.pid && e.tid !== main.tid && isCompile(e))
    .reduce((sum, e) => sum + (e.dur ?? 0), 0);
  return [...lines, `  compiling on background threads: ${ms(background)} ms`];
}

const portal = await startDemoPortal({ tls: true });
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: [...CHROMIUM_ARGS, ...portal.chromiumArgs],
});
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  if (screen.startsWith('/espace-admissible')) await portal.signIn(await context.newPage());
  for (let run = 1; run <= runs; run += 1) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const events = await record(cdp, async () => {
      await page.goto(`${portal.baseUrl}${screen}`, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
    });
    if (new URL(page.url()).pathname !== screen) throw new Error(`${screen} ended on ${page.url()}`);
    console.log(`${screen}, run ${run}: tasks of ${minMs} ms or more`);
    for (const line of describeRun(events)) console.log(line);
    await page.close();
  }
} finally {
  await browser.close();
  await portal.close();
}
