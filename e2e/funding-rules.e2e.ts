import type { StaffFormation, StaffSchoolsResponse } from '@passerelle/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enSheets from '../apps/web/src/locales/en-US/sheets.json' with { type: 'json' };
import enStaffCase from '../apps/web/src/locales/en-US/staff-case.json' with { type: 'json' };
import frSheets from '../apps/web/src/locales/fr-FR/sheets.json' with { type: 'json' };
import frStaffCase from '../apps/web/src/locales/fr-FR/staff-case.json' with { type: 'json' };
import { acceptWithTerms, caseAwaitingTheSchool, type Lang } from './case-seed.ts';
import { apiCall, demo, shotBothWidths } from './sheets-support.ts';
import { expectAxeClean, newPage, signInAs } from './support.ts';

/**
 * Issue 28, the 2025 funding rules (decision 0044): a level-7 programme, 1 020 of its 1 200 hours remote, made by staff
 * in the back office's API; an applicant imported into it, whose case reaches the funding terms through the product's
 * API. Staff read on the case page the 750 € employer share and the OPCO's funding lowered by 20 %, with why, and that
 * the official CERFA form is not installed (the test portal has none: the contract would be a trial copy); the employer
 * reads the same rules on the funding screen. Both screens axe-clean, at 375 and 1280 px, in French and in English.
 */

const texts = {
  'fr-FR': {
    sheets: frSheets,
    staffCase: frStaffCase,
    share: '750,00 € à la charge de l’employeur',
    reduced: '6 400,00 € par an au lieu de 8 000,00 €',
    employerShare: '750,00 € à votre charge',
  },
  'en-US': {
    sheets: enSheets,
    staffCase: enStaffCase,
    share: '€750.00 paid by the employer',
    reduced: '€6,400.00 per year instead of €8,000.00',
    employerShare: '€750.00 paid by you',
  },
} as const;

/** The first of September after today: the programme's start, so that its contracts are concluded from now on. */
function nextSeptember(): string {
  const today = new Date();
  const year = today.getUTCMonth() >= 8 ? today.getUTCFullYear() + 1 : today.getUTCFullYear();
  return `${year}-09-01`;
}

/** A level-7 programme of EMLV, mostly remote, made through the back office's API; its code for the import. */
async function levelSevenFormation(staff: Page): Promise<string> {
  const schools = await apiCall<StaffSchoolsResponse>(staff, 'GET', '/staff/schools');
  const emlv = schools.body.schools.find((school) => school.code === 'EMLV');
  expect(emlv, 'the demo school EMLV').toBeDefined();
  const start = nextSeptember();
  const code = `E2E-L7-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const created = await apiCall<{ formation: StaffFormation }>(staff, 'POST', '/staff/formations', {
    schoolId: emlv?.id,
    libelle: 'Mastère Data Management — à distance',
    code,
    level: 4,
    year: Number(start.slice(0, 4)),
    contractTypes: ['APP'],
    trainingStart: start,
    trainingEnd: `${Number(start.slice(0, 4)) + 2}-08-31`,
    rncp: 'RNCP37512',
    codeDiplome: '16X32605',
    hours: 1200,
    remoteHours: 1020,
    rncpLevel: 7,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return code;
}

/** An applicant of the programme `code`, imported by staff from a one-line CSV as a school sends it. */
async function applicantOf(staff: Page, code: string, lang: Lang): Promise<string> {
  const email = `camille.durand.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.org`;
  const csv = `NOM;Prénom;Courriel;École;Code formation;Langue\r\nDurand;Camille;${email};EMLV;${code};${lang === 'en-US' ? 'en' : 'fr'}\r\n`;
  const imported = await staff.evaluate(async (text) => {
    const store = JSON.parse(localStorage.getItem('passerelle.store') ?? '{}') as { token?: string };
    const body = new FormData();
    body.append('file', new Blob([text], { type: 'text/csv' }), 'admis.csv');
    const res = await fetch('/api/staff/applicants/import', {
      method: 'POST',
      headers: { Authorization: `Bearer ${store.token ?? ''}`, Accept: 'application/json' },
      body,
    });
    return { status: res.status, body: (await res.json()) as { imported?: number } };
  }, csv);
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  expect(imported.body.imported).toBe(1);
  return email;
}

/** A region's text, its no-break and narrow no-break spaces (fr-FR amounts) read as spaces. */
const textOf = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/[\u00a0\u202f]/gu, ' ');

describe.each(['fr-FR', 'en-US'] as const)('the 2025 funding rules of a level-7 contract (%s)', (lang) => {
  const t = texts[lang];

  it(
    'shows staff the 750 € share and the lowered funding with why, and the employer the same on its screen',
    { timeout: 180_000 },
    async () => {
      const viewport = { width: 1280, height: 900 };
      const staff = await newPage({ ...viewport, lang });
      await signInAs(staff, demo('sophie.roux'));
      const code = await levelSevenFormation(staff);
      const seed = await caseAwaitingTheSchool(await applicantOf(staff, code, lang), lang, viewport);
      await acceptWithTerms(staff, seed.id);

      // ---------- The case page's funding section ----------
      await staff.goto(`/gestion/dossiers/${seed.id}`);
      const section = staff.getByRole('region', { name: t.staffCase.contract.title });
      await section.waitFor();
      await expect.poll(() => textOf(section)).toContain(t.share);
      const text = await textOf(section);
      expect(text).toContain(t.staffCase.contract.edition.replace('{{edition}}', '10103*14'));
      expect(text).toContain(t.staffCase.contract.template.missing.title);
      expect(text).toContain(t.staffCase.contract.rulesToday);
      expect(text).toContain(t.reduced);
      const rules = section.getByRole('region', { name: t.staffCase.contract.rulesTitle });
      const why = await textOf(rules);
      expect(why).toMatch(lang === 'fr-FR' ? /niveau 7 \(6 ou plus\)/ : /level 7 \(6 or above\)/);
      expect(why).toMatch(lang === 'fr-FR' ? /85 % des heures/ : /85% of the training hours/);
      await expectAxeClean(staff, 'case page, contract and funding');
      await shotBothWidths(staff, `funding-rules-case-${lang}`);
      await staff.setViewportSize({ width: 375, height: 812 });
      await expectAxeClean(staff, 'case page, contract and funding, 375 px');

      // ---------- The employer's funding screen ----------
      const employer = seed.employer;
      await employer.goto(`/employeur/validation-financement/${seed.id}`);
      const employerRules = employer.getByRole('region', { name: t.sheets.funding.rules.title });
      await employerRules.waitFor();
      await expect.poll(() => textOf(employerRules)).toContain(t.employerShare);
      expect(await textOf(employerRules)).toContain(t.reduced);
      await expectAxeClean(employer, 'funding screen with the 2025 rules');
      await shotBothWidths(employer, `funding-rules-employer-${lang}`);
      await employer.setViewportSize({ width: 375, height: 812 });
      await expectAxeClean(employer, 'funding screen with the 2025 rules, 375 px');
    },
  );
});
