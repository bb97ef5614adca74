import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { ForumBody, StaffCmsSection, StaffPartnersResponse, StaffPublicFilesResponse } from '@passerelle/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enPortal from '../apps/web/src/locales/en-US/portal.json' with { type: 'json' };
import enContent from '../apps/web/src/locales/en-US/staff-content.json' with { type: 'json' };
import frPortal from '../apps/web/src/locales/fr-FR/portal.json' with { type: 'json' };
import frContent from '../apps/web/src/locales/fr-FR/staff-content.json' with { type: 'json' };
import { apiCall, demo, eventually, SAMPLE_PDF, shotBothWidths, tabTo } from './sheets-support.ts';
import { expectAxeClean, newPage, signInAs } from './support.ts';

/**
 * Issue 12, "Content": a coordinator writes the news in French and in English with the keyboard, previews and saves
 * it, adds a public file, a partner and the forum invitation; applicants see them in their language. axe checks every
 * state; pictures at 1280 px and 375 px in both languages. The demo content other journeys read is put back at the end.
 */

const DESKTOP = { width: 1280, height: 900 };
const texts = { 'fr-FR': frContent, 'en-US': enContent } as const;

/** A real square PNG of one colour: the logo the partners card shows. */
function squarePng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** DELETE from the page with the signed-in person's token (204: no body to read). */
async function apiDelete(page: Page, path: string): Promise<number> {
  return page.evaluate(async (p) => {
    const store = JSON.parse(localStorage.getItem('passerelle.store') ?? '{}') as { token?: string };
    return (await fetch(`/api${p}`, { method: 'DELETE', headers: { Authorization: `Bearer ${store.token ?? ''}` } }))
      .status;
  }, path);
}

/** Types into the focused rich-text area: a paragraph with a bold part, then a bulleted list, with the shortcuts. */
async function typeNews(page: Page, boldButton: Locator, intro: string, bold: string, items: string[]) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  // The emptied text may keep the bold of what it held, as in any editor: the toolbar says so, and Ctrl+B turns it off.
  const isBold = await page.evaluate(() => document.queryCommandState('bold'));
  await expect.poll(() => boldButton.getAttribute('aria-pressed')).toBe(String(isBold));
  if (isBold) await page.keyboard.press('Control+B');
  await page.keyboard.type(`${intro} `);
  await page.keyboard.press('Control+B');
  await page.keyboard.type(bold);
  await page.keyboard.press('Control+B');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+Shift+8');
  for (const [index, item] of items.entries()) {
    if (index > 0) await page.keyboard.press('Enter');
    await page.keyboard.type(item);
  }
}

describe('the portal content back office', () => {
  it('a coordinator writes the news in both languages, adds a file, a partner and the forum; applicants see them', async () => {
    const t = frContent;
    const run = randomBytes(3).toString('hex').toUpperCase();
    const staff = await newPage({ ...DESKTOP, lang: 'fr-FR' });
    await signInAs(staff, demo('sophie.roux'));

    // What other journeys read, put back at the end.
    const before = {
      fr: (await apiCall<StaffCmsSection>(staff, 'GET', '/staff/cms/news?lang=fr-FR')).body,
      en: (await apiCall<StaffCmsSection>(staff, 'GET', '/staff/cms/news?lang=en-US')).body,
      forum: (await apiCall<{ forum: ForumBody | null }>(staff, 'GET', '/staff/content/forum')).body.forum,
    };
    const fileName = `Programme du forum ${run}`;
    const partnerName = `Partenaire ${run}`;
    const forumName = `Forum Alternance ${run}`;
    try {
      await staff.goto('/gestion');
      await staff.getByRole('navigation').getByRole('link', { name: 'Contenu' }).first().click();
      await staff.getByRole('heading', { level: 1, name: t.title }).waitFor();
      const editor = staff.getByRole('textbox', { name: t.feed.text });
      await editor.waitFor();
      await expect.poll(() => editor.textContent()).toContain('Forum Alternance du Pôle');
      await expectAxeClean(staff, 'content, the news in French');
      await shotBothWidths(staff, 'content-fr-FR-feed');

      // The French news, with the keyboard only.
      await tabTo(staff, staff.getByRole('textbox', { name: t.feed.title }));
      await staff.keyboard.press('ControlOrMeta+A');
      await staff.keyboard.type(`Actualités ${run}`);
      await staff.keyboard.press('Tab');
      const toolbar = staff.getByRole('toolbar', { name: t.editor.toolbar.replace('{{label}}', t.feed.text) });
      await tabTo(staff, editor);
      await typeNews(
        staff,
        toolbar.getByRole('button', { name: t.editor.bold }),
        `Le forum ${run} approche :`,
        'inscriptions ouvertes',
        ['Atelier CV', 'Atelier entretien'],
      );
      await expect
        .poll(() => toolbar.getByRole('button', { name: t.editor.bulleted }).getAttribute('aria-pressed'))
        .toBe('true');
      await staff.getByText(t.feed.unsaved).waitFor();

      const preview = staff.getByRole('region', { name: t.feed.preview });
      const card = preview.getByRole('region', { name: `Actualités ${run}` });
      await card.locator('strong', { hasText: 'inscriptions ouvertes' }).waitFor();
      expect(await card.getByRole('listitem').allTextContents()).toEqual(['Atelier CV', 'Atelier entretien']);
      await expectAxeClean(staff, 'content, the French news typed, unsaved');
      await shotBothWidths(staff, 'content-fr-FR-feed-typed');

      await tabTo(staff, staff.getByRole('button', { name: t.feed.save }));
      await staff.keyboard.press('Enter');
      await staff
        .getByRole('status')
        .getByText(/^Enregistré le/)
        .waitFor();

      // The English news: an unsaved change asks before the language changes.
      await staff.getByRole('button', { name: t.feed.english }).click();
      await staff.getByRole('textbox', { name: t.feed.title }).fill(`News ${run}`);
      await tabTo(staff, editor);
      await typeNews(
        staff,
        toolbar.getByRole('button', { name: t.editor.bold }),
        `The ${run} fair is coming:`,
        'registration is open',
        ['CV workshop', 'Interview workshop'],
      );
      await staff.getByRole('button', { name: t.feed.french }).click();
      const leave = staff.getByRole('dialog', { name: t.feed.leaveTitle });
      await leave.waitFor();
      await expectAxeClean(staff, 'content, leaving unsaved changes');
      await leave.getByRole('button', { name: t.feed.leaveCancel }).click();
      await leave.waitFor({ state: 'detached' });
      await preview
        .getByRole('region', { name: `News ${run}` })
        .locator('strong', { hasText: 'registration is open' })
        .waitFor();
      await staff.getByRole('button', { name: t.feed.save }).click();
      await staff
        .getByRole('status')
        .getByText(/^Enregistré le/)
        .waitFor();

      // A public file for the home.
      await staff.getByRole('tab', { name: t.tabs.files }).click();
      await staff
        .getByLabel(t.files.file, { exact: true })
        .setInputFiles({ name: 'programme.pdf', mimeType: 'application/pdf', buffer: SAMPLE_PDF });
      await staff.getByRole('textbox', { name: t.files.name }).fill(fileName);
      await staff.getByRole('button', { name: t.files.upload }).click();
      await staff.getByRole('status').getByText(t.files.uploaded.replace('{{name}}', fileName)).waitFor();
      await staff.getByRole('heading', { name: fileName }).waitFor();
      await expectAxeClean(staff, 'content, public files');
      await shotBothWidths(staff, 'content-fr-FR-files');

      // A partner with its logo.
      await staff.getByRole('tab', { name: t.tabs.partners }).click();
      await staff.getByRole('button', { name: t.partners.add }).click();
      const dialog = staff.getByRole('dialog', { name: t.partners.addTitle });
      await dialog.getByRole('textbox', { name: t.partners.name }).fill(partnerName);
      await dialog.getByRole('textbox', { name: t.partners.web }).fill('http://partenaire.example.fr');
      await dialog
        .getByLabel(t.partners.logo, { exact: true })
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: squarePng(64, [0, 110, 80]) });
      await dialog.getByRole('img', { name: t.partners.logoPreview }).waitFor();
      await dialog.getByRole('button', { name: t.actions.save }).click();
      await dialog.getByText(t.partners.webInvalid).waitFor();
      await expectAxeClean(staff, 'content, partner dialog with an error');
      await shotBothWidths(staff, 'content-fr-FR-partner-dialog');
      await dialog.getByRole('textbox', { name: t.partners.web }).fill('https://partenaire.example.fr/recrutement');
      await dialog.getByRole('button', { name: t.actions.save }).click();
      await dialog.waitFor({ state: 'detached' });
      await staff.getByRole('heading', { name: partnerName }).waitFor();
      await expectAxeClean(staff, 'content, partners');
      await shotBothWidths(staff, 'content-fr-FR-partners');

      // The forum invitation.
      await staff.getByRole('tab', { name: t.tabs.forum }).click();
      await staff.getByRole('textbox', { name: t.forum.name }).fill(forumName);
      await staff.getByLabel(t.forum.date).fill('2027-03-18');
      await staff.getByRole('textbox', { name: t.forum.link }).fill('https://forum.example.fr/inscription');
      await staff.getByRole('button', { name: t.actions.save }).click();
      await staff.getByRole('status').getByText(t.forum.savedShown).waitFor();
      await expectAxeClean(staff, 'content, forum');
      await shotBothWidths(staff, 'content-fr-FR-forum');

      // A French applicant: the news, the file, the partner and the forum.
      const camille = await newPage({ ...DESKTOP, lang: 'fr-FR' });
      await signInAs(camille, demo('camille.martin'));
      await camille.goto('/espace-admissible');
      const news = camille.locator('#news');
      await news.getByRole('heading', { name: `Actualités ${run}` }).waitFor();
      await news.locator('strong', { hasText: 'inscriptions ouvertes' }).waitFor();
      await camille.locator('#documents').getByText(fileName).waitFor();
      await expectAxeClean(camille, 'applicant home with the new content');
      await camille.goto('/espace-admissible/recherche');
      await camille
        .locator('#partners')
        .getByRole('link', { name: frPortal.partners.visit.replace('{{name}}', partnerName) })
        .waitFor();
      await camille.locator('#forum').getByText(forumName).waitFor();
      await expectAxeClean(camille, 'applicant search with the partner and the forum');

      // An English applicant reads the English news.
      const olivia = await newPage({ ...DESKTOP, lang: 'en-US' });
      await signInAs(olivia, demo('olivia.smith'));
      await olivia.goto('/espace-admissible');
      await olivia
        .locator('#news')
        .getByRole('heading', { name: `News ${run}` })
        .waitFor();
      await olivia.locator('#news').locator('strong', { hasText: 'registration is open' }).waitFor();
      await olivia.goto('/espace-admissible/recherche');
      await olivia
        .locator('#partners')
        .getByRole('link', { name: enPortal.partners.visit.replace('{{name}}', partnerName) })
        .waitFor();
      await shotBothWidths(olivia, 'content-en-US-applicant-search');
    } finally {
      // Put back the demo's news and forum; remove the file and the partner.
      for (const [lang, section] of [
        ['fr-FR', before.fr],
        ['en-US', before.en],
      ] as const)
        await apiCall(staff, 'PUT', `/staff/cms/news?lang=${lang}`, { title: section.title, text: section.text });
      if (before.forum) await apiCall(staff, 'PUT', '/staff/content/forum', before.forum);
      const files = (await apiCall<StaffPublicFilesResponse>(staff, 'GET', '/staff/content/public-files')).body.files;
      for (const file of files.filter((f) => f.name === fileName))
        expect(await apiDelete(staff, `/staff/content/public-files/${file.id}`)).toBe(204);
      const partners = (await apiCall<StaffPartnersResponse>(staff, 'GET', '/staff/content/partners')).body.partners;
      for (const partner of partners.filter((p) => p.nom === partnerName))
        expect(await apiDelete(staff, `/staff/content/partners/${partner.id}`)).toBe(204);
    }
  });

  it('shows every tab in English, without axe violations, at both widths', async () => {
    const t = texts['en-US'];
    const staff = await newPage({ ...DESKTOP, lang: 'en-US' });
    await signInAs(staff, demo('sophie.roux'));
    await staff.goto('/gestion/contenu');
    await staff.getByRole('heading', { level: 1, name: t.title }).waitFor();
    await staff.getByRole('button', { name: t.feed.english }).click();
    await eventually(() => staff.getByRole('textbox', { name: t.feed.title }).inputValue()).toBe('News');
    await expectAxeClean(staff, 'content in English, feed');
    await shotBothWidths(staff, 'content-en-US-feed');
    for (const tab of ['files', 'partners', 'forum'] as const) {
      await staff.getByRole('tab', { name: t.tabs[tab] }).click();
      await staff.getByRole('tabpanel').getByRole('heading', { level: 2 }).first().waitFor();
      await expectAxeClean(staff, `content in English, ${tab}`);
      await shotBothWidths(staff, `content-en-US-${tab}`);
    }
  });
});
