import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import type { AxeResults, RunOptions } from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, expect, inject } from 'vitest';

export const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let browser: Browser | null = null;

/** One Chromium per test file (Debian's, never a downloaded one). */
export async function getBrowser(): Promise<Browser> {
  browser ??= await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  return browser;
}

/** Uncaught page errors and CSP violations seen during the current test: each fails it. */
const problems: string[] = [];

afterEach(() => {
  const seen = problems.splice(0);
  expect(seen, 'the page raised errors').toEqual([]);
});

afterAll(async () => {
  await browser?.close();
  browser = null;
});

export interface PageOptions {
  width?: number;
  height?: number;
  /** Browser language; the app still starts in fr-FR unless `lang` is stored. */
  lang?: 'fr-FR' | 'en-US';
  colorScheme?: 'light' | 'dark';
}

/** A fresh browser context (own storage and cookies), failing the test on any uncaught page error or CSP violation. */
export async function newPage(options: PageOptions = {}): Promise<Page> {
  const b = await getBrowser();
  const context = await b.newContext({
    baseURL: baseUrl,
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    locale: options.lang ?? 'fr-FR',
    colorScheme: options.colorScheme ?? 'light',
  });
  if (options.lang) {
    await context.addInitScript((lang) => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', lang);
    }, options.lang);
  }
  const page = await context.newPage();
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content[- ]Security[- ]Policy|Refused to/i.test(msg.text())) problems.push(`csp: ${msg.text()}`);
  });
  return page;
}

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The first personal link (PUBLIC_URL/?t=...) found in the mail. */
  link: string | null;
  file: string;
}

function readMails(): ReceivedMail[] {
  return readdirSync(mailDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({ file, ...(JSON.parse(readFileSync(path.join(mailDir, file), 'utf8')) as { to: string[]; raw: string }) }))
    .map(({ file, to, raw }): ReceivedMail & { raw: string } => ({ file, to, raw, subject: '', text: '', html: '', link: null }));
}

/** Waits for a mail to `email` received after `afterFile` (a previous mail's file name), parsed by postal-mime. */
export async function waitForMail(email: string, afterFile?: string, timeoutMs = 15_000): Promise<ReceivedMail> {
  return waitForMailWhere(email, afterFile, () => true, timeoutMs);
}

/**
 * Waits for the newest mail to `email` received after `afterFile` that `match` accepts: a step's own mail, whatever
 * mails of earlier steps the outbox delivers around it.
 */
export async function waitForMailWhere(
  email: string,
  afterFile: string | undefined,
  match: (mail: ReceivedMail) => boolean,
  timeoutMs = 15_000,
): Promise<ReceivedMail> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    const candidates = readMails()
      .filter((m) => m.to.includes(email.toLowerCase()) && (!afterFile || m.file > afterFile))
      .reverse() as (ReceivedMail & { raw: string })[];
    for (const found of candidates) {
      const parsed = await PostalMime.parse(found.raw);
      const text = parsed.text ?? '';
      const link = /https?:\/\/[^\s"<>]+[?&]t=[A-Za-z0-9_-]+/.exec(text)?.[0] ?? null;
      const mail = { file: found.file, to: found.to, subject: parsed.subject ?? '', text, html: parsed.html ?? '', link };
      if (match(mail)) return mail;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no mail to ${email} within ${timeoutMs} ms`);
}

/** File name of the newest mail to `email`, to wait for a newer one afterwards. */
export function lastMailFile(email: string): string | undefined {
  return readMails()
    .filter((m) => m.to.includes(email.toLowerCase()))
    .at(-1)?.file;
}

/** Asks for a personal link through the API, opens it from the received mail, and waits until signed in. */
export async function signInAs(page: Page, email: string): Promise<void> {
  const before = lastMailFile(email);
  const res = await fetch(`${baseUrl}/api/auth/login-link`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(res.status).toBe(202);
  const mail = await waitForMail(email, before);
  expect(mail.link).toBeTruthy();
  await page.goto(mail.link ?? '');
  await page.waitForFunction(() => {
    const store = localStorage.getItem('passerelle.store');
    const parsed = store ? (JSON.parse(store) as { token?: string; user?: unknown }) : null;
    return !!parsed?.token && !!parsed.user;
  });
}

/** The demo accounts, as `npm run cli -- demo-accounts` prints them. */
export async function demoAccounts(): Promise<{ email: string; userType: string; label: string }[]> {
  const { execFileSync } = await import('node:child_process');
  const out = execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../apps/api/src/cli.ts'), 'demo-accounts'], { encoding: 'utf8' });
  return JSON.parse(out) as { email: string; userType: string; label: string }[];
}

/** Opens a personal link received by mail and waits until it has signed the page in. */
export async function openMailLink(page: Page, link: string | null): Promise<void> {
  expect(link).toBeTruthy();
  await page.goto(link ?? '');
  await page.waitForFunction(() => {
    const store = localStorage.getItem('passerelle.store');
    const parsed = store ? (JSON.parse(store) as { token?: string; user?: unknown }) : null;
    return !!parsed?.token && !!parsed.user;
  });
}

/**
 * A full-page screenshot named `name`, into the folder named by E2E_SHOTS (e.g. /tmp/shots) when it is set: a person
 * looks at them when checking a screen; CI sets nothing and takes none.
 */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env['E2E_SHOTS'];
  if (!dir) return;
  const { mkdirSync } = await import('node:fs');
  mkdirSync(dir, { recursive: true });
  const { width } = page.viewportSize() ?? { width: 0 };
  // From the top: a page scrolled down pictures its sticky header and skip link in the middle of the picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  // Dialogs and collapses fade and slide in: the picture waits for the end of their transitions.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
}

/**
 * Waits until the screen has stopped loading and moving: no placeholder or spinner left, fonts loaded, transitions
 * (dialogs, collapses, menus) ended. What a person reads and what axe checks is then the final screen.
 */
export async function waitUntilSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      !document.querySelector('.MuiSkeleton-root, .MuiCircularProgress-root, [data-loading], [aria-busy="true"]') &&
      document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** Evaluated, not added as a script tag: the portal's CSP refuses inline scripts, and must go on doing so. */
const axeSource = readFileSync(path.resolve(import.meta.dirname, '../node_modules/axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core on the page against WCAG 2.1 A and AA (every rule of those tags, none turned off) and returns each
 * violation as one readable line per element: rule, impact, CSS target, the start of its HTML and axe's summary.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html, summary: n.failureSummary ?? '' })),
    }));
  });
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) => `- ${v.id} (${v.impact}) at ${n.target}: ${n.html.replace(/\s+/g, ' ').slice(0, 160)} — ${n.summary.replace(/\s+/g, ' ').slice(0, 240)}`,
    ),
  );
}

/** Waits until the screen has settled, then expects axe to find nothing on it; `screen` names it in the failure. */
export async function expectAxeClean(page: Page, screen: string): Promise<void> {
  await waitUntilSettled(page);
  expect(await axeViolations(page), `axe on ${screen}`).toEqual([]);
}

/** `text` matched literally inside a regular expression. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What a translated text says before its `{{placeholder}}`: the part a test can look for whatever the value. */
export const textBefore = (template: string, placeholder: string) => template.split(`{{${placeholder}}}`)[0] ?? template;
