import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enCommon from '../apps/web/src/locales/en-US/common.json' with { type: 'json' };
import enPortal from '../apps/web/src/locales/en-US/portal.json' with { type: 'json' };
import enOffers from '../apps/web/src/locales/en-US/staff-offers.json' with { type: 'json' };
import enWorkshops from '../apps/web/src/locales/en-US/staff-workshops.json' with { type: 'json' };
import frCommon from '../apps/web/src/locales/fr-FR/common.json' with { type: 'json' };
import frPortal from '../apps/web/src/locales/fr-FR/portal.json' with { type: 'json' };
import frOffers from '../apps/web/src/locales/fr-FR/staff-offers.json' with { type: 'json' };
import frWorkshops from '../apps/web/src/locales/fr-FR/staff-workshops.json' with { type: 'json' };
import { apiCall, demo, expectNoHorizontalOverflow, tabTo } from './sheets-support.ts';
import { axeViolations, newPage, openMailLink, shot, signInAs, waitForMail, waitUntilSettled } from './support.ts';

/**
 * Issue 12, "Job offers" and "Workshops": a coordinator creates an offer and a workshop with the keyboard; a freshly
 * imported applicant of the workshop's school finds the offer in the search and registers to the workshop; the
 * coordinator sees the registrant, expires the offer, and the applicant no longer finds it; the workshop, cancelled,
 * mails its registrant. Fresh titles each run: the demo offers and workshops other journeys read are left alone.
 */

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const texts = {
  'fr-FR': { offers: frOffers, workshops: frWorkshops, portal: frPortal, common: frCommon },
  'en-US': { offers: enOffers, workshops: enWorkshops, portal: enPortal, common: enCommon },
} as const;

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
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
/** A word of letters only, new each run: the French full-text search reads it as one plain word. */
const freshWord = () => Array.from({ length: 9 }, () => String.fromCharCode(97 + randomInt(26))).join('');
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Focuses a field and types into it, as a person does with the keyboard. */
async function typeInto(page: Page, field: ReturnType<Page['getByLabel']>, value: string) {
  await field.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(value);
}

/** A new applicant of an ESILV formation, imported and invited by staff; answers the address. */
async function importApplicant(staff: Page, word: string): Promise<string> {
  const { body } = await apiCall<{ formations: { libelle: string; code: string | null; school: { code: string } }[] }>(
    staff,
    'GET',
    '/staff/formations',
  );
  const formation = body.formations.find((f) => f.school.code === 'ESILV');
  if (!formation) throw new Error('no ESILV formation in the demo data');
  const email = `alternant.${word}@example.org`;
  const csv = `nom;prenom;email;ecole;formation\nTesteur;Alex;${email};ESILV;${formation.code ?? formation.libelle}\n`;
  const imported = await staff.evaluate(async (text) => {
    const store = JSON.parse(localStorage.getItem('passerelle.store') ?? '{}') as { token?: string };
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/csv' }), 'admis.csv');
    const res = await fetch('/api/staff/applicants/import?dryRun=false', {
      method: 'POST',
      headers: { Authorization: `Bearer ${store.token ?? ''}` },
      body: form,
    });
    return (await res.json()) as { imported: number; ids: number[] };
  }, csv);
  expect(imported.imported).toBe(1);
  expect((await apiCall(staff, 'POST', '/staff/applicants/invite', { ids: imported.ids })).status).toBe(200);
  return email;
}

describe('offers and workshops in the back office', () => {
  for (const lang of ['fr-FR', 'en-US'] as const) {
    // A long journey (two accounts, an offer, a workshop, a registration and its mail): took 57-60 s on a loaded CI
    // machine, at the project's 60 s default; its own limit, as the other long journeys have.
    it(
      `a coordinator publishes an offer and a workshop an applicant uses, then expires the offer (${lang})`,
      { timeout: 180_000 },
      async () => {
        const { offers: o, workshops: w, portal: p, common: c } = texts[lang];
        const word = freshWord();
        const offerTitle = `Chargé de projet ${word}`;
        const workshopTitle = `Atelier ${word}`;
        const staff = await newPage({ ...DESKTOP, lang });
        await signInAs(staff, demo('sophie.roux'));

        // ---- The offer, with the keyboard ----
        await staff.goto('/gestion/offres');
        await staff.getByRole('heading', { level: 1, name: o.title }).waitFor();
        await staff.getByRole('heading', { level: 3 }).first().waitFor();
        await expectAxeClean(staff, 'offers list');
        await shotBothWidths(staff, `offers-${lang}-list`);
        await tabTo(staff, staff.getByRole('button', { name: o.list.add }).first());
        await staff.keyboard.press('Enter');
        const offerDialog = staff.getByRole('dialog', { name: o.form.createTitle });
        await typeInto(staff, offerDialog.getByLabel(label(o.form.linkUrl)), 'http://insecure.example.fr');
        await staff.keyboard.press('Enter');
        await expect.poll(() => offerDialog.getByLabel(label(o.form.title)).getAttribute('aria-invalid')).toBe('true');
        await expectAxeClean(staff, 'offer dialog with errors');
        await shotBothWidths(staff, `offers-${lang}-dialog-errors`);
        await typeInto(staff, offerDialog.getByLabel(label(o.form.title)), offerTitle);
        await typeInto(staff, offerDialog.getByLabel(label(o.form.companyName)), 'Zéphyr Logiciels');
        await typeInto(
          staff,
          offerDialog.getByLabel(label(o.form.description)),
          `Pilotage des projets ${word} avec une équipe de six personnes.`,
        );
        await typeInto(staff, offerDialog.getByLabel(label(o.form.linkUrl)), 'https://zephyr.example.fr/offres/42');
        await staff.keyboard.press('Enter');
        await offerDialog.waitFor({ state: 'detached' });
        await staff.getByText(fill(o.feedback.saved, { title: offerTitle })).waitFor();

        // ---- The workshop ----
        await staff.goto('/gestion/ateliers');
        await staff.getByRole('heading', { level: 1, name: w.title }).waitFor();
        await staff.getByRole('region', { name: w.list.upcoming }).waitFor();
        await expectAxeClean(staff, 'workshops list');
        await shotBothWidths(staff, `workshops-${lang}-list`);
        await tabTo(staff, staff.getByRole('button', { name: w.list.add }).first());
        await staff.keyboard.press('Enter');
        const workshopDialog = staff.getByRole('dialog', { name: w.form.createTitle });
        const school = workshopDialog.getByLabel(label(w.form.school));
        await school.focus();
        await school.selectOption({ label: 'ESILV (ESILV)' }).catch(async () => {
          const options = await school.locator('option').allTextContents();
          await school.selectOption({ label: options.find((text) => text.includes('ESILV')) ?? '' });
        });
        await typeInto(staff, workshopDialog.getByLabel(label(w.form.title)), workshopTitle);
        await workshopDialog.getByLabel(label(w.form.date)).fill(isoDay(20));
        await workshopDialog.getByLabel(label(w.form.startHour)).fill('14:00');
        await workshopDialog.getByLabel(label(w.form.endHour)).fill('13:00');
        await typeInto(staff, workshopDialog.getByLabel(label(w.form.quota)), '5');
        await staff.keyboard.press('Enter');
        await workshopDialog
          .getByText(
            lang === 'fr-FR'
              ? 'Choisissez une heure de fin postérieure à l’heure de début.'
              : 'Choose an end time after the start time.',
          )
          .waitFor();
        await expectAxeClean(staff, 'workshop dialog with errors');
        await shotBothWidths(staff, `workshops-${lang}-dialog-errors`);
        await workshopDialog.getByLabel(label(w.form.endHour)).fill('16:00');
        await workshopDialog.getByLabel(label(w.form.quota)).focus();
        await staff.keyboard.press('Enter');
        await workshopDialog.waitFor({ state: 'detached' });
        await staff.getByText(fill(w.feedback.saved, { title: workshopTitle })).waitFor();

        // ---- The applicant finds the offer and registers ----
        const email = await importApplicant(staff, word);
        const mail = await waitForMail(email);
        const applicant = await newPage({ ...DESKTOP, lang });
        await openMailLink(applicant, mail.link);
        await applicant.goto('/espace-admissible/recherche');
        const offersCard = applicant.locator('#offers');
        await offersCard.getByRole('searchbox', { name: p.offers.searchLabel }).fill(word);
        await offersCard.getByRole('heading', { level: 3, name: offerTitle }).waitFor();
        const card = applicant.locator('#workshops');
        await card.getByRole('button', { name: fill(p.workshops.registerTo, { title: workshopTitle }) }).click();
        await applicant
          .getByRole('dialog', { name: p.workshops.confirmRegisterTitle })
          .getByRole('button', { name: c.actions.yes })
          .click();
        await card.getByText(p.workshops.registeredSuccess).waitFor();

        // ---- The coordinator sees the registrant ----
        await staff.reload();
        const upcoming = staff.getByRole('region', { name: w.list.upcoming });
        await tabTo(
          staff,
          upcoming.getByRole('button', { name: fill(w.list.registrantsNamed_one, { title: workshopTitle, count: 1 }) }),
        );
        await staff.keyboard.press('Enter');
        const registrants = staff.getByRole('dialog', { name: fill(w.registrants.title, { title: workshopTitle }) });
        await registrants.getByText(email).waitFor();
        await expectAxeClean(staff, 'registrants dialog');
        await shotBothWidths(staff, `workshops-${lang}-registrants`);
        await staff.keyboard.press('Escape');
        await registrants.waitFor({ state: 'detached' });

        // ---- The coordinator expires the offer; the applicant no longer finds it ----
        await staff.goto('/gestion/offres');
        await staff.getByRole('searchbox', { name: o.filters.search }).fill(word);
        await staff.getByRole('heading', { level: 3, name: offerTitle }).waitFor();
        await staff.getByRole('button', { name: fill(o.list.expireNamed, { title: offerTitle }) }).click();
        const confirm = staff.getByRole('dialog', { name: o.confirm.expireTitle });
        await expectAxeClean(staff, 'expire confirmation');
        await confirm.getByRole('button', { name: o.list.expire }).click();
        await staff.getByText(fill(o.feedback.expire, { title: offerTitle })).waitFor();
        await staff
          .getByRole('region', { name: o.list.label })
          .getByText(o.list.expiredChip, { exact: true })
          .waitFor();
        await expectAxeClean(staff, 'offers list with an expired offer');
        await shotBothWidths(staff, `offers-${lang}-expired`);

        await applicant.reload();
        await applicant.locator('#offers').getByRole('searchbox', { name: p.offers.searchLabel }).fill(word);
        await applicant.locator('#offers').getByText(p.offers.emptyFiltered).waitFor();
        expect(await applicant.getByRole('heading', { level: 3, name: offerTitle }).count()).toBe(0);

        // ---- The workshop is cancelled: its registrant gets a mail ----
        await staff.goto('/gestion/ateliers');
        await staff.getByRole('button', { name: fill(w.list.deleteNamed, { title: workshopTitle }) }).click();
        const deletion = staff.getByRole('dialog', { name: w.confirm.deleteTitle });
        await deletion.getByText(fill(w.confirm.deleteRegistered_one, { title: workshopTitle, count: 1 })).waitFor();
        await deletion.getByRole('button', { name: w.list.delete }).click();
        await staff.getByText(fill(w.feedback.deleted_one, { title: workshopTitle, count: 1 })).waitFor();
        const cancelled = await waitForMail(email, mail.file);
        expect(cancelled.subject).toContain(workshopTitle);
      },
    );
  }
});
