import { describe, expect, it } from 'vitest';
import enTables from '../apps/web/src/locales/en-US/staff-reference-tables.json' with { type: 'json' };
import frTables from '../apps/web/src/locales/fr-FR/staff-reference-tables.json' with { type: 'json' };
import enReferences from '../apps/web/src/locales/en-US/staff-references.json' with { type: 'json' };
import frReferences from '../apps/web/src/locales/fr-FR/staff-references.json' with { type: 'json' };
import { demo, shotBothWidths } from './sheets-support.ts';
import { escapeRegExp, expectAxeClean, newPage, signInAs } from './support.ts';

/**
 * Issue 28, reference tables: the demo admin opens the reference tables (each with its source, date and rows), loads a
 * file with a wrong line (refused under the file, nothing replaced), then a right one (the table replaced, who loaded it
 * shown). The references screen shows the SMIC's source. axe on each state; pictures at 375 and 1280 px in both languages.
 */

const texts = { 'fr-FR': frTables, 'en-US': enTables } as const;
const references = { 'fr-FR': frReferences, 'en-US': enReferences } as const;
const label = (text: string) => new RegExp(`^${escapeRegExp(text)}`);

/** 800 IDCC -> OPCO rows: above the table's floor (150). */
function opcoCsv(badLine: boolean): Buffer {
  const lines = ['idcc;opco'];
  for (let i = 1; i <= 800; i += 1) lines.push(`${i};${i % 2 ? 'AKTO' : 'OPCO 2i'}`);
  if (badLine) lines.push('12345;AKTO');
  return Buffer.from(lines.join('\n'));
}

describe('the reference tables in the settings', () => {
  for (const lang of ['fr-FR', 'en-US'] as const) {
    it(`the admin replaces the IDCC -> OPCO table from a CSV (${lang})`, async () => {
      const t = texts[lang];
      const admin = await newPage({ width: 1280, height: 900, lang });
      await signInAs(admin, demo('admin'));
      await admin.goto('/gestion/parametres/tables');
      await admin.getByRole('heading', { level: 1, name: t.title }).waitFor();
      const opco = admin.getByRole('region', { name: t.tables['idcc-opco'].name });
      await opco.waitFor();
      await admin.getByRole('region', { name: t.tables.postcodes.name }).getByText(/35[\s,.\u202f]?539/).waitFor();
      await expectAxeClean(admin, 'reference tables');
      await shotBothWidths(admin, `reference-tables-${lang}`);

      await opco.getByRole('button').click();
      const dialog = admin.getByRole('dialog');
      await dialog.waitFor();
      await dialog.locator('input[type="file"]').setInputFiles({ name: 'opco.csv', mimeType: 'text/csv', buffer: opcoCsv(true) });
      await dialog.getByLabel(label(t.upload.source)).fill(lang === 'fr-FR' ? 'Ministère du Travail' : 'Ministry of Labour');
      await dialog.getByLabel(label(t.upload.sourceDate)).fill('2026-11-01');
      await dialog.getByRole('button', { name: t.upload.save }).click();
      await dialog.getByText(lang === 'fr-FR' ? /^Ligne 802 : « 12345 »/ : /^Line 802: “12345”/).waitFor();
      await expectAxeClean(admin, 'reference table refused');
      await shotBothWidths(admin, `reference-tables-${lang}-refused`);

      await dialog.locator('input[type="file"]').setInputFiles({ name: 'opco.csv', mimeType: 'text/csv', buffer: opcoCsv(false) });
      await dialog.getByRole('button', { name: t.upload.save }).click();
      await admin.getByRole('status').getByText(/800/).waitFor();
      expect(await opco.textContent()).toMatch(/800/);
      await expectAxeClean(admin, 'reference table replaced');
      await shotBothWidths(admin, `reference-tables-${lang}-replaced`);

      await admin.goto('/gestion/references');
      await admin.getByRole('table', { name: references[lang].smic.tableLabel }).getByText(/2025-1228/).waitFor();
      await expectAxeClean(admin, 'references with the SMIC sources');
      await shotBothWidths(admin, `references-smic-${lang}`);
    });
  }
});
