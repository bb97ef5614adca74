import { isValidSiret } from '@passerelle/contract';
import type { Locator, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import type frSheets from '../apps/web/src/locales/fr-FR/sheets.json';
import { shot, waitUntilSettled } from './support.ts';

/** Helpers shared by the sheet journeys (sheets*.e2e.ts). */

export const demo = (local: string) => `${local}@demo.passerelle.test`;
export const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000, interval: 100 });

export type Sheets = typeof frSheets;

/** Calls the API from a signed-in page with its token, as the app does. */
export async function apiCall<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const store = JSON.parse(localStorage.getItem('passerelle.store') ?? '{}') as { token?: string };
      const res = await fetch(`/api${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${store.token ?? ''}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    { method, path, body },
  ) as Promise<{ status: number; body: T }>;
}

/** A SIRET that passes the Luhn check, different on every run. */
export function makeSiret(): string {
  for (let n = Date.now() % 1_000_000_000; ; n += 1) {
    const candidate = `55${String(n).padStart(9, '0')}000`.slice(0, 13);
    for (let last = 0; last < 10; last += 1) if (isValidSiret(`${candidate}${last}`)) return `${candidate}${last}`;
  }
}

export async function fill(page: Page, label: string, value: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.fill(value);
}

/** Picks an option of a (native) select by its visible label. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).selectOption({ label: option });
}

/** Longer than the sheets' autosave pause after the last change (AUTOSAVE_DELAY_MS, 800 ms in use-sheet.ts). */
const AUTOSAVE_QUIET_MS = 1_200;

const isSave = (request: Request) => request.method() === 'PUT' && new URL(request.url()).pathname.startsWith('/api/');

/**
 * Runs `action` (typing, ticking, choosing) and waits for its autosave: the last PUT sent since the action began is
 * answered OK, no later one leaves within the autosave pause, and the status says saved. A "Saved at…" shown by an
 * earlier save (the same minute reads the same) no longer passes, nor does a save sent halfway through the action.
 */
export async function waitSaved(page: Page, texts: Sheets, action: () => Promise<unknown>): Promise<void> {
  const saved = texts.save.saved.split('{{')[0] ?? '';
  const saves: Request[] = [];
  const onRequest = (request: Request) => {
    if (isSave(request)) saves.push(request);
  };
  page.on('request', onRequest);
  try {
    await action();
    await eventually(async () => {
      const count = saves.length;
      const last = saves.at(-1);
      if (!last) return 'no save sent since the action';
      const response = await last.response();
      if (!response?.ok()) return `save answered ${response?.status() ?? 'nothing'}`;
      await page.waitForTimeout(AUTOSAVE_QUIET_MS);
      if (saves.length !== count) return 'a later save left';
      return (await page.getByRole('status').filter({ hasText: saved }).count()) > 0 ? 'saved' : 'status not saved';
    }).toBe('saved');
  } finally {
    page.off('request', onRequest);
  }
}

export async function confirmSend(page: Page, buttonName: string) {
  await page.getByRole('button', { name: buttonName, exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: buttonName, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

export const isoPlusDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

// ---------- Keyboard only ----------

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (Shift+Tab when `backwards`) until `target` has the focus, as a keyboard user moves; fails past `max`. */
export async function tabTo(page: Page, target: Locator, { max = 80, backwards = false } = {}): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses <= max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} not reached with ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
}

/** Replaces what the focused text input holds by `value`, typed key by key. */
export async function retype(page: Page, value: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(value);
}

/**
 * Picks the option of value `code` in the focused native select with Home/End and the arrow keys (how a keyboard
 * user moves through a closed select), whatever language its labels are in.
 */
export async function pickWithKeys(page: Page, code: string): Promise<void> {
  const { index, count } = await page.evaluate((value) => {
    const select = document.activeElement;
    if (!(select instanceof HTMLSelectElement)) return { index: -1, count: 0 };
    return { index: [...select.options].findIndex((option) => option.value === value), count: select.options.length };
  }, code);
  expect(index, `option ${code} in the focused select`).toBeGreaterThan(0);
  const fromEnd = count - 1 - index;
  await page.keyboard.press(fromEnd < index ? 'End' : 'Home');
  for (let step = 0; step < Math.min(index, fromEnd); step += 1)
    await page.keyboard.press(fromEnd < index ? 'ArrowUp' : 'ArrowDown');
  expect(await page.evaluate(() => (document.activeElement as HTMLSelectElement | null)?.value)).toBe(code);
}

/** Nothing wider than the viewport: no sideways scrolling on a phone. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, viewport } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(viewport);
}

const PHONE_VIEWPORT = { width: 375, height: 812 };
const DESKTOP_VIEWPORT = { width: 1280, height: 900 };

/** Pictures of the settled screen at 375 px (with no sideways scrolling) then 1280 px, where E2E_SHOTS says (`shot`). */
export async function shotBothWidths(page: Page, name: string): Promise<void> {
  for (const size of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    await page.setViewportSize(size);
    await waitUntilSettled(page);
    if (size === PHONE_VIEWPORT) await expectNoHorizontalOverflow(page);
    await shot(page, name);
  }
}

// ---------- Files ----------

/** A small valid PDF (one blank page). */
export const SAMPLE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n' +
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

/** The first bytes of a PNG image (signature and header chunk): an image, whatever name it is given. */
export const SAMPLE_PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
