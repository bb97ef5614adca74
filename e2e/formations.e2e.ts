import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enAccounts from '../apps/web/src/locales/en-US/staff-accounts.json' with { type: 'json' };
import enFormations from '../apps/web/src/locales/en-US/staff-formations.json' with { type: 'json' };
import frAccounts from '../apps/web/src/locales/fr-FR/staff-accounts.json' with { type: 'json' };
import frFormations from '../apps/web/src/locales/fr-FR/staff-formations.json' with { type: 'json' };
import { apiCall, demo, expectNoHorizontalOverflow, tabTo } from './sheets-support.ts';
import { axeViolations, newPage, openMailLink, shot, signInAs, waitForMail, waitUntilSettled } from './support.ts';

/**
 * Issue 12, "Formations and schools as data" and "Staff accounts": the demo admin adds a school and its formation
 * (a wrong first try shows the messages under the fields), edits it; invites a colleague who signs in from the mail,
 * then deactivates the colleague, whose session ends. axe checks each screen and dialog; pictures at 1280 px and 375 px.
 */

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const formationTexts = { 'fr-FR': frFormations, 'en-US': enFormations } as const;
const accountTexts = { 'fr-FR': frAccounts, 'en-US': enAccounts } as const;

async function expectAxeClean(page: Page, screen: string) {
  await waitUntilSettled(page);
  expect(await axeViolations(page), `axe on ${screen}`).toEqual([]);
}

async function shotBothWidths(page: Page, name: string) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await waitUntilSettled(page);
    if (size === PHONE) await expectNoHorizontalOverflow(page);
    await shot(page, name);
  }
}

const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

describe('formations, schools and the back-office team', () => {
  for (const lang of ['fr-FR', 'en-US'] as const) {
    it(`the admin adds a school and a formation, then invites and deactivates a colleague (${lang})`, async () => {
      const t = formationTexts[lang];
      const a = accountTexts[lang];
      const run = randomBytes(3).toString('hex').toUpperCase();
      const admin = await newPage({ ...DESKTOP, lang });
      await signInAs(admin, demo('admin'));

      await admin.goto('/gestion/formations');
      await admin.getByRole('heading', { level: 1, name: t.title }).waitFor();
      await admin.getByRole('region', { name: 'ESILV' }).waitFor();
      await expectAxeClean(admin, 'formations list');
      await shotBothWidths(admin, `formations-${lang}-list`);

      // A school, added with the keyboard.
      await tabTo(admin, admin.getByRole('button', { name: t.schools.add }).first());
      await admin.keyboard.press('Enter');
      const schoolDialog = admin.getByRole('dialog', { name: t.schools.createTitle });
      await schoolDialog.getByLabel(label(t.schools.code)).fill(`E2E${run}`);
      await schoolDialog.getByLabel(label(t.schools.name)).fill(`École ${run}`);
      await schoolDialog.getByRole('button', { name: t.schools.create }).click();
      await schoolDialog.waitFor({ state: 'detached' });
      const section = admin.getByRole('region', { name: `École ${run}` });
      await section.waitFor();

      // Its first formation: sent incomplete first, the messages show under the fields.
      await section.getByRole('button', { name: t.list.addTo.replace('{{name}}', `École ${run}`) }).click();
      const dialog = admin.getByRole('dialog', { name: t.form.createTitle });
      await dialog.getByRole('checkbox', { name: t.contractTypes.PRO }).check();
      await dialog.getByRole('button', { name: t.form.create }).click();
      await dialog.getByLabel(label(t.form.proStartAfter)).waitFor();
      await expect.poll(() => dialog.getByLabel(label(t.form.libelle)).getAttribute('aria-invalid')).toBe('true');
      await expectAxeClean(admin, 'formation dialog with errors');
      await shotBothWidths(admin, `formations-${lang}-dialog-errors`);

      await dialog.getByLabel(label(t.form.libelle)).fill(`Mastère ${run}`);
      await dialog.getByLabel(label(t.form.code)).fill(`E2E-${run}`);
      await dialog.getByLabel(label(t.form.level)).fill('4');
      await dialog.getByLabel(label(t.form.trainingStart)).fill('2026-09-14');
      await dialog.getByLabel(label(t.form.trainingEnd)).fill('2028-08-31');
      await dialog.getByLabel(label(t.form.proStartAfter)).fill('2026-07-01');
      await dialog.getByLabel(label(t.form.proEndBefore)).fill('2028-09-30');
      // Issue 28: the RNCP registration's end, which no contract may start after.
      await dialog.getByLabel(label(t.form.rncpEndDate)).fill('2030-12-31');
      await dialog.getByRole('button', { name: t.form.create }).click();
      await dialog.waitFor({ state: 'detached' });
      await admin.getByText(t.feedback.formationSaved.replace('{{libelle}}', `Mastère ${run}`)).waitFor();

      // Edited: the pro bounds move, and the API holds the new ones (the sheets' rules read them from there).
      await section.getByRole('button', { name: t.list.editFormation.replace('{{libelle}}', `Mastère ${run}`) }).click();
      const edit = admin.getByRole('dialog', { name: t.form.editTitle });
      await edit.getByLabel(label(t.form.proStartAfter)).fill('2026-08-15');
      await edit.getByRole('button', { name: t.form.saveChanges }).click();
      await edit.waitFor({ state: 'detached' });
      const list = await apiCall<{ formations: { code: string | null; proStartAfter: string | null; contractTypes: string[] }[] }>(admin, 'GET', '/staff/formations');
      expect(list.body.formations.find((f) => f.code === `E2E-${run}`)).toMatchObject({
        proStartAfter: '2026-08-15',
        contractTypes: ['APP', 'PRO'],
        rncpEndDate: '2030-12-31',
      });

      // The team: a colleague invited, who signs in from the mail.
      await admin.goto('/gestion/equipe');
      await admin.getByRole('heading', { level: 1, name: a.title }).waitFor();
      await admin.getByRole('list', { name: a.list.label }).waitFor();
      await expectAxeClean(admin, 'team list');
      await shotBothWidths(admin, `accounts-${lang}-list`);

      const email = `collegue.${run.toLowerCase()}@cfa.example.org`;
      await admin.getByRole('button', { name: a.invite.open }).click();
      const invite = admin.getByRole('dialog', { name: a.invite.title });
      await invite.getByLabel(label(a.invite.email)).fill(email);
      await invite.getByLabel(a.invite.prenom, { exact: true }).fill('Inès');
      await invite.getByLabel(a.invite.nom, { exact: true }).fill(`Collègue ${run}`);
      await expectAxeClean(admin, 'invitation dialog');
      await shotBothWidths(admin, `accounts-${lang}-invite`);
      await invite.getByRole('button', { name: a.invite.send }).click();
      await invite.waitFor({ state: 'detached' });
      await admin.getByText(a.feedback.created.replace('{{email}}', email)).waitFor();

      const mail = await waitForMail(email);
      const colleague = await newPage({ ...PHONE, lang });
      await openMailLink(colleague, mail.link);
      expect((await apiCall(colleague, 'GET', '/staff/formations')).status).toBe(200);
      // Staff do not manage accounts.
      expect((await apiCall(colleague, 'GET', '/staff/accounts')).status).toBe(403);

      // Deactivated after a confirmation: the colleague's session ends.
      const name = `Inès Collègue ${run}`;
      await admin.getByRole('button', { name: a.list.deactivateNamed.replace('{{name}}', name) }).click();
      const confirm = admin.getByRole('dialog', { name: a.confirm.deactivateTitle.replace('{{name}}', name) });
      await expectAxeClean(admin, 'deactivation confirmation');
      await confirm.getByRole('button', { name: a.list.deactivate }).click();
      await admin.getByText(a.feedback.deactivated.replace('{{name}}', name)).waitFor();
      await expect.poll(async () => (await apiCall(colleague, 'GET', '/staff/formations')).status, { timeout: 15_000 }).toBe(401);
      await shotBothWidths(admin, `accounts-${lang}-deactivated`);
      await colleague.close();
      await admin.close();
    });
  }

  it('keeps staff out of the team screen', async () => {
    const staff = await newPage(DESKTOP);
    await signInAs(staff, demo('sophie.roux'));
    await staff.goto('/gestion/equipe');
    await staff.waitForURL((url) => url.pathname !== '/gestion/equipe');
    await staff.goto('/gestion/formations');
    await staff.getByRole('heading', { level: 1, name: frFormations.title }).waitFor();
    await staff.close();
  });
});
