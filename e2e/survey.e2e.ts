import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enStaffCase from '../apps/web/src/locales/en-US/staff-case.json' with { type: 'json' };
import enSurvey from '../apps/web/src/locales/en-US/survey.json' with { type: 'json' };
import frStaffCase from '../apps/web/src/locales/fr-FR/staff-case.json' with { type: 'json' };
import frSurvey from '../apps/web/src/locales/fr-FR/survey.json' with { type: 'json' };
import { caseReadyForTheContract, statutOf } from './case-seed.ts';
import { apiCall, demo, eventually, expectNoHorizontalOverflow, tabTo } from './sheets-support.ts';
import {
  expectAxeClean,
  lastMailFile,
  newPage,
  openMailLink,
  shot,
  signInAs,
  waitForMailWhere,
  waitUntilSettled,
} from './support.ts';

/**
 * Issue 11, the closing survey: a case signed (on paper, through the staff API), its applicant opens the invitation
 * mail's link on a phone, in English, answers the three pages with the keyboard (a reload keeps the saved pages) and
 * reads the thanks; a coordinator sends the onboarding step from the case page and the employer receives it; the results
 * page shows the answers and offers the bulk send. axe checks each survey page, the thanks, the results page and the
 * case page with its survey card. Its own demo applicant (no other e2e file signs in with it) and a fresh company
 * contact.
 */

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/** The survey's page `n` (1 to 3) is on screen: its heading holds the page's title. */
async function onSurveyPage(page: Page, t: typeof enSurvey, n: 1 | 2 | 3) {
  await page.getByRole('heading', { level: 2, name: t.pages[String(n) as '1' | '2' | '3'].title }).waitFor();
}

/** The `index`-th option (from 0) of a radio group, reached with Tab and chosen with Space and the arrows. */
async function chooseByKeyboard(page: Page, group: Locator, index: number) {
  await tabTo(page, group.getByRole('radio').first());
  await page.keyboard.press('Space');
  for (let step = 0; step < index; step += 1) await page.keyboard.press('ArrowRight');
  expect(await group.getByRole('radio').nth(index).isChecked()).toBe(true);
}

/** Next (or the last page's send), reached with Tab and pressed with Enter. */
async function submitByKeyboard(page: Page, name: string) {
  await tabTo(page, page.getByRole('button', { name, exact: true }));
  await page.keyboard.press('Enter');
}

/** Shots at both widths, the page left at `back` afterwards. */
async function shotBothWidths(page: Page, name: string, back: { width: number; height: number }) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await waitUntilSettled(page);
    await shot(page, name);
  }
  await page.setViewportSize(back);
}

async function switchLanguage(page: Page, lang: 'fr-FR' | 'en-US') {
  await page.evaluate((value) => localStorage.setItem('lang', value), lang);
  await page.reload();
}

/** Staff prepare the contract and mark it signed on paper (status 8): the signature survey's mails go out. */
async function signOnPaper(staff: Page, id: number) {
  const path = `/staff/dossiers/${id}/contract-prepared`;
  let prepared = await apiCall<{ code?: string }>(staff, 'POST', path);
  if (prepared.status === 409 && prepared.body.code === 'CONTRACT_INCOMPLETE')
    prepared = await apiCall(staff, 'POST', path, {
      override: true,
      reason: 'Identité du CFA complétée sur le papier.',
    });
  expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
  const signedOn = new Date().toISOString().slice(0, 10);
  const signed = await apiCall(staff, 'POST', `/staff/dossiers/${id}/signed`, { signedOn });
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  expect(await statutOf(staff, id)).toBe(8);
}

const surveyLink = (etape: string, id: number) => new RegExp(`/sondage/${etape}/${id}\\?t=`);

describe('the closing survey (issue 11)', () => {
  it(
    'answered on a phone in English by keyboard; a step sent from the case page; the results',
    { timeout: 300_000 },
    async () => {
      const t = enSurvey;
      const staff = await newPage({ ...DESKTOP, lang: 'en-US' });
      await signInAs(staff, demo('sophie.roux'));
      const seed = await caseReadyForTheContract('en-US', PHONE, staff);
      const { id } = seed;
      const applicantBefore = lastMailFile(seed.applicantEmail);
      await signOnPaper(staff, id);

      // ---------- The applicant, from the invitation mail, on a phone ----------
      const invitation = await waitForMailWhere(seed.applicantEmail, applicantBefore, (m) =>
        surveyLink('signature', id).test(m.link ?? ''),
      );
      const applicant = await newPage({ ...PHONE, lang: 'en-US' });
      await openMailLink(applicant, invitation.link);
      await applicant.waitForURL(new RegExp(`/sondage/signature/${id}$`));
      await applicant.getByRole('heading', { level: 1, name: t.title }).waitFor();
      await onSurveyPage(applicant, t, 1);
      await expectAxeClean(applicant, 'survey, page 1');
      await shotBothWidths(applicant, 'survey-page1-en', PHONE);
      await expectNoHorizontalOverflow(applicant);

      const clarity = applicant.getByRole('radiogroup', { name: t.questions.information_clarte.label });
      await chooseByKeyboard(applicant, clarity, 3);
      await chooseByKeyboard(
        applicant,
        applicant.getByRole('radiogroup', { name: t.questions.portail_facilite.label }),
        4,
      );
      await chooseByKeyboard(applicant, applicant.getByRole('radiogroup', { name: t.questions.delais.label }), 1);
      await submitByKeyboard(applicant, t.next);
      await onSurveyPage(applicant, t, 2);

      // A reload resumes after the saved page, and page 1 keeps its answers.
      await applicant.reload();
      await onSurveyPage(applicant, t, 2);
      await submitByKeyboard(applicant, t.back);
      await onSurveyPage(applicant, t, 1);
      const clarityAgain = applicant.getByRole('radiogroup', { name: t.questions.information_clarte.label });
      expect(await clarityAgain.getByRole('radio', { name: t.scale['4'] }).isChecked()).toBe(true);
      expect(
        await applicant
          .getByRole('radiogroup', { name: t.questions.delais.label })
          .getByRole('radio', { name: t.questions.delais.options.corrects })
          .isChecked(),
      ).toBe(true);
      await submitByKeyboard(applicant, t.next);

      await onSurveyPage(applicant, t, 2);
      await chooseByKeyboard(
        applicant,
        applicant.getByRole('radiogroup', { name: t.questions.accompagnement.label }),
        4,
      );
      await chooseByKeyboard(
        applicant,
        applicant.getByRole('radiogroup', { name: t.questions.recommandation.label }),
        0,
      );
      await expectAxeClean(applicant, 'survey, page 2');
      await shot(applicant, 'survey-page2-en');
      await submitByKeyboard(applicant, t.next);

      await onSurveyPage(applicant, t, 3);
      const strength = `Clear steps and quick answers (case ${id})`;
      await tabTo(applicant, applicant.getByRole('textbox', { name: t.questions.points_forts.label }));
      await applicant.keyboard.type(strength);
      await expectAxeClean(applicant, 'survey, page 3');
      await shot(applicant, 'survey-page3-en');
      await submitByKeyboard(applicant, t.finish);

      await applicant.getByRole('heading', { level: 2, name: t.thanks.title }).waitFor();
      await applicant.getByText(t.thanks.text).waitFor();
      await expectAxeClean(applicant, 'survey, thanks');
      await shotBothWidths(applicant, 'survey-thanks-en', PHONE);
      await expectNoHorizontalOverflow(applicant);

      // ---------- A coordinator sends the onboarding step from the case page ----------
      const sc = enStaffCase.surveys;
      await staff.goto(`/gestion/dossiers/${id}`);
      const card = staff.getByRole('region', { name: sc.title, exact: true });
      await card.waitFor();
      await card.getByText(`${sc.respondents.admissible}`, { exact: false }).first().waitFor();
      await expect.poll(() => card.textContent()).toContain(sc.completedOn.split(' ')[0]);
      const onboarding = enStaffCase.surveys.steps.integration;
      const employerBefore = lastMailFile(seed.contactEmail);
      await tabTo(staff, card.getByRole('button', { name: sc.sendNamed.replace('{{step}}', onboarding) }));
      await staff.keyboard.press('Enter');
      const dialog = staff.getByRole('dialog', { name: sc.confirmTitle.replace('{{step}}', onboarding) });
      await dialog.waitFor();
      await expectAxeClean(staff, 'case page, survey confirmation');
      await dialog.getByRole('button', { name: sc.confirm, exact: true }).click();
      await card.getByRole('status').getByText(sc.sentFeedback.replace('{{step}}', onboarding)).waitFor();
      await card.getByRole('button', { name: sc.resendNamed.replace('{{step}}', onboarding) }).waitFor();
      await expectAxeClean(staff, 'case page with its survey card');
      await card.scrollIntoViewIfNeeded();
      await shotBothWidths(staff, 'survey-case-card-en', DESKTOP);

      // ---------- The employer receives it, and opens the onboarding survey ----------
      const employerMail = await waitForMailWhere(seed.contactEmail, employerBefore, (m) =>
        surveyLink('integration', id).test(m.link ?? ''),
      );
      const employer = await newPage({ ...PHONE, lang: 'fr-FR' });
      await openMailLink(employer, employerMail.link);
      await employer.waitForURL(new RegExp(`/sondage/integration/${id}$`));
      await onSurveyPage(employer, frSurvey, 1);
      await employer
        .getByText(`${frSurvey.steps.integration} · ${frSurvey.caseLine.replace('{{id}}', String(id))}`)
        .waitFor();
      await expectAxeClean(employer, 'survey in French, page 1');
      await shotBothWidths(employer, 'survey-page1-fr', PHONE);
      // The onboarding survey answered in French, the last page only: the thanks in French.
      for (const n of [1, 2] as const) {
        await onSurveyPage(employer, frSurvey, n);
        await employer.getByRole('button', { name: frSurvey.next, exact: true }).click();
      }
      await onSurveyPage(employer, frSurvey, 3);
      await employer.getByRole('button', { name: frSurvey.finish, exact: true }).click();
      await employer.getByRole('heading', { level: 2, name: frSurvey.thanks.title }).waitFor();
      await expectAxeClean(employer, 'survey in French, thanks');
      await shotBothWidths(employer, 'survey-thanks-fr', PHONE);

      // ---------- The results: the applicant's answers, how many cases were sent the step ----------
      await staff.goto('/gestion/sondages?etape=signature');
      await staff.getByRole('heading', { level: 1, name: t.results.title }).waitFor();
      await staff.getByText(strength, { exact: true }).waitFor();
      await expectAxeClean(staff, 'survey results');
      await shotBothWidths(staff, 'survey-results-en', DESKTOP);

      await staff.goto('/gestion/sondages?etape=integration');
      const results = await apiCall<{ signedCases: number; sentCases: number }>(
        staff,
        'GET',
        '/staff/surveys?etape=integration',
      );
      expect(results.body.sentCases).toBeGreaterThanOrEqual(1);
      const newCases = results.body.signedCases - results.body.sentCases;
      await staff.getByRole('button', { name: t.results.send, exact: true }).click();
      const bulk = staff.getByRole('dialog', { name: t.results.sendTitle.replace('{{step}}', t.steps.integration) });
      await bulk.waitFor();
      const confirmLabel = (newCases === 1 ? t.results.sendConfirm_one : t.results.sendConfirm_other).replace(
        '{{count}}',
        String(newCases > 0 ? newCases : results.body.signedCases),
      );
      await bulk.getByRole('button', { name: confirmLabel, exact: true }).waitFor();
      await expectAxeClean(staff, 'survey results, bulk send confirmation');
      await shot(staff, 'survey-bulk-en');
      // Cancelled: the other journeys' demo people must not get mails they do not expect.
      await bulk.getByRole('button', { name: /cancel/i }).click();
      await eventually(() => bulk.isVisible()).toBe(false);

      // ---------- The same screens in French ----------
      await switchLanguage(staff, 'fr-FR');
      await staff.getByRole('heading', { level: 1, name: frSurvey.results.title }).waitFor();
      await expectAxeClean(staff, 'survey results in French');
      await shotBothWidths(staff, 'survey-results-fr', DESKTOP);
      await staff.goto(`/gestion/dossiers/${id}`);
      const frCard = staff.getByRole('region', { name: frStaffCase.surveys.title, exact: true });
      await frCard.waitFor();
      await frCard
        .getByRole('button', {
          name: frStaffCase.surveys.resendNamed.replace('{{step}}', frStaffCase.surveys.steps.integration),
        })
        .waitFor();
      await expectAxeClean(staff, 'case page in French');
      await shotBothWidths(staff, 'survey-case-card-fr', DESKTOP);

      await Promise.all(
        [staff, applicant, employer, seed.applicant, seed.employer].map((page) => page.context().close()),
      );
    },
  );
});
