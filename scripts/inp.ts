/**
 * Interaction to next paint of the applicant's offers search (issue 13: <= 200 ms at 4x CPU slowdown), in Debian's
 * Chromium driven by playwright-core, on the built portal.
 *
 *   node scripts/inp.ts      (after `npm run build`)
 *
 * starts the portal with the demo data on a temporary folder, with its own capturing SMTP server, signs in as a demo
 * applicant from the mailed link, and prints for each run every interaction (each key of the typed word, each offer
 * opened) with its duration split into input delay, processing and presentation, then each run's worst and the median
 * of the runs. It then prints the layout shift of loading the search screen at 1280 and 375 px (issue 13: 0).
 * Environment: INP_RUNS (3), INP_WORD ('alternance'), INP_KEY_DELAY_MS (120), CHROMIUM_PATH.
 *
 * Exported for `npm run lighthouse`:
 *
 *   measureSearchInp(options: SearchInpOptions): Promise<SearchInpResult>
 *     options.baseUrl     a running portal with the demo data (or any portal with more than 20 offers)
 *     options.signIn      (page) => signs a fresh page in as an applicant; called once, its storage reused by every run
 *     options.browser?    a playwright-core Browser to use (default: one launched here, closed at the end)
 *     options.runs?       3; options.word? 'alternance'; options.keyDelayMs? 120; options.offersToOpen? 3;
 *     options.cpuSlowdown? 4 (CDP Emulation.setCPUThrottlingRate); options.viewport? 1280 x 900;
 *     options.log?        (line) => void, each interaction as measured (default: nothing)
 *   -> { runs: SearchInpRun[], typing, opening, inp }: the last three are medians over the runs, in ms, of the worst
 *      key, of the worst offer opening and of the worst interaction of the run.
 *
 *   measureSearchLayoutShift(options) -> { width, cls }[]: the layout shift of loading the search screen at each width.
 *
 *   startDemoPortal(options?): Promise<DemoPortal>  { baseUrl, signIn(page, email?), chromiumArgs, close() }: the portal
 *     this file measures. options.tls: served over HTTPS and HTTP/2 (TLS_CERT_FILE, TLS_KEY_FILE) with a certificate
 *     made for the run, which this process and a Chromium given `chromiumArgs` trust (its key alone).
 *
 * How: a PerformanceObserver of the Event Timing API ('event' entries, durationThreshold 16, buffered) installed before
 * the app's scripts; entries grouped by interactionId, an interaction lasting its longest entry (what web-vitals' onINP
 * does). An interaction under 16 ms leaves no entry and is printed as "< 16 ms". With fewer than 50 interactions the
 * INP is the worst one.
 */
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import {
  freePort,
  portalEnv,
  root,
  startMailCapture,
  newestMailFile,
  startPortal,
  stopPortal,
  waitForMailLink,
} from '../e2e/harness.ts';
import { writeTestTlsCertificate } from '../apps/api/test/tls-certificate.ts';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const SEARCH_PATH = '/espace-admissible/recherche';
const DEMO_APPLICANT = 'camille.martin@demo.passerelle.test';

export interface SearchInpOptions {
  baseUrl: string;
  signIn: (page: Page) => Promise<void>;
  browser?: Browser;
  runs?: number;
  word?: string;
  keyDelayMs?: number;
  offersToOpen?: number;
  cpuSlowdown?: number;
  viewport?: { width: number; height: number };
  log?: (line: string) => void;
}

export interface Interaction {
  /** The key pressed, or the offer's title. */
  label: string;
  kind: 'key' | 'open';
  /** Longest entry of the interaction, ms (0: under 16 ms, no entry). */
  duration: number;
  inputDelay: number;
  processing: number;
  presentation: number;
}

export interface SearchInpRun {
  interactions: Interaction[];
  /** Worst key of the word, worst offer opened, worst of both: ms. */
  typing: number;
  opening: number;
  inp: number;
}

export interface SearchInpResult {
  runs: SearchInpRun[];
  typing: number;
  opening: number;
  inp: number;
}

interface TimedEntry {
  name: string;
  interactionId: number;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
}

interface Marker {
  label: string;
  kind: 'key' | 'open';
  timeStamp: number;
}

/** In the page before any of its scripts: every Event Timing entry and layout shift, and each key and click's time. */
function observe() {
  const w = window as unknown as { __events: unknown[]; __markers: unknown[]; __shifts: number[] };
  w.__events = [];
  w.__markers = [];
  w.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      w.__events.push({
        name: entry.name,
        interactionId: entry.interactionId,
        startTime: entry.startTime,
        duration: entry.duration,
        processingStart: entry.processingStart,
        processingEnd: entry.processingEnd,
      });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!entry.hadRecentInput) w.__shifts.push(entry.value);
    }
  }).observe({ type: 'layout-shift', buffered: true });
  // The event's timeStamp is its Event Timing entry's startTime: how a key or a click finds its interaction.
  addEventListener(
    'keydown',
    (event) => w.__markers.push({ kind: 'key', label: event.key, timeStamp: event.timeStamp }),
    true,
  );
  addEventListener(
    'pointerdown',
    (event) => {
      // An offer's header: the button with aria-expanded in its level-3 heading.
      const summary = (event.target as Element | null)?.closest('#offers h3 [aria-expanded]');
      if (summary)
        w.__markers.push({
          kind: 'open',
          label: summary.querySelector('[data-offer-title]')?.textContent ?? summary.textContent ?? '',
          timeStamp: event.timeStamp,
        });
    },
    true,
  );
}

/** The search screen once loaded and still: offers shown, no placeholder or spinner, fonts and images loaded. */
async function openSearch(page: Page): Promise<void> {
  await page.goto(SEARCH_PATH);
  await page.locator('#offers h3').first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      !document.querySelector(
        '.MuiSkeleton-root, .MuiCircularProgress-root, .MuiLinearProgress-root, [aria-busy="true"]',
      ) &&
      // Lazy images below the fold load only when scrolled to: those in view count.
      [...document.images].every((image) => image.complete || image.getBoundingClientRect().top > innerHeight),
    undefined,
    { timeout: 60_000 },
  );
  // A few quiet frames: late effects and the last paints are in before anything is measured.
  await page.waitForTimeout(500);
}

/**
 * Each marked key or click with its interaction's longest entry. The split counts every event handled before that
 * paint, the input event (no interactionId of its own) with its key: the handlers run from the first one's start to the
 * last one's end, the presentation is what remains until the paint.
 */
function interactionsOf(markers: Marker[], entries: TimedEntry[]): Interaction[] {
  return markers.map((marker) => {
    const id = entries.find(
      (entry) => entry.interactionId && Math.abs(entry.startTime - marker.timeStamp) < 1,
    )?.interactionId;
    const own = entries.filter((entry) => id !== undefined && entry.interactionId === id);
    const duration = Math.max(0, ...own.map((entry) => entry.duration));
    if (duration === 0)
      return { label: marker.label, kind: marker.kind, duration, inputDelay: 0, processing: 0, presentation: 0 };
    const start = marker.timeStamp;
    const handled = entries.filter((entry) => entry.startTime >= start - 1 && entry.processingEnd <= start + duration);
    const processingStart = Math.min(...handled.map((entry) => entry.processingStart));
    const processingEnd = Math.max(...handled.map((entry) => entry.processingEnd));
    return {
      label: marker.label,
      kind: marker.kind,
      duration,
      inputDelay: Math.round(processingStart - start),
      processing: Math.round(processingEnd - processingStart),
      presentation: Math.round(start + duration - processingEnd),
    };
  });
}

const worst = (list: Interaction[]) => list.reduce((max, item) => Math.max(max, item.duration), 0);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export const formatInteraction = (item: Interaction) =>
  item.duration === 0
    ? `${item.kind === 'key' ? `key ${JSON.stringify(item.label)}` : `open ${JSON.stringify(item.label)}`}: < 16 ms`
    : `${item.kind === 'key' ? `key ${JSON.stringify(item.label)}` : `open ${JSON.stringify(item.label)}`}: ${item.duration} ms (input delay ${item.inputDelay}, processing ${item.processing}, presentation ${item.presentation})`;

async function signedInState(browser: Browser, baseUrl: string, signIn: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    const page = await context.newPage();
    await signIn(page);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

async function throttled(context: BrowserContext, page: Page, rate: number): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

async function measureRun(
  browser: Browser,
  options: Required<Omit<SearchInpOptions, 'browser' | 'signIn'>>,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<SearchInpRun> {
  const context = await browser.newContext({
    baseURL: options.baseUrl,
    viewport: options.viewport,
    storageState,
    locale: 'fr-FR',
  });
  try {
    await context.addInitScript(observe);
    const page = await context.newPage();
    await throttled(context, page, options.cpuSlowdown);
    await openSearch(page);

    const search = page.locator('#offers').getByRole('searchbox');
    await search.click();
    // The click into the field is no interaction of the measure: only the keys and the openings count.
    await page.evaluate(() => ((window as unknown as { __markers: unknown[] }).__markers.length = 0));
    const answered = page.waitForResponse((response) => new URL(response.url()).searchParams.get('query') === options.word);
    await search.pressSequentially(options.word, { delay: options.keyDelayMs });
    // The debounced search for the whole word answers, and the list shows what it found.
    await answered;
    await page.waitForFunction(
      () => !document.querySelector('#offers .MuiLinearProgress-root, #offers .MuiCircularProgress-root'),
    );
    await page.waitForTimeout(600);

    const summaries = page.locator('#offers h3 [aria-expanded]');
    const count = Math.min(options.offersToOpen, await summaries.count());
    if (count === 0) throw new Error(`no offer found for "${options.word}"`);
    for (let index = 0; index < count; index++) {
      await summaries.nth(index).click();
      // The accordion's slide (250 ms, SPEC) ends before the next one.
      await page.waitForTimeout(700);
    }
    // Event Timing entries arrive after the next paint: a moment for the last ones.
    await page.waitForTimeout(300);
    const { entries, markers } = await page.evaluate(() => {
      const w = window as unknown as { __events: unknown[]; __markers: unknown[] };
      return { entries: w.__events, markers: w.__markers };
    });
    const interactions = interactionsOf(markers as Marker[], entries as TimedEntry[]);
    for (const item of interactions) options.log(`  ${formatInteraction(item)}`);
    const keys = interactions.filter((item) => item.kind === 'key');
    const openings = interactions.filter((item) => item.kind === 'open');
    if (keys.length !== options.word.length || openings.length !== count) {
      throw new Error(
        `measured ${keys.length} keys of ${options.word.length} and ${openings.length} openings of ${count}`,
      );
    }
    return { interactions, typing: worst(keys), opening: worst(openings), inp: worst(interactions) };
  } finally {
    await context.close();
  }
}

async function withBrowser<T>(given: Browser | undefined, work: (browser: Browser) => Promise<T>): Promise<T> {
  const browser =
    given ??
    (await chromium.launch({
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    }));
  try {
    return await work(browser);
  } finally {
    if (!given) await browser.close();
  }
}

export async function measureSearchInp(options: SearchInpOptions): Promise<SearchInpResult> {
  const settings = {
    baseUrl: options.baseUrl,
    runs: options.runs ?? 3,
    word: options.word ?? 'alternance',
    keyDelayMs: options.keyDelayMs ?? 120,
    offersToOpen: options.offersToOpen ?? 3,
    cpuSlowdown: options.cpuSlowdown ?? 4,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    log: options.log ?? (() => undefined),
  };
  return withBrowser(options.browser, async (browser) => {
    const storageState = await signedInState(browser, settings.baseUrl, options.signIn);
    const runs: SearchInpRun[] = [];
    for (let run = 1; run <= settings.runs; run++) {
      settings.log(
        `run ${run} (typing "${settings.word}" at ${settings.keyDelayMs} ms a key, then opening ${settings.offersToOpen} offers; CPU ${settings.cpuSlowdown}x slower)`,
      );
      const result = await measureRun(browser, settings, storageState);
      settings.log(`  worst key ${result.typing} ms, worst opening ${result.opening} ms, INP ${result.inp} ms`);
      runs.push(result);
    }
    return {
      runs,
      typing: median(runs.map((run) => run.typing)),
      opening: median(runs.map((run) => run.opening)),
      inp: median(runs.map((run) => run.inp)),
    };
  });
}

export interface LayoutShiftOptions {
  baseUrl: string;
  signIn: (page: Page) => Promise<void>;
  browser?: Browser;
  widths?: number[];
  cpuSlowdown?: number;
}

/** The cumulative layout shift of loading the search screen (no input), at each width, in French. */
export async function measureSearchLayoutShift(options: LayoutShiftOptions): Promise<{ width: number; cls: number }[]> {
  return withBrowser(options.browser, async (browser) => {
    const storageState = await signedInState(browser, options.baseUrl, options.signIn);
    const results: { width: number; cls: number }[] = [];
    for (const width of options.widths ?? [1280, 375]) {
      const context = await browser.newContext({
        baseURL: options.baseUrl,
        viewport: { width, height: width < 600 ? 740 : 900 },
        storageState,
        locale: 'fr-FR',
      });
      try {
        await context.addInitScript(observe);
        const page = await context.newPage();
        await throttled(context, page, options.cpuSlowdown ?? 4);
        await openSearch(page);
        const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
        results.push({ width, cls: Number(shifts.reduce((sum, value) => sum + value, 0).toFixed(4)) });
      } finally {
        await context.close();
      }
    }
    return results;
  });
}

export interface DemoPortal {
  baseUrl: string;
  /** Asks for a personal link for `email` (a demo applicant by default) and opens it from the captured mail. */
  signIn: (page: Page, email?: string) => Promise<void>;
  /** Chromium's arguments to trust the portal's certificate, when it has one made for the run (tls). */
  chromiumArgs: string[];
  close: () => Promise<void>;
}

/**
 * The built portal with the demo data on a temporary folder, mailing to its own capturing SMTP server. With `tls`, over
 * HTTPS and HTTP/2 as a CFA deploys it (docs/decisions/0036-https-and-http2.md), with a self-signed certificate for
 * 127.0.0.1: this process trusts it (tls.setDefaultCACertificates, for fetch) and Chromium does with `chromiumArgs`,
 * which name its key's hash (--ignore-certificate-errors-spki-list: no other certificate error is ignored).
 */
export async function startDemoPortal(options: { tls?: boolean } = {}): Promise<DemoPortal> {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html')))
    throw new Error('no built web app: run npm run build first');
  const work = mkdtempSync(path.join(tmpdir(), 'passerelle-inp-'));
  const mailDir = path.join(work, 'mail');
  const smtp = await startMailCapture(mailDir);
  const port = await freePort();
  const baseUrl = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const chromiumArgs: string[] = [];
  const tlsEnv: NodeJS.ProcessEnv = {};
  if (options.tls) {
    const { certFile, keyFile, certificatePem } = await writeTestTlsCertificate(work);
    tls.setDefaultCACertificates([...tls.getCACertificates('default'), certificatePem]);
    const spki = new X509Certificate(certificatePem).publicKey.export({ type: 'spki', format: 'der' });
    chromiumArgs.push(`--ignore-certificate-errors-spki-list=${createHash('sha256').update(spki).digest('base64')}`);
    Object.assign(tlsEnv, { TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile, PUBLIC_URL: baseUrl });
  }
  const env = portalEnv(port, work, smtp.port, {
    LOGIN_RATE_PER_ADDRESS: '1000',
    LOGIN_RATE_PER_CLIENT: '10000',
    ...tlsEnv,
  });
  // A first start with the demo data takes a while on a busy machine.
  const server = await startPortal(env, 180_000).catch(async (error: unknown) => {
    await smtp.close();
    rmSync(work, { recursive: true, force: true });
    throw error;
  });
  return {
    baseUrl,
    chromiumArgs,
    async signIn(page, email = DEMO_APPLICANT) {
      const after = newestMailFile(mailDir);
      const response = await fetch(`${baseUrl}/api/auth/login-link`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      if (response.status !== 202) throw new Error(`login link for ${email}: ${response.status}`);
      await page.goto(await waitForMailLink(mailDir, email, after));
      await page.waitForFunction(() => {
        const store = localStorage.getItem('passerelle.store');
        const parsed = store ? (JSON.parse(store) as { token?: string; user?: unknown }) : null;
        return Boolean(parsed?.token && parsed.user);
      });
    },
    async close() {
      await stopPortal(server);
      await smtp.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

if (import.meta.main) {
  const portal = await startDemoPortal();
  try {
    const signIn = (page: Page) => portal.signIn(page);
    const result = await measureSearchInp({
      baseUrl: portal.baseUrl,
      signIn,
      runs: Number(process.env['INP_RUNS'] ?? 3),
      word: process.env['INP_WORD'] ?? 'alternance',
      keyDelayMs: Number(process.env['INP_KEY_DELAY_MS'] ?? 120),
      log: (line) => console.log(line),
    });
    console.log(
      `\nmedian of ${result.runs.length} runs: typing ${result.typing} ms, opening an offer ${result.opening} ms, INP ${result.inp} ms (target <= 200)`,
    );
    const shifts = await measureSearchLayoutShift({ baseUrl: portal.baseUrl, signIn });
    console.log(
      `layout shift loading the search screen: ${shifts.map(({ width, cls }) => `${cls} at ${width} px`).join(', ')} (target 0)`,
    );
  } finally {
    await portal.close();
  }
}
