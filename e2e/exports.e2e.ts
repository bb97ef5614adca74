import { readFileSync } from 'node:fs';
import type { StaffDossiersResponse } from '@passerelle/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enExports from '../apps/web/src/locales/en-US/staff-exports.json' with { type: 'json' };
import enReferences from '../apps/web/src/locales/en-US/staff-references.json' with { type: 'json' };
import frExports from '../apps/web/src/locales/fr-FR/staff-exports.json' with { type: 'json' };
import frReferences from '../apps/web/src/locales/fr-FR/staff-references.json' with { type: 'json' };
import { apiCall, demo, expectNoHorizontalOverflow } from './sheets-support.ts';
import { expectAxeClean, newPage, shot, signInAs, waitUntilSettled } from './support.ts';

/**
 * Issue 12, "Exports" and "The reference tables": a coordinator filters the pipeline and downloads its cases as CSV
 * (the file has the byte-order mark, semicolons, and exactly the filtered cases); the exports and the reference values
 * screens pass axe; pictures at 1280 px and 375 px in both languages.
 */

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const exportTexts = { 'fr-FR': frExports, 'en-US': enExports } as const;
const referenceTexts = { 'fr-FR': frReferences, 'en-US': enReferences } as const;

async function shotBothWidths(page: Page, name: string) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await waitUntilSettled(page);
    if (size === PHONE) await expectNoHorizontalOverflow(page);
    await shot(page, name);
  }
}

describe('back-office exports and reference values', () => {
  it('a coordinator downloads the cases the pipeline shows under a filter', async () => {
    const t = exportTexts['fr-FR'];
    const staff = await newPage({ ...DESKTOP, lang: 'fr-FR' });
    await signInAs(staff, demo('sophie.roux'));
    const filter = 'waitingFor=school';
    const listed = await apiCall<StaffDossiersResponse>(staff, 'GET', `/staff/dossiers?${filter}&pageSize=100`);
    expect(listed.body.total).toBeGreaterThan(0);
    const everyCase = await apiCall<StaffDossiersResponse>(staff, 'GET', '/staff/dossiers?pageSize=100');
    const outside = everyCase.body.items.find((item) => !listed.body.items.some((shown) => shown.id === item.id));

    await staff.goto(`/gestion?${filter}`);
    await staff.getByRole('button', { name: t.cases.button }).waitFor();
    await shotBothWidths(staff, 'exports-pipeline');
    await staff.setViewportSize(DESKTOP);
    const downloading = staff.waitForEvent('download');
    await staff.getByRole('button', { name: t.cases.button }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('dossiers.csv');
    const text = readFileSync(await download.path()).toString('utf8');
    expect(text.startsWith('\uFEFFDossier;Statut;')).toBe(true);
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines).toHaveLength(listed.body.total + 1);
    const ids = lines.slice(1).map((line) => Number(line.split(';')[0]));
    expect(ids).toEqual(listed.body.items.map((item) => item.id).sort((a, b) => a - b));
    for (const line of lines.slice(1)) expect(line).toContain(";L'école;");
    if (outside) expect(ids).not.toContain(outside.id);
    await staff.context().close();
  });

  for (const lang of ['fr-FR', 'en-US'] as const) {
    it(`the exports and reference values screens read well and pass axe (${lang})`, async () => {
      const t = exportTexts[lang];
      const r = referenceTexts[lang];
      const admin = await newPage({ ...DESKTOP, lang });
      await signInAs(admin, demo('admin'));

      await admin.goto('/gestion/exports');
      await admin.getByRole('heading', { level: 1, name: t.title }).waitFor();
      await admin.getByRole('region', { name: t.registrants.title }).waitFor();
      await expectAxeClean(admin, 'exports');
      await shotBothWidths(admin, `exports-${lang}`);

      await admin.goto('/gestion/references');
      await admin.getByRole('heading', { level: 1, name: r.title }).waitFor();
      await admin.getByRole('table', { name: r.smic.tableLabel }).waitFor();
      await expectAxeClean(admin, 'reference values');
      await shotBothWidths(admin, `references-${lang}`);

      await admin.setViewportSize(DESKTOP);
      await admin.getByRole('button', { name: r.smic.add.open }).click();
      const dialog = admin.getByRole('dialog', { name: r.smic.add.title });
      await dialog.getByRole('button', { name: r.smic.add.save }).click();
      await expect
        .poll(() => dialog.getByLabel(new RegExp(`^${r.smic.validFrom}`)).getAttribute('aria-invalid'))
        .toBe('true');
      await expectAxeClean(admin, 'SMIC dialog with errors');
      await shotBothWidths(admin, `references-${lang}-dialog`);
      await admin.context().close();
    });
  }
});
