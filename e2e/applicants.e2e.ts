import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../apps/web/src/locales/en-US/staff-applicants.json' with { type: 'json' };
import fr from '../apps/web/src/locales/fr-FR/staff-applicants.json' with { type: 'json' };
import { demo, eventually, expectNoHorizontalOverflow, tabTo } from './sheets-support.ts';
import { axeViolations, newPage, openMailLink, shot, signInAs, waitForMail, waitUntilSettled } from './support.ts';

/**
 * Issue 12, "People": a coordinator imports 30 admitted applicants from a school's CSV (Windows-1252, semicolons, as
 * Excel writes it), first a file with a wrong line (every error shown, nothing stored), then the right one; invites the
 * 30; one applicant signs in from the mail, in English, and leaves the "never signed in" list. axe checks the list, the
 * dialog with errors and ready, at 1280 px and 375 px in both languages.
 */

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const texts = { 'fr-FR': fr, 'en-US': en } as const;

async function expectAxeClean(page: Page, screen: string) {
  await waitUntilSettled(page);
  expect(await axeViolations(page), `axe on ${screen}`).toEqual([]);
}

const windows1252 = (text: string) => Buffer.from([...text].map((char) => char.charCodeAt(0)));

function csvOf(run: string, wrongLine: boolean): Buffer {
  const lines = ['NOM;Prénom;Courriel;École;Code formation;Langue'];
  for (let i = 1; i <= 30; i += 1) {
    const email = wrongLine && i === 4 ? `admis${i}.${run}@` : `admis${i}.${run}@example.org`;
    lines.push(`Lefèvre${i};Zoé;${email};EMLV;EMLV-BBD-B3;${i === 1 ? 'en' : 'fr'}`);
  }
  return windows1252(`${lines.join('\r\n')}\r\n`);
}

/** The dialog's file input (hidden: its button opens it) receives the file as a person's choice would. */
async function chooseFile(page: Page, name: string, buffer: Buffer) {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer });
}

async function shotBothWidths(page: Page, name: string) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await waitUntilSettled(page);
    if (size === PHONE) await expectNoHorizontalOverflow(page);
    await shot(page, name);
  }
}

describe('admitted applicants: import, invitation, first sign-in', () => {
  for (const lang of ['fr-FR', 'en-US'] as const) {
    it(`imports 30 applicants, invites them and one signs in from the mail (${lang})`, async () => {
      const t = texts[lang];
      const run = randomBytes(4).toString('hex');
      const staff = await newPage({ ...DESKTOP, lang });
      await signInAs(staff, demo('sophie.roux'));
      await staff.goto('/gestion/candidats');
      await staff.getByRole('heading', { level: 1, name: t.title }).waitFor();
      await staff.getByRole('table', { name: t.list.label }).waitFor();
      await expectAxeClean(staff, 'applicants list');
      await shotBothWidths(staff, `applicants-${lang}-list`);

      // The import dialog, opened with the keyboard.
      await tabTo(staff, staff.getByRole('button', { name: t.import.open }));
      await staff.keyboard.press('Enter');
      const dialog = staff.getByRole('dialog', { name: t.import.title });
      await dialog.waitFor();

      await chooseFile(staff, 'admis-emlv.csv', csvOf(run, true));
      const errors = dialog.getByRole('table', { name: t.import.errorsTable });
      await errors.waitFor();
      expect(await errors.locator('tbody tr').allTextContents()).toEqual([
        `5${t.import.columns.email}${lang === 'en-US' ? `“admis4.${run}@” is not a valid e-mail address.` : `« admis4.${run}@ » n'est pas une adresse e-mail valide.`}`,
      ]);
      expect(await dialog.getByRole('button', { name: t.import.submit_other.replace('{{count}}', '30') }).count()).toBe(0);
      await expectAxeClean(staff, 'import dialog with errors');
      await shotBothWidths(staff, `applicants-${lang}-import-errors`);

      await chooseFile(staff, 'admis-emlv.csv', csvOf(run, false));
      await dialog.getByText(t.import.ready_other.replace('{{count}}', '30')).waitFor();
      await expectAxeClean(staff, 'import dialog ready');
      await shotBothWidths(staff, `applicants-${lang}-import-ready`);

      const submit = dialog.getByRole('button', { name: t.import.submit_other.replace('{{count}}', '30') });
      await tabTo(staff, submit, { max: 20 });
      await staff.keyboard.press('Enter');
      await dialog.getByText(t.import.imported_other.replace('{{count}}', '30')).waitFor();
      await dialog.getByRole('button', { name: t.import.invite_other.replace('{{count}}', '30') }).click();
      await dialog.getByText(t.import.invited_other.replace('{{count}}', '30')).waitFor();
      await shot(staff, `applicants-${lang}-invited`);
      await dialog.getByRole('button', { name: t.import.close }).click();
      await dialog.waitFor({ state: 'detached' });

      // The same file again, two applicants renamed (issue 29): the check lists them with the old and new names; only
      // the one ticked is changed, the other kept.
      await staff.getByRole('button', { name: t.import.open }).first().click();
      const renamed = windows1252(
        csvOf(run, false)
          .toString('latin1')
          .replace(`Lefèvre2;Zoé;admis2.${run}`, `Lefèvre-Roy;Zoé;admis2.${run}`)
          .replace(`Lefèvre3;Zoé;admis3.${run}`, `Lefebvre;Zoé;admis3.${run}`),
      );
      await chooseFile(staff, 'admis-emlv-corrige.csv', renamed);
      const changes = dialog.getByRole('region', { name: t.import.changes.title_other.replace('{{count}}', '2') });
      await changes.waitFor();
      const changeOf = (from: string, to: string) =>
        t.import.changes.change.replace('{{field}}', t.import.columns.nom).replace('{{from}}', from).replace('{{to}}', to);
      await changes.getByText(changeOf('Lefèvre2', 'Lefèvre-Roy')).waitFor();
      await changes.getByText(changeOf('Lefèvre3', 'Lefebvre')).waitFor();
      await changes
        .getByRole('checkbox', {
          name: t.import.changes.apply.replace('{{email}}', `admis2.${run}@example.org`).replace('{{line}}', '3'),
        })
        .check();
      await expectAxeClean(staff, 'import dialog with changes to confirm');
      await shotBothWidths(staff, `applicants-${lang}-import-changes`);
      await dialog.getByRole('button', { name: t.import.submit_other.replace('{{count}}', '30') }).click();
      await dialog.getByText(t.import.kept_one.replace('{{count}}', '1')).waitFor();
      await shot(staff, `applicants-${lang}-import-changes-done`);
      await dialog.getByRole('button', { name: t.import.close }).click();
      await dialog.waitFor({ state: 'detached' });

      // The first applicant (English) signs in from the mail.
      const email = `admis1.${run}@example.org`;
      const mail = await waitForMail(email);
      expect(mail.subject).toBe('Welcome to Passerelle, your apprenticeship space');
      const applicant = await newPage({ ...PHONE });
      await openMailLink(applicant, mail.link);
      await applicant.close();

      // "Never signed in": 29 of this run's applicants, not the one who did.
      const search = staff.getByRole('searchbox', { name: t.filters.search });
      await search.fill(`.${run}@`);
      await staff.keyboard.press('Enter');
      // The box follows the address, which the click changes: clicked, then the address awaited.
      const never = staff.getByRole('checkbox', { name: t.filters.neverSignedIn });
      await never.click();
      await staff.waitForURL((url) => url.searchParams.get('signedIn') === 'never');
      await eventually(() => never.isChecked()).toBe(true);
      const count = (n: number) => (lang === 'en-US' ? `${n} applicants` : `${n} candidats`);
      await staff.getByText(count(29), { exact: true }).waitFor();
      await eventually(() => staff.getByText(email).count()).toBe(0);
      await never.click();
      await staff.waitForURL((url) => !url.searchParams.has('signedIn'));
      await eventually(() => never.isChecked()).toBe(false);
      await staff.getByText(count(30), { exact: true }).waitFor();
      await expectAxeClean(staff, 'applicants list filtered');
      await shotBothWidths(staff, `applicants-${lang}-list-filtered`);
      await staff.close();
    });
  }
});
