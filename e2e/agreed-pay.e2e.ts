import { execFileSync } from 'node:child_process';
import { formatRuleMessage, minimumAmount, type SalaryGridResponse, type SheetResponse } from '@passerelle/contract';
import { describe, expect, it } from 'vitest';
import enSheets from '../apps/web/src/locales/en-US/sheets.json' with { type: 'json' };
import enSignature from '../apps/web/src/locales/en-US/signature.json' with { type: 'json' };
import enStaffCase from '../apps/web/src/locales/en-US/staff-case.json' with { type: 'json' };
import frSheets from '../apps/web/src/locales/fr-FR/sheets.json' with { type: 'json' };
import frSignature from '../apps/web/src/locales/fr-FR/signature.json' with { type: 'json' };
import frStaffCase from '../apps/web/src/locales/fr-FR/staff-case.json' with { type: 'json' };
import { acceptWithTerms, caseAwaitingTheSchool, freshApplicant, type Lang } from './case-seed.ts';
import { apiCall, confirmSend, demo, eventually, isoPlusDays, shotBothWidths, waitSaved } from './sheets-support.ts';
import {
  expectAxeClean,
  escapeRegExp,
  lastMailFile,
  newPage,
  openMailLink,
  signInAs,
  waitForMailWhere,
} from './support.ts';

/**
 * Issue 28, pay above the minimum: an employer opens the contract step of its information sheet, reads the legal
 * minimum beside each period of the contract, is refused a rate below it (the message under the period's field), agrees
 * more, sends the sheet; staff prepare the contract, and the CERFA the employer's signatory downloads from the signing
 * screen prints the agreed rate and amount, not the minimum (read with pdftotext). The case is seeded through the
 * product's API as the other journeys do (case-seed.ts): a fresh applicant, a fresh company contact.
 */

const texts = {
  'fr-FR': { sheets: frSheets, signature: frSignature, staffCase: frStaffCase },
  'en-US': { sheets: enSheets, signature: enSignature, staffCase: enStaffCase },
} satisfies Record<Lang, unknown>;

/** Higher than any minimum of the apprenticeship grid (100 % at most). */
const AGREED_RATE = 120;
/** Below every minimum of the grid (27 % at least). */
const LOW_RATE = 20;

const frEuros = (value: number) =>
  new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    .format(value)
    .replace(/[\u00a0\u202f]/gu, ' ');

/** The text of a downloaded PDF, its no-break spaces as plain ones. */
function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[\u00a0\u202f]/gu, ' ');
}

async function journey(lang: Lang, viewport: { width: number; height: number }) {
  const t = texts[lang];
  const short = lang === 'fr-FR' ? 'fr' : 'en';
  const staff = await newPage({ ...viewport, lang });
  await signInAs(staff, demo('sophie.roux'));
  const seed = await caseAwaitingTheSchool(await freshApplicant(staff, lang), lang, viewport);
  const { id, employer } = seed;
  await acceptWithTerms(staff, id);
  const funding = await apiCall(employer, 'POST', `/employeurs/validation-financement/${id}`, { decision: 'accepted' });
  expect(funding.status, JSON.stringify(funding.body)).toBe(200);
  // The employer's part as a draft, every field but the pay periods: those are agreed in the page. The contract ends
  // six weeks after the training (within the two months allowed), so that it has a second year: two periods.
  const base = seed.data.fre(seed.data.f1ce(seed.formation));
  const fre = {
    ...base,
    contrat: { ...base.contrat, dateFinContrat: isoPlusDays(seed.formation?.dateFinFormation ?? '2027-07-31', 46) },
  };
  const draft = await apiCall<SheetResponse<'fre'>>(employer, 'PUT', `/employeurs/fiche-renseignement/${id}`, fre);
  expect(draft.status, JSON.stringify(draft.body)).toBe(200);
  expect(draft.body.data.contrat?.remunerationsAnnuelles).toBeUndefined();

  // The contract's periods and minimums, as the grid computes them.
  const grid = await apiCall<SalaryGridResponse>(
    employer,
    'GET',
    `/sheets/salary-grid?date=${fre.contrat.dateDebutContrat}&dateNaissance=${seed.data.fra.apprenti.dateNaissance}&dateFinContrat=${fre.contrat.dateFinContrat}`,
  );
  const periods = grid.body.periodes;
  const first = periods[0];
  const last = periods.at(-1);
  if (!first || !last || periods.length < 2) throw new Error(`the contract has ${periods.length} pay period(s)`);

  // ---------- The employer, on the contract step of its information sheet ----------
  await employer.goto(`/employeur/fiche-renseignement/${id}`);
  await employer.getByRole('heading', { level: 1, name: t.sheets.info.title.fre }).waitFor();
  await employer.getByRole('tab', { name: new RegExp(escapeRegExp(t.sheets.info.steps.contract)) }).click();
  const pay = employer.getByRole('region', { name: t.sheets.salary.pay.title });
  await pay.waitFor();
  const group = (ordre: string) =>
    pay.getByRole('group', {
      name: new RegExp(
        `^${escapeRegExp(t.sheets.salary.pay.legend.split('{{ordre}}')[0] ?? '')}${escapeRegExp(ordre)}\\b`,
      ),
    });
  const rateOf = (ordre: string, base: string) =>
    group(ordre).getByLabel(t.sheets.salary.pay.rate.replace('{{base}}', base), { exact: true });
  const amountOf = (ordre: string) => group(ordre).getByLabel(t.sheets.salary.pay.amount, { exact: true });

  // Each period shows its legal minimum.
  for (const period of periods)
    await group(period.ordre)
      .getByText(new RegExp(escapeRegExp(`${period.taux}${lang === 'fr-FR' ? ' %' : '%'}`)))
      .first()
      .waitFor();
  // Not changed, a period pays its minimum (1.1, the salary at hiring when higher): the sheet already holds them.
  await eventually(async () => {
    const saved = await apiCall<SheetResponse<'fre'>>(employer, 'GET', `/employeurs/fiche-renseignement/${id}`);
    return saved.body.data.contrat?.remunerationsAnnuelles?.map((entry) => entry.ordre);
  }).toEqual(periods.map((period) => period.ordre));

  // Less than the minimum is refused under the period's field.
  const rate = rateOf('1.1', first.base);
  await rate.fill(String(LOW_RATE));
  await rate.press('Tab');
  const refusal = formatRuleMessage('salary.rate_below_minimum', lang, { period: '1.1', min: first.taux });
  await group('1.1').getByText(refusal, { exact: true }).waitFor();
  expect(await rate.getAttribute('aria-invalid')).toBe('true');
  await expectAxeClean(employer, 'information sheet, pay below the minimum');
  await shotBothWidths(employer, `agreed-pay-refused-${short}`);
  await employer.setViewportSize(viewport);

  // More than the minimum: a rate for 1.1, an amount for the last period.
  const agreedAmount = minimumAmount(first.reference, AGREED_RATE);
  const lastAmount = Math.round((last.montantMinimum + 111.11) * 100) / 100;
  await waitSaved(employer, t.sheets, async () => {
    await rate.fill(String(AGREED_RATE));
    await rate.press('Tab');
    await amountOf(last.ordre).fill(String(lastAmount));
    await amountOf(last.ordre).press('Tab');
  });
  expect(await rate.getAttribute('aria-invalid')).toBe('false');
  expect(await amountOf('1.1').inputValue()).toBe(String(agreedAmount));
  // The salary at hiring follows 1.1.
  expect(await employer.getByLabel(t.sheets.fields.salaireBrutMensuel, { exact: true }).inputValue()).toBe(
    String(agreedAmount),
  );
  await expectAxeClean(employer, 'information sheet, pay agreed above the minimum');
  await shotBothWidths(employer, `agreed-pay-${short}`);
  await employer.setViewportSize(viewport);

  // ---------- Sent; the applicant sends its part; staff prepare the contract ----------
  await employer.getByRole('tab', { name: new RegExp(escapeRegExp(t.sheets.info.steps.send)) }).click();
  await confirmSend(employer, t.sheets.info.send);
  // Read back once sent: each period's agreed pay.
  const readBack = employer.getByRole('region', { name: t.sheets.salary.pay.title });
  await readBack
    .getByText(t.sheets.salary.pay.agreedRate.replace('{{taux}}', String(AGREED_RATE)).replace('{{base}}', first.base))
    .waitFor();
  await expectAxeClean(employer, 'information sheet sent, the agreed pay read back');
  await shotBothWidths(employer, `agreed-pay-sent-${short}`);
  await employer.setViewportSize(viewport);
  const sentFra = await apiCall(seed.applicant, 'POST', `/admissibles/fiche-renseignement/${id}/send`, seed.data.fra);
  expect(sentFra.status, JSON.stringify(sentFra.body)).toBe(200);
  const signatoryMail = lastMailFile(seed.contactEmail);
  const path = `/staff/dossiers/${id}/contract-prepared`;
  let prepared = await apiCall<{ code?: string }>(staff, 'POST', path);
  // The portal's CFA identity is not configured here: prepared anyway, as the signing journeys do.
  if (prepared.status === 409 && prepared.body.code === 'CONTRACT_INCOMPLETE')
    prepared = await apiCall(staff, 'POST', path, {
      override: true,
      reason: 'Identité du CFA complétée sur le papier.',
    });
  expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);

  // Staff read the agreed pay in the company's sheet on the case page.
  await staff.goto(`/gestion/dossiers/${id}`);
  await staff.getByRole('button', { name: new RegExp(escapeRegExp(t.staffCase.sheets.kinds.fre)) }).click();
  const staffPay = staff.getByRole('region', { name: t.sheets.salary.pay.title });
  await staffPay.getByText(new RegExp(escapeRegExp(`${AGREED_RATE}${lang === 'fr-FR' ? ' %' : '%'}`))).waitFor();
  await expectAxeClean(staff, 'case page, the company sheet with its agreed pay');
  await shotBothWidths(staff, `agreed-pay-case-${short}`);
  await staff.setViewportSize(viewport);

  // ---------- The employer's signatory downloads the CERFA from the signing screen ----------
  const mail = await waitForMailWhere(seed.contactEmail, signatoryMail, (m) =>
    new RegExp(`/signature/${id}\\?t=`).test(m.link ?? ''),
  );
  const signatory = await newPage({ ...viewport, lang });
  await openMailLink(signatory, mail.link);
  await signatory.waitForURL(new RegExp(`/signature/${id}$`));
  await signatory.getByRole('heading', { level: 1, name: t.signature.title }).waitFor();
  const downloading = signatory.waitForEvent('download');
  await signatory.getByRole('button', { name: t.signature.documents.download, exact: true }).first().click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^cerfa-10103-/);
  const cerfa = pdfText(await download.path());
  // 1.1 at the agreed rate and amount, not at its minimum.
  expect(cerfa).toMatch(
    new RegExp(
      `1re année\\s+\\S+\\s+\\S+\\s+\\d+ ans\\s+${AGREED_RATE} %\\s+${first.base}\\s+${escapeRegExp(frEuros(agreedAmount))} €`,
    ),
  );
  expect(cerfa).toContain(`${frEuros(agreedAmount)} €`);
  // The last period at the amount agreed, its rate derived from it.
  const lastRate = String(Math.round((lastAmount / last.reference) * 10_000) / 100).replace('.', ',');
  expect(cerfa).toMatch(
    new RegExp(`\\s${escapeRegExp(lastRate)} %\\s+${last.base}\\s+${escapeRegExp(frEuros(lastAmount))} €`),
  );
  await Promise.all([staff, employer, seed.applicant, signatory].map((page) => page.context().close()));
}

describe('pay above the minimum (issue 28)', () => {
  it(
    'an employer agrees more than the minimum and reads it on the CERFA, in French on a desktop',
    { timeout: 300_000 },
    () => journey('fr-FR', { width: 1280, height: 900 }),
  );
  it('the same in English on a phone', { timeout: 300_000 }, () => journey('en-US', { width: 375, height: 812 }));
});
