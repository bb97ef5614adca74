import { execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enCommon from '../apps/web/src/locales/en-US/common.json' with { type: 'json' };
import enPortal from '../apps/web/src/locales/en-US/portal.json' with { type: 'json' };
import frApplicants from '../apps/web/src/locales/fr-FR/staff-applicants.json' with { type: 'json' };
import frContent from '../apps/web/src/locales/fr-FR/staff-content.json' with { type: 'json' };
import frFormations from '../apps/web/src/locales/fr-FR/staff-formations.json' with { type: 'json' };
import frWorkshops from '../apps/web/src/locales/fr-FR/staff-workshops.json' with { type: 'json' };
import { freePort, portalEnv, root, startMailCapture, startPortal, stopPortal } from './harness.ts';
import { expectNoHorizontalOverflow, tabTo } from './sheets-support.ts';
import { expectAxeClean, getBrowser, shot, waitUntilSettled } from './support.ts';

/**
 * Issue 12, "Proof": a coordinator's first day on an empty portal (DEMO_DATA=false, its own embedded database, its own
 * mail capture). The operator creates the first admin with the command line; the admin signs in from the mail, adds a
 * school and two formations, imports 30 applicants from a CSV (preview, import, invitation), writes the news in French
 * and in English and adds a workshop; one applicant, English by the file's language column, opens the invitation on a
 * phone, signs in and finds the English news, the workshop and their formation. axe checks every new screen state.
 */

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const run = randomBytes(3).toString('hex').toUpperCase();
const ADMIN = `premiere.admin.${run.toLowerCase()}@cfa.example.org`;

const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

// ---------- Its own portal: an empty embedded database, its own mail capture ----------

let work = '';
let mailDir = '';
let baseUrl = '';
let server: ChildProcess | null = null;
let smtp: Awaited<ReturnType<typeof startMailCapture>> | null = null;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'passerelle-first-day-'));
  mailDir = path.join(work, 'mail');
  smtp = await startMailCapture(mailDir);
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const env = portalEnv(port, work, smtp.port, { DEMO_DATA: 'false' });

  // The operator's first command, while no server holds the embedded database.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(root, 'apps/api/src/cli.ts'), 'create-staff', ADMIN, '--admin'],
    {
      cwd: root,
      env,
      encoding: 'utf8',
    },
  );
  expect(stdout).toContain('Compte créé (administrateur) ; 1 mail(s) de connexion envoyé(s)');

  server = await startPortal(env);
});

afterAll(async () => {
  await stopPortal(server);
  await smtp?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

// ---------- Pages and mails of this portal ----------

const problems: string[] = [];
const contexts: BrowserContext[] = [];

async function newPage(size: { width: number; height: number }, locale: 'fr-FR' | 'en-US'): Promise<Page> {
  const context = await (
    await getBrowser()
  ).newContext({ baseURL: baseUrl, viewport: size, locale, colorScheme: 'light' });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content[- ]Security[- ]Policy|Refused to/i.test(msg.text()))
      problems.push(`csp: ${msg.text()}`);
  });
  return page;
}

interface Mail {
  subject: string;
  text: string;
  link: string | null;
}

async function waitForMail(email: string, timeoutMs = 20_000): Promise<Mail> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    const files = readdirSync(mailDir)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .reverse();
    for (const file of files) {
      const { to, raw } = JSON.parse(readFileSync(path.join(mailDir, file), 'utf8')) as { to: string[]; raw: string };
      if (!to.includes(email.toLowerCase())) continue;
      const parsed = await PostalMime.parse(raw);
      const text = parsed.text ?? '';
      return {
        subject: parsed.subject ?? '',
        text,
        link: /https?:\/\/[^\s"<>]+[?&]t=[A-Za-z0-9_-]+/.exec(text)?.[0] ?? null,
      };
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no mail to ${email} within ${timeoutMs} ms`);
}

async function openMailLink(page: Page, link: string | null) {
  expect(link).toBeTruthy();
  expect(link?.startsWith(`${baseUrl}/`)).toBe(true);
  await page.goto(link ?? '');
  await page.waitForFunction(() => {
    const store = localStorage.getItem('passerelle.store');
    const parsed = store ? (JSON.parse(store) as { token?: string; user?: unknown }) : null;
    return !!parsed?.token && !!parsed.user;
  });
}

/** Pictures of the settled screen at 375 px (no sideways scrolling) then back at the page's own width. */
async function shotBothWidths(page: Page, name: string) {
  const own = page.viewportSize() ?? DESKTOP;
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await waitUntilSettled(page);
    if (size === PHONE) await expectNoHorizontalOverflow(page);
    await shot(page, name);
  }
  await page.setViewportSize(own);
}

async function typeInto(page: Page, field: ReturnType<Page['getByLabel']>, value: string) {
  await field.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(value);
}

// ---------- The journey ----------

const SCHOOL = { code: 'ESILV', name: `École supérieure d'ingénieurs ${run}` };
const FORMATIONS = [
  { libelle: `Ingénieur informatique ${run}`, code: `INFO-${run}`, level: '3' },
  { libelle: `Ingénieur finance ${run}`, code: `FIN-${run}`, level: '4' },
];
const applicantEmail = (i: number) => `admis${i}.${run.toLowerCase()}@example.org`;

function csv(): Buffer {
  const lines = ['NOM;Prénom;Courriel;École;Code formation;Langue'];
  for (let i = 1; i <= 30; i += 1) {
    const formation = FORMATIONS[i <= 15 ? 0 : 1];
    lines.push(`Durand${i};Léa;${applicantEmail(i)};${SCHOOL.code};${formation?.code ?? ''};${i === 1 ? 'en' : 'fr'}`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

describe("a coordinator's first day on an empty portal", () => {
  it('creates the formations, imports and invites 30 applicants, writes the news, adds a workshop; an applicant sees it all', async () => {
    const tf = frFormations;
    const ta = frApplicants;
    const tc = frContent;
    const tw = frWorkshops;

    // ---- The first admin signs in from the operator's mail ----
    const adminMail = await waitForMail(ADMIN);
    const admin = await newPage(DESKTOP, 'fr-FR');
    await openMailLink(admin, adminMail.link);

    // ---- Formations: nothing yet, a school, then two formations ----
    await admin.goto('/gestion/formations');
    await admin.getByRole('heading', { level: 1, name: tf.title }).waitFor();
    await admin.getByText(tf.empty.title).waitFor();
    await expectAxeClean(admin, 'formations, empty portal');
    await shotBothWidths(admin, 'first-day-formations-empty');

    await tabTo(admin, admin.getByRole('button', { name: tf.schools.add }).first());
    await admin.keyboard.press('Enter');
    const schoolDialog = admin.getByRole('dialog', { name: tf.schools.createTitle });
    await typeInto(admin, schoolDialog.getByLabel(label(tf.schools.code)), SCHOOL.code);
    await typeInto(admin, schoolDialog.getByLabel(label(tf.schools.name)), SCHOOL.name);
    // The school holds workshops for its applicants (issue 28: a school's rule is data, set here), with the keyboard.
    await tabTo(admin, schoolDialog.getByRole('checkbox', { name: tf.schools.holdsWorkshops }));
    await admin.keyboard.press('Space');
    await expectAxeClean(admin, 'school dialog');
    await schoolDialog.getByRole('button', { name: tf.schools.create }).click();
    await schoolDialog.waitFor({ state: 'detached' });
    const section = admin.getByRole('region', { name: SCHOOL.name });
    await section.getByText(tf.list.emptySchool).waitFor();
    await expectAxeClean(admin, 'formations, a school without formations');

    for (const formation of FORMATIONS) {
      await tabTo(admin, section.getByRole('button', { name: fill(tf.list.addTo, { name: SCHOOL.name }) }));
      await admin.keyboard.press('Enter');
      const dialog = admin.getByRole('dialog', { name: tf.form.createTitle });
      await typeInto(admin, dialog.getByLabel(label(tf.form.libelle)), formation.libelle);
      await typeInto(admin, dialog.getByLabel(label(tf.form.code)), formation.code);
      await typeInto(admin, dialog.getByLabel(label(tf.form.level)), formation.level);
      await typeInto(admin, dialog.getByLabel(label(tf.form.year)), '2026');
      await dialog.getByLabel(label(tf.form.trainingStart)).fill('2026-09-14');
      await dialog.getByLabel(label(tf.form.trainingEnd)).fill('2028-08-31');
      if (formation === FORMATIONS[0]) await expectAxeClean(admin, 'formation dialog filled');
      await dialog.getByRole('button', { name: tf.form.create }).click();
      await dialog.waitFor({ state: 'detached' });
      await admin.getByText(fill(tf.feedback.formationSaved, { libelle: formation.libelle })).waitFor();
    }
    await section
      .getByText(`${fill(tf.schools.summary_other, { code: SCHOOL.code, count: 2 })} · ${tf.schools.withWorkshops}`)
      .waitFor();
    await expectAxeClean(admin, 'formations, a school and two formations');
    await shotBothWidths(admin, 'first-day-formations');

    // ---- Applicants: none, then 30 from the school's file, previewed, imported and invited ----
    await admin.goto('/gestion/candidats');
    await admin.getByRole('heading', { level: 1, name: ta.title }).waitFor();
    await admin.getByText(ta.list.emptyTitle).waitFor();
    await expectAxeClean(admin, 'applicants, none yet');
    await shotBothWidths(admin, 'first-day-applicants-empty');

    await tabTo(admin, admin.getByRole('button', { name: ta.import.open }).first());
    await admin.keyboard.press('Enter');
    const importDialog = admin.getByRole('dialog', { name: ta.import.title });
    await importDialog.waitFor();
    await admin
      .locator('input[type="file"]')
      .setInputFiles({ name: 'admis-esilv.csv', mimeType: 'text/csv', buffer: csv() });
    await importDialog.getByText(fill(ta.import.ready_other, { count: 30 })).waitFor();
    await expectAxeClean(admin, 'import preview, 30 ready');
    await shotBothWidths(admin, 'first-day-import-ready');
    const submit = importDialog.getByRole('button', { name: fill(ta.import.submit_other, { count: 30 }) });
    await tabTo(admin, submit, { max: 20 });
    await admin.keyboard.press('Enter');
    await importDialog.getByText(fill(ta.import.imported_other, { count: 30 })).waitFor();
    await expectAxeClean(admin, 'import done, invitation offered');
    await tabTo(admin, importDialog.getByRole('button', { name: fill(ta.import.invite_other, { count: 30 }) }), {
      max: 20,
    });
    await admin.keyboard.press('Enter');
    await importDialog.getByText(fill(ta.import.invited_other, { count: 30 })).waitFor();
    await expectAxeClean(admin, 'import dialog, 30 invited');
    await shotBothWidths(admin, 'first-day-invited');
    await tabTo(admin, importDialog.getByRole('button', { name: ta.import.close }), { max: 20 });
    await admin.keyboard.press('Enter');
    await importDialog.waitFor({ state: 'detached' });
    await admin.getByText(fill(ta.list.count_other, { total: 30 }), { exact: true }).waitFor();
    await expectAxeClean(admin, 'applicants, 30 imported');
    await shotBothWidths(admin, 'first-day-applicants');

    // ---- The news, in French then in English ----
    await admin.goto('/gestion/contenu');
    await admin.getByRole('heading', { level: 1, name: tc.title }).waitFor();
    const title = admin.getByRole('textbox', { name: tc.feed.title });
    const editor = admin.getByRole('textbox', { name: tc.feed.text });
    await editor.waitFor();
    await expectAxeClean(admin, 'content, empty news');
    await shotBothWidths(admin, 'first-day-content-empty');

    const saved = textBeforeDate(tc.feed.saved);
    await tabTo(admin, title);
    await admin.keyboard.type(`Bienvenue ${run}`);
    await tabTo(admin, editor);
    await admin.keyboard.type(`La rentrée ${run} commence le 14 septembre.`);
    const preview = admin.getByRole('region', { name: tc.feed.preview });
    await preview.getByRole('region', { name: `Bienvenue ${run}` }).waitFor();
    await expectAxeClean(admin, 'content, French news typed');
    await tabTo(admin, admin.getByRole('button', { name: tc.feed.save }));
    await admin.keyboard.press('Enter');
    await admin.getByRole('status').getByText(saved).waitFor();

    await admin.getByRole('button', { name: tc.feed.english }).click();
    await expect.poll(() => title.inputValue()).toBe('');
    await tabTo(admin, title);
    await admin.keyboard.type(`Welcome ${run}`);
    await tabTo(admin, editor);
    await admin.keyboard.type(`The ${run} school year starts on 14 September.`);
    await preview.getByRole('region', { name: `Welcome ${run}` }).waitFor();
    await tabTo(admin, admin.getByRole('button', { name: tc.feed.save }));
    await admin.keyboard.press('Enter');
    await admin.getByRole('status').getByText(saved).waitFor();
    await expectAxeClean(admin, 'content, English news saved');
    await shotBothWidths(admin, 'first-day-content-en');

    // ---- A workshop ----
    const workshopTitle = `Atelier CV ${run}`;
    await admin.goto('/gestion/ateliers');
    await admin.getByRole('heading', { level: 1, name: tw.title }).waitFor();
    await admin.getByText(tw.list.emptyTitle).waitFor();
    await expectAxeClean(admin, 'workshops, none yet');
    await shotBothWidths(admin, 'first-day-workshops-empty');
    await tabTo(admin, admin.getByRole('button', { name: tw.list.add }).first());
    await admin.keyboard.press('Enter');
    const workshopDialog = admin.getByRole('dialog', { name: tw.form.createTitle });
    const school = workshopDialog.getByLabel(label(tw.form.school));
    // The schools are read from the portal's data: the new one is offered once they have loaded.
    const option = school.locator('option', { hasText: SCHOOL.name });
    await option.waitFor({ state: 'attached' });
    await school.selectOption({ label: (await option.textContent()) ?? '' });
    await typeInto(admin, workshopDialog.getByLabel(label(tw.form.title)), workshopTitle);
    await workshopDialog.getByLabel(label(tw.form.date)).fill(isoDay(20));
    await workshopDialog.getByLabel(label(tw.form.startHour)).fill('14:00');
    await workshopDialog.getByLabel(label(tw.form.endHour)).fill('16:00');
    await typeInto(admin, workshopDialog.getByLabel(label(tw.form.quota)), '12');
    await expectAxeClean(admin, 'workshop dialog filled');
    await admin.keyboard.press('Enter');
    await workshopDialog.waitFor({ state: 'detached' });
    await admin.getByText(fill(tw.feedback.saved, { title: workshopTitle })).waitFor();
    await admin.getByRole('region', { name: tw.list.upcoming }).getByText(workshopTitle).waitFor();
    await expectAxeClean(admin, 'workshops, one upcoming');
    await shotBothWidths(admin, 'first-day-workshops');

    // ---- The English applicant opens the invitation on a phone ----
    const invitation = await waitForMail(applicantEmail(1));
    expect(invitation.subject).toBe('Welcome to Passerelle, your apprenticeship space');
    const applicant = await newPage(PHONE, 'en-US');
    await openMailLink(applicant, invitation.link);
    await applicant.goto('/espace-admissible');
    // Nobody chose a language in this browser: the portal takes the account's, English from the file's column.
    await applicant.getByRole('heading', { level: 1, name: fill(enPortal.home.titleNamed, { name: 'Léa' }) }).waitFor();
    const news = applicant.locator('#news');
    await news.getByRole('heading', { name: `Welcome ${run}` }).waitFor();
    await news.getByText(`The ${run} school year starts on 14 September.`).waitFor();
    expect(await applicant.getByText(`Bienvenue ${run}`).count()).toBe(0);
    const identity = applicant.getByTestId('header-identity');
    await identity.getByText('DURAND1 Léa').waitFor();
    await identity
      .getByText(
        `${fill(enCommon.layout.startYear, { year: 2026 })} · ${fill(enCommon.layout.formationLevel, { level: 3 })}`,
      )
      .waitFor();
    expect(await identity.locator(`[title="${FORMATIONS[0]?.libelle ?? ''}"]`).count()).toBe(1);
    await expectAxeClean(applicant, 'applicant home, phone, English');
    await shot(applicant, 'first-day-applicant-home');

    // The workshops card is on the search screen, beside the CV.
    await applicant.goto('/espace-admissible/recherche');
    const workshops = applicant.locator('#workshops');
    await workshops.getByRole('heading', { name: enPortal.workshops.title }).waitFor();
    await workshops.getByText(workshopTitle).waitFor();
    await expectAxeClean(applicant, 'applicant search with the workshop, phone, English');
    await shot(applicant, 'first-day-applicant-search');

    for (const context of contexts.splice(0)) await context.close();
    expect(problems.splice(0), 'the pages raised errors').toEqual([]);
  }, 240_000);
});

/** The part of "Enregistré le {{date}} : …" before the date, as a pattern anchored at the start. */
function textBeforeDate(template: string): RegExp {
  return label(template.split('{{date}}')[0] ?? template);
}
