/**
 * Lighthouse's mobile performance of the portal's first screens (issue 25 and decision 0043: a score >= 85, total
 * blocking time <= 400 ms and largest contentful paint <= 2.5 s each, median of 5 runs), then the interaction to next paint of the offers search
 * at 4x CPU slowdown (<= 200 ms) and the layout shift of the search screen (0).
 *
 *   npm run lighthouse        (builds the web app first)
 *
 * Starts the built portal with the demo data on a temporary folder (scripts/inp.ts' startDemoPortal), opens Debian's
 * Chromium (CHROMIUM_PATH, /usr/bin/chromium by default) with a debugging port, and runs the `lighthouse` package on
 * it with its default mobile settings (a mid-range phone's screen, simulated slow 4G and 4x CPU slowdown), performance
 * only: the visitor home signed out, then the applicant's home, search and cases signed in as a demo applicant (the
 * browser keeps the session: storage is not reset between runs, the HTTP cache is emptied before each). Each screen is measured LIGHTHOUSE_RUNS times (5) and
 * the run of median score is printed with its metrics. The last table says for each of issue 13's web rows whether its
 * target holds (issue 25's bounds). A run Lighthouse could not complete (its `runtimeError`, e.g. no first paint seen) is said and run again,
 * up to twice, rather than counted as a score of 0. Environment: LIGHTHOUSE_RUNS (3), LIGHTHOUSE_ONLY=lighthouse|inp to
 * skip the other half, LIGHTHOUSE_SCREEN=<path> to measure that screen only ("/espace-admissible/recherche"),
 * LIGHTHOUSE_DETAILS=1 to print the median run's main-thread work by kind and its five costliest scripts,
 * LIGHTHOUSE_SAVE=<folder> to write each run's full report there (`<screen>-<run>.json`: network requests, main-thread
 * tasks, observed and simulated metrics), LIGHTHOUSE_ARTIFACTS=<folder> to keep each run's trace and the rest of what
 * Lighthouse gathered (`<screen>-<run>/defaultPass.trace.json`: the main thread's tasks as they ran).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { cpuSlowdownFor } from './cpu-slowdown.ts';
import { chromium, type Browser, type Page } from 'playwright-core';
import { freePort } from '../e2e/harness.ts';
import { printTargets, type TargetRow } from '../bench/targets.ts';
import { CHROMIUM_ARGS, measureSearchInp, measureSearchLayoutShift, startDemoPortal } from './inp.ts';

// Issue 25's bounds as decision 0043 set them, at the reference phone's speed.
const SCORE_TARGET = 85;
const TBT_TARGET_MS = 400;
const LCP_TARGET_MS = 2500;
const INP_TARGET_MS = 200;
const runs = Number(process.env['LIGHTHOUSE_RUNS'] ?? 5);
/** Attempts of one run that Lighthouse could not complete before the measure fails. */
const ATTEMPTS = 3;

interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
}

const screens: Screen[] = [
  { name: 'visitor home', path: '/', signedIn: false },
  { name: 'applicant home', path: '/espace-admissible', signedIn: true },
  { name: 'offers search', path: '/espace-admissible/recherche', signedIn: true },
  { name: 'cases', path: '/espace-admissible/dossiers', signedIn: true },
];

interface Measure {
  /** The main thread's work by kind and the scripts' evaluation time, for LIGHTHOUSE_DETAILS=1. */
  details: string;
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
}

function measureOf(result: RunnerResult): Measure {
  const { lhr } = result;
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (id: string) =>
    (lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const work = items('mainthread-work-breakdown').map(
    (item) => `${String(item['groupLabel'])} ${Math.round(Number(item['duration']))} ms`,
  );
  const scripts = items('bootup-time')
    .slice(0, 5)
    .map(
      (item) => `${String(item['url']).replace(/^https?:\/\/[^/]+/, '')} ${Math.round(Number(item['scripting']))} ms`,
    );
  return {
    details: `  main thread: ${work.join(', ')}\n  scripts: ${scripts.join(', ')}`,
    score: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    si: audit('speed-index'),
  };
}

const ms = (value: number) => `${Math.round(value)} ms`;
const describe = (m: Measure) =>
  `score ${m.score}  FCP ${ms(m.fcp)}  LCP ${ms(m.lcp)}  TBT ${ms(m.tbt)}  CLS ${m.cls.toFixed(3)}  SI ${ms(m.si)}`;

/**
 * One Lighthouse run of `url` on an emptied HTTP cache (storage, and so the session, is kept: each run loads every file
 * as a first visit would). A run Lighthouse reports it could not complete is said and made again.
 */
async function completedRun(
  url: string,
  flags: Flags,
  clearHttpCache: () => Promise<void>,
  artifacts?: string,
): Promise<RunnerResult> {
  for (let attempt = 1; ; attempt += 1) {
    await clearHttpCache();
    // Lighthouse gathers into the folder, then audits what it saved there (its -GA).
    const result = await lighthouse(url, artifacts ? { ...flags, gatherMode: artifacts, auditMode: artifacts } : flags);
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const failure = result.lhr.runtimeError;
    if (!failure) return result;
    console.log(`  ${url}: Lighthouse could not complete the run (${failure.code}: ${failure.message})`);
    if (attempt === ATTEMPTS) throw new Error(`${url}: ${ATTEMPTS} runs in a row could not complete`);
  }
}

/** Lighthouse's own default: a 4x slower CPU, meant for a host of benchmark index ~1 533 (scripts/cpu-slowdown.ts). */
const LIGHTHOUSE_DEFAULT_SLOWDOWN = 4;
/** Runs of the visitor home whose median benchmark index sets the CPU slowdown. */
const CALIBRATION_RUNS = 3;

interface Calibration {
  benchmarkIndex: number;
  cpuSlowdown: number;
}

async function lighthouseRows(
  baseUrl: string,
  signIn: (page: Page) => Promise<void>,
  chromiumArgs: string[],
  measured: Screen[],
): Promise<{ rows: TargetRow[]; calibration: Calibration }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'passerelle-lighthouse-'));
  const port = await freePort();
  // A persistent context is the browser's default one: the tabs Lighthouse opens share its storage (the session).
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...chromiumArgs, `--remote-debugging-port=${port}`],
  });
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: true,
  };
  const clearHttpCache = async () => {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await page.close();
  };
  const rows: TargetRow[] = [];
  let calibration: Calibration;
  try {
    calibration = await calibrate(`${baseUrl}/`, flags, clearHttpCache);
    flags.throttling = { cpuSlowdownMultiplier: calibration.cpuSlowdown };
    let signedIn = false;
    const saveTo = process.env['LIGHTHOUSE_SAVE'];
    if (saveTo) mkdirSync(saveTo, { recursive: true });
    for (const screen of measured) {
      if (screen.signedIn && !signedIn) {
        const page = await context.newPage();
        await signIn(page);
        await page.close();
        signedIn = true;
      }
      const measures: Measure[] = [];
      for (let run = 0; run < runs; run += 1) {
        const name = `${screen.path.replace(/^\/$/, 'visitor-home').replace(/^\//, '').replaceAll('/', '-')}-${run + 1}`;
        const artifacts = process.env['LIGHTHOUSE_ARTIFACTS'];
        const result = await completedRun(
          `${baseUrl}${screen.path}`,
          flags,
          clearHttpCache,
          artifacts ? path.join(artifacts, name) : undefined,
        );
        if (saveTo) writeFileSync(path.join(saveTo, `${name}.json`), JSON.stringify(result.lhr));
        const finalUrl = new URL(result.lhr.finalDisplayedUrl);
        if (finalUrl.pathname !== screen.path) throw new Error(`${screen.path} ended on ${finalUrl.pathname}`);
        const measure = measureOf(result);
        measures.push(measure);
        console.log(`${screen.name} (${screen.path}) run ${run + 1}: ${describe(measure)}`);
      }
      const median = [...measures].sort((a, b) => a.score - b.score)[Math.floor(measures.length / 2)]!;
      console.log(`${screen.name}: median of ${runs} runs: ${describe(median)}`);
      console.log(process.env['LIGHTHOUSE_DETAILS'] === '1' ? `${median.details}\n` : '');
      rows.push({
        what: `Lighthouse mobile performance, ${screen.name}`,
        target: `>= ${SCORE_TARGET}`,
        measured: `${median.score} (LCP ${ms(median.lcp)}, TBT ${ms(median.tbt)})`,
        holds: median.score >= SCORE_TARGET,
      });
      // The blocking time and the largest paint of the same screen, each the median of its own runs.
      const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const tbt = middle(measures.map((m) => m.tbt));
      const lcp = middle(measures.map((m) => m.lcp));
      rows.push(
        {
          what: `total blocking time, ${screen.name}`,
          target: `<= ${TBT_TARGET_MS} ms`,
          measured: ms(tbt),
          holds: tbt <= TBT_TARGET_MS,
        },
        {
          what: `largest contentful paint, ${screen.name}`,
          target: `<= ${(LCP_TARGET_MS / 1000).toFixed(1)} s`,
          measured: ms(lcp),
          holds: lcp <= LCP_TARGET_MS,
        },
      );
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return { rows, calibration };
}

/**
 * The CPU slowdown of the measure: Lighthouse's default (4x), as issue 25's table was measured, unless LIGHTHOUSE_CPU
 * says otherwise: a number, or `auto` for the slowdown that makes this host Lighthouse's reference phone, from the
 * benchmark index Lighthouse measures in each run (the median of the visitor home's CALIBRATION_RUNS runs), through
 * Lighthouse's CPU throttling calculator (scripts/cpu-slowdown.ts), as Lighthouse's documentation says to calibrate. The
 * host's index is printed either way: the same build's figures differ from one host to the next (and on one host, with
 * what else runs), and the index says which host measured them.
 */
async function calibrate(url: string, flags: Flags, clearHttpCache: () => Promise<void>): Promise<Calibration> {
  const indexes: number[] = [];
  for (let run = 0; run < CALIBRATION_RUNS; run += 1) {
    const result = await completedRun(url, flags, clearHttpCache);
    indexes.push(result.lhr.environment.benchmarkIndex);
  }
  const benchmarkIndex = [...indexes].sort((a, b) => a - b)[Math.floor(indexes.length / 2)]!;
  const chosen = process.env['LIGHTHOUSE_CPU'] ?? String(LIGHTHOUSE_DEFAULT_SLOWDOWN);
  const cpuSlowdown = chosen === 'auto' ? cpuSlowdownFor(benchmarkIndex) : Number(chosen);
  if (!(cpuSlowdown >= 1)) throw new Error(`LIGHTHOUSE_CPU=${chosen}: a slowdown of 1 or more, or auto`);
  console.log(
    `host benchmark index ${indexes.map(Math.round).join(', ')} (median ${Math.round(benchmarkIndex)}; ` +
      `Lighthouse's reference phone is 4x slower than an index of 1533, ${cpuSlowdownFor(benchmarkIndex).toFixed(2)}x slower than this host): ` +
      `measured at CPU ${Number(cpuSlowdown.toFixed(2))}x slower${chosen === 'auto' ? ' (LIGHTHOUSE_CPU=auto)' : ''}\n`,
  );
  return { benchmarkIndex, cpuSlowdown };
}

async function interactionRows(
  baseUrl: string,
  signIn: (page: Page) => Promise<void>,
  chromiumArgs: string[],
  cpuSlowdown: number,
) {
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...chromiumArgs],
  });
  try {
    return await interactionRowsIn(browser, baseUrl, signIn, cpuSlowdown);
  } finally {
    await browser.close();
  }
}

async function interactionRowsIn(
  browser: Browser,
  baseUrl: string,
  signIn: (page: Page) => Promise<void>,
  cpuSlowdown: number,
) {
  const result = await measureSearchInp({ baseUrl, signIn, runs, browser, cpuSlowdown });
  const rate = `${Number(cpuSlowdown.toFixed(2))}x`;
  console.log(
    `offers search at ${rate} CPU slowdown, median of ${runs} runs: typing ${result.typing} ms, opening ${result.opening} ms`,
  );
  const shifts = await measureSearchLayoutShift({ baseUrl, signIn, browser, cpuSlowdown });
  console.log(
    `layout shift loading the search screen: ${shifts.map(({ width, cls }) => `${cls} at ${width} px`).join(', ')}`,
  );
  const worstShift = Math.max(...shifts.map(({ cls }) => cls));
  return [
    {
      what: `INP typing in the offers search, ${rate} CPU`,
      target: `<= ${INP_TARGET_MS} ms`,
      measured: `${result.typing} ms`,
      holds: result.typing <= INP_TARGET_MS,
    },
    {
      what: `INP opening an offer, ${rate} CPU`,
      target: `<= ${INP_TARGET_MS} ms`,
      measured: `${result.opening} ms`,
      holds: result.opening <= INP_TARGET_MS,
    },
    {
      what: 'layout shift of the search screen',
      target: '0',
      measured: shifts.map(({ width, cls }) => `${cls} at ${width} px`).join(', '),
      holds: worstShift === 0,
    },
  ] satisfies TargetRow[];
}

function screensToMeasure(): Screen[] {
  const only = process.env['LIGHTHOUSE_SCREEN'];
  const measured = only ? screens.filter((screen) => screen.path === only) : screens;
  if (measured.length === 0)
    throw new Error(`LIGHTHOUSE_SCREEN=${only}: not one of ${screens.map((s) => s.path).join(', ')}`);
  return measured;
}

/**
 * Issue 25's web rows measured on the built portal (`npm run build` first): Lighthouse's four screens, unless `only`
 * is 'inp', then the INP and layout shift of the offers search, unless `only` is 'lighthouse'.
 */
export async function measureWebTargets(only?: string): Promise<TargetRow[]> {
  const portal = await startDemoPortal({ tls: process.env['LIGHTHOUSE_HTTP1'] !== '1' });
  const rows: TargetRow[] = [];
  try {
    const signIn = (page: Page) => portal.signIn(page);
    // The INP alone still runs the calibration's Lighthouse runs, for its CPU slowdown.
    const lighthouse = await lighthouseRows(
      portal.baseUrl,
      signIn,
      portal.chromiumArgs,
      only === 'inp' ? [] : screensToMeasure(),
    );
    rows.push(...lighthouse.rows);
    const { calibration } = lighthouse;
    if (only !== 'lighthouse')
      rows.push(...(await interactionRows(portal.baseUrl, signIn, portal.chromiumArgs, calibration.cpuSlowdown)));
  } finally {
    await portal.close();
  }
  return rows;
}

if (import.meta.main) printTargets(await measureWebTargets(process.env['LIGHTHOUSE_ONLY']));
