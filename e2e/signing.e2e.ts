import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Dossier, StaffDossierDetailResponse } from '@passerelle/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enPortal from '../apps/web/src/locales/en-US/portal.json' with { type: 'json' };
import enSignature from '../apps/web/src/locales/en-US/signature.json' with { type: 'json' };
import enStaffCase from '../apps/web/src/locales/en-US/staff-case.json' with { type: 'json' };
import frPortal from '../apps/web/src/locales/fr-FR/portal.json' with { type: 'json' };
import frSignature from '../apps/web/src/locales/fr-FR/signature.json' with { type: 'json' };
import frStaffCase from '../apps/web/src/locales/fr-FR/staff-case.json' with { type: 'json' };
import { caseReadyForTheContract, statutOf, type Lang, type SeededCase } from './case-seed.ts';
import { apiCall, demo, eventually, expectNoHorizontalOverflow, SAMPLE_PDF, tabTo } from './sheets-support.ts';
import {
  escapeRegExp,
  expectAxeClean,
  textBefore,
  lastMailFile,
  newPage,
  openMailLink,
  shot,
  signInAs,
  waitForMailWhere,
  waitUntilSettled,
} from './support.ts';

/**
 * Issue 11, the contract signed in the browser: staff prepare it, each signer (the employer's designated signatory,
 * the applicant, then the school) opens the link of the mail telling them it is their turn, and signs online (the
 * documents read in the page, a code by e-mail, consent) or on paper (the documents downloaded, a scan uploaded and
 * checked by staff in the back office, one of them rejected with a reason). The case is then accepted and the
 * applicant downloads the sealed contract from their cases screen. axe checks every state of the signing screen
 * reached. Each journey has its own fresh applicant (imported by staff from a CSV line) and a fresh company contact.
 */

const texts = {
  'fr-FR': { signature: frSignature, staffCase: frStaffCase, portal: frPortal },
  'en-US': { signature: enSignature, staffCase: enStaffCase, portal: enPortal },
} satisfies Record<Lang, unknown>;
type Texts = (typeof texts)[Lang];


/** Status 8: every signature done, the case accepted. */
const ACCEPTED = 8;

/**
 * Screenshots of the screen at the journey's width and at the other one (1280 px and 375 px), in the journey's
 * language, the viewport put back afterwards.
 */
async function shots(page: Page, name: string) {
  const viewport = page.viewportSize() ?? { width: 1280, height: 900 };
  await waitUntilSettled(page);
  await shot(page, name);
  if (!process.env['E2E_SHOTS']) return;
  await page.setViewportSize(viewport.width < 900 ? { width: 1280, height: 900 } : { width: 375, height: 812 });
  await waitUntilSettled(page);
  await shot(page, name);
  await page.setViewportSize(viewport);
}

/** Staff prepare the contract through the API; the portal's own CFA identity is not configured here, so anyway. */
async function prepareContract(staff: Page, id: number) {
  const path = `/staff/dossiers/${id}/contract-prepared`;
  let prepared = await apiCall<{ code?: string }>(staff, 'POST', path);
  if (prepared.status === 409 && prepared.body.code === 'CONTRACT_INCOMPLETE')
    prepared = await apiCall(staff, 'POST', path, { override: true, reason: 'Identité du CFA complétée sur le papier.' });
  expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
}

const isSignatureLink = (link: string | null, id: number) => new RegExp(`/signature/${id}\\?t=`).test(link ?? '');

/** The signing screen, opened from the link of the newest mail to `email` received after `after`. */
async function openTurnMail(page: Page, email: string, after: string | undefined, id: number) {
  const mail = await waitForMailWhere(email, after, (m) => isSignatureLink(m.link, id));
  await openMailLink(page, mail.link);
  await page.waitForURL(new RegExp(`/signature/${id}$`));
}

async function signingScreen(page: Page, t: Texts) {
  await page.getByRole('heading', { level: 1, name: t.signature.title }).waitFor();
}

/**
 * The first signer chooses the method for every signer, by keyboard: the group reached by Shift+Tab (a radio group is
 * one stop of the Tab key), the arrow keys to the choice, Space, then Enter.
 */
async function chooseMethod(page: Page, t: Texts, method: 'online' | 'manual', prefix: string) {
  await page.getByRole('heading', { level: 2, name: t.signature.method.title }).waitFor();
  await page.getByRole('radiogroup', { name: t.signature.method.title }).waitFor();
  await expectAxeClean(page, 'signature, method to choose');
  await shots(page, `${prefix}-choose`);
  // Sent without a choice first: the group says what is missing.
  const submit = page.getByRole('button', { name: t.signature.method.submit, exact: true });
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  await page.getByRole('alert').filter({ hasText: t.signature.method.chooseOne }).waitFor();
  await expectAxeClean(page, 'signature, no method chosen');
  const radio = page.getByRole('radio', { name: t.signature.method[method].label });
  const group = page.getByRole('radiogroup', { name: t.signature.method.title });
  const inGroup = () => group.evaluate((element) => element.contains(document.activeElement));
  for (let presses = 0; presses < 20 && !(await inGroup()); presses += 1) await page.keyboard.press('Shift+Tab');
  expect(await inGroup()).toBe(true);
  for (let moves = 0; moves < 2 && !(await radio.evaluate((element) => element === document.activeElement)); moves += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Space');
  expect(await radio.isChecked()).toBe(true);
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  await page.getByText(t.signature.method.current[method]).waitFor();
}

/**
 * Signs online at the page's turn, by keyboard: the first document shows in the page, a code is asked, read from the
 * mail (sent to `codeTo`), typed, the consent ticked, the contract signed.
 */
async function signOnline(page: Page, t: Texts, codeTo: string, screenshots: string | null) {
  await page.getByText(t.signature.turn.mine).waitFor();
  // The first document opens in the page's reader, its first page drawn.
  await page.getByRole('img', { name: /, page 1 / }).first().waitFor();
  await expectAxeClean(page, 'signature, online with the documents');
  if (screenshots) await shots(page, `${screenshots}-online`);
  const mailBefore = lastMailFile(codeTo);
  const ask = page.getByRole('button', { name: t.signature.online.requestCode, exact: true });
  await tabTo(page, ask, { max: 120 });
  await page.keyboard.press('Enter');
  const mail = await waitForMailWhere(codeTo, mailBefore, (m) => /^\d{6}$/m.test(m.text));
  // The code is in the body only, never in the subject a lock screen shows.
  expect(mail.subject).not.toMatch(/\d{6}/);
  const code = /^(\d{6})$/m.exec(mail.text)?.[1];
  expect(code, mail.text).toMatch(/^\d{6}$/);
  const codeField = page.getByRole('textbox', { name: t.signature.online.code });
  // The code field has the focus once the code is sent.
  await eventually(() => codeField.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.getByText(textBefore(t.signature.online.codeSent, 'sentTo')).waitFor();
  await expectAxeClean(page, 'signature, code asked');
  if (screenshots) await shots(page, `${screenshots}-code`);
  // Issue 29: a reload keeps "code sent": the field is there again, no new code is asked for, the one mailed signs.
  await page.reload();
  await codeField.waitFor();
  await page.getByText(textBefore(t.signature.online.codeSent, 'sentTo')).waitFor();
  expect(await ask.count()).toBe(0);
  if (screenshots) await shots(page, `${screenshots}-code-reloaded`);
  await codeField.focus();
  await page.keyboard.type(code ?? '');
  const consent = page.getByRole('checkbox');
  await tabTo(page, consent, { max: 10 });
  await page.keyboard.press('Space');
  expect(await consent.isChecked()).toBe(true);
  await tabTo(page, page.getByRole('button', { name: t.signature.online.sign, exact: true }), { max: 10 });
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: t.signature.online.signed }).waitFor();
}

/** On paper, at the page's turn: one document downloaded (a PDF), the signed scan chosen and sent. */
async function uploadScan(page: Page, t: Texts, screenshots: string | null) {
  await page.getByRole('heading', { level: 2, name: t.signature.manual.title }).waitFor();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: t.signature.documents.download, exact: true }).first().click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const saved = await download.path();
  expect(readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expectAxeClean(page, 'signature, paper scan to upload');
  if (screenshots) await shots(page, `${screenshots}-manual`);
  await page.getByLabel(t.signature.manual.file).setInputFiles({ name: 'contrat-signe.pdf', mimeType: 'application/pdf', buffer: SAMPLE_PDF });
  await page.getByText(textBefore(t.signature.manual.chosen, 'name')).waitFor();
  await page.getByRole('button', { name: t.signature.manual.submit, exact: true }).click();
  await page.getByRole('status').filter({ hasText: t.signature.manual.submitted }).waitFor();
  await page.getByText(t.signature.turn.submitted).waitFor();
  await expectAxeClean(page, 'signature, scan sent');
  if (screenshots) await shots(page, `${screenshots}-submitted`);
}

/** Staff check a signer's scan on the case page's signature card: confirmed, or rejected with a reason. */
async function decideScan(
  staff: Page,
  t: Texts,
  id: number,
  role: keyof Texts['staffCase']['signature']['roles'],
  decision: { reject: string } | 'confirm',
) {
  await staff.goto(`/gestion/dossiers/${id}`);
  const card = staff.getByRole('region', { name: t.staffCase.signature.title, exact: true });
  await card.waitFor();
  const roleName = t.staffCase.signature.roles[role];
  const intent = decision === 'confirm' ? 'confirm-scan' : 'reject-scan';
  const named = decision === 'confirm' ? t.staffCase.signature.confirmNamed : t.staffCase.signature.rejectNamed;
  await card.getByRole('button', { name: named.replace('{{role}}', roleName), exact: true }).click();
  const dialog = staff.getByRole('dialog', { name: t.staffCase.dialog.titles[intent] });
  await dialog.waitFor();
  if (decision !== 'confirm') {
    await dialog.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(t.staffCase.dialog.fields.reason)}`) }).fill(decision.reject);
  }
  await expectAxeClean(staff, `case page, ${intent} dialog`);
  await dialog.getByRole('button', { name: t.staffCase.dialog.confirm[intent], exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await staff.getByRole('alert').filter({ hasText: textBefore(t.staffCase.feedback.done, 'action') }).waitFor();
}

/**
 * The applicant, signed in, downloads the signed contract from their cases screen: the bytes the page fetched are a
 * PDF, and poppler's pdfsig (when on the machine) finds its seal valid.
 */
async function downloadSignedContract(seed: SeededCase, t: Texts, prefix: string) {
  const page = seed.applicant;
  await page.goto('/espace-admissible/dossiers');
  // The seal is a job the server runs within seconds of the last signature (issue 27): once it ran, the screen shows it.
  const sealed = async () =>
    (await apiCall<Dossier[]>(page, 'GET', '/admissibles/portal/dossiers')).body.find((dossier) => dossier.id === seed.id)
      ?.dossierCerfa ?? null;
  if (!(await sealed())) {
    await expect.poll(sealed, { timeout: 20_000 }).toBeTruthy();
    await page.reload();
  }
  const item = page.getByRole('article').filter({ hasText: t.portal.cases.number.replace('{{id}}', String(seed.id)) });
  await item.waitFor();
  const button = item.getByRole('button', { name: t.portal.cases.actions.signedContract, exact: true });
  await button.waitFor();
  await expectAxeClean(page, 'cases screen with the signed contract');
  await shots(page, `${prefix}-cases`);
  const cases = await apiCall<Dossier[]>(page, 'GET', '/admissibles/portal/dossiers');
  const fileUrl = cases.body.find((dossier) => dossier.id === seed.id)?.dossierCerfa;
  expect(fileUrl, 'the case has its signed contract').toBeTruthy();
  // The bytes the screen fetches, kept on their way to it (the new tab shows them from a blob the test cannot read).
  let bytes: Buffer = Buffer.alloc(0);
  await page.route(`**${fileUrl ?? ''}`, async (route) => {
    const response = await route.fetch();
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/pdf/);
    bytes = await response.body();
    await route.fulfill({ response });
  });
  const opened = page.context().waitForEvent('page');
  await button.click();
  const tab = await opened;
  await tab.waitForURL(/^blob:/);
  await tab.close();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  if (existsSync('/usr/bin/pdfsig')) {
    const dir = mkdtempSync(path.join(tmpdir(), 'signed-'));
    try {
      const file = path.join(dir, 'contrat.pdf');
      writeFileSync(file, bytes);
      const report = execFileSync('/usr/bin/pdfsig', [file], { encoding: 'utf8' });
      expect(report).toMatch(/Signature Validation: Signature is Valid/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

async function expectAccepted(staff: Page, t: Texts, id: number) {
  expect(await statutOf(staff, id)).toBe(ACCEPTED);
  const detail = await apiCall<StaffDossierDetailResponse>(staff, 'GET', `/staff/dossiers/${id}`);
  expect(detail.body.signature?.state).toBe('signed');
  await staff.goto(`/gestion/dossiers/${id}`);
  const card = staff.getByRole('region', { name: t.staffCase.signature.title, exact: true });
  await card.getByText(t.staffCase.signature.states.signed, { exact: false }).first().waitFor();
}

/**
 * A fresh case whose contract staff (signed in on their own page) have prepared, and the employer's signatory on the
 * signing screen opened from the mail saying it is their turn.
 */
async function preparedForTheSignatory(lang: Lang, viewport: { width: number; height: number }) {
  const staff = await newPage({ ...viewport, lang });
  await signInAs(staff, demo('sophie.roux'));
  const seed = await caseReadyForTheContract(lang, viewport, staff);
  const employerMail = lastMailFile(seed.contactEmail);
  await prepareContract(staff, seed.id);
  const signatory = await newPage({ ...viewport, lang });
  await openTurnMail(signatory, seed.contactEmail, employerMail, seed.id);
  await signingScreen(signatory, texts[lang]);
  return { staff, seed, id: seed.id, signatory };
}

async function signOnlineJourney(lang: Lang, viewport: { width: number; height: number }) {
  const t = texts[lang];
  const prefix = `signing-online-${lang === 'fr-FR' ? 'fr' : 'en'}`;
  // ---------- The employer's signatory, from the mail saying it is their turn ----------
  const { staff, seed, id, signatory } = await preparedForTheSignatory(lang, viewport);
  await chooseMethod(signatory, t, 'online', prefix);
  const applicantMail = lastMailFile(seed.applicantEmail);
  await signOnline(signatory, t, seed.contactEmail, prefix);
  await expectAxeClean(signatory, 'signature, signed, waiting for the next signer');
  await shots(signatory, `${prefix}-signed`);

  // ---------- The applicant, from their mail ----------
  const applicant = await newPage({ ...viewport, lang });
  await openTurnMail(applicant, seed.applicantEmail, applicantMail, id);
  await signingScreen(applicant, t);
  await signOnline(applicant, t, seed.applicantEmail, null);

  // ---------- A staff member signs for the school ----------
  await staff.goto(`/signature/${id}`);
  await signingScreen(staff, t);
  await signOnline(staff, t, demo('sophie.roux'), null);
  await staff.getByRole('heading', { level: 2, name: t.signature.outcome.signedTitle }).waitFor();
  await expectAxeClean(staff, 'signature, every signer signed');
  await shots(staff, `${prefix}-complete`);

  await expectAccepted(staff, t, id);
  await downloadSignedContract(seed, t, prefix);
  await Promise.all([staff, signatory, applicant, seed.applicant, seed.employer].map((page) => page.context().close()));
}

async function signOnPaperJourney(lang: Lang, viewport: { width: number; height: number }) {
  const t = texts[lang];
  const prefix = `signing-paper-${lang === 'fr-FR' ? 'fr' : 'en'}`;
  // ---------- The employer's signatory chooses paper and sends a scan; staff reject it with a reason ----------
  const { staff, seed, id, signatory } = await preparedForTheSignatory(lang, viewport);
  await chooseMethod(signatory, t, 'manual', prefix);
  await uploadScan(signatory, t, prefix);
  await expectNoHorizontalOverflow(signatory);

  const reason = lang === 'fr-FR' ? `La page 2 n'est pas signée (dossier ${id}).` : `Page 2 is not signed (case ${id}).`;
  const rejectedMail = lastMailFile(seed.contactEmail);
  await decideScan(staff, t, id, 'employer', { reject: reason });
  const mail = await waitForMailWhere(seed.contactEmail, rejectedMail, (m) => m.text.includes(reason));
  expect(isSignatureLink(mail.link, id)).toBe(true);
  // The signer follows the mail's link: it is their turn again, the upload offered anew.
  await openMailLink(signatory, mail.link);
  await signatory.waitForURL(new RegExp(`/signature/${id}$`));
  await signatory.getByText(t.signature.turn.mine).waitFor();
  // The page says why, above the upload.
  await signatory.getByText(t.signature.manual.rejectedTitle).waitFor();
  await signatory.getByText(t.signature.manual.rejectedReason.replace('{{reason}}', reason)).waitFor();
  await expectAxeClean(signatory, 'signature, scan rejected');
  await shots(signatory, `${prefix}-rejected`);
  const applicantMail = lastMailFile(seed.applicantEmail);
  await uploadScan(signatory, t, null);
  await decideScan(staff, t, id, 'employer', 'confirm');

  // ---------- The applicant, from their mail ----------
  const applicant = await newPage({ ...viewport, lang });
  await openTurnMail(applicant, seed.applicantEmail, applicantMail, id);
  await signingScreen(applicant, t);
  await uploadScan(applicant, t, null);
  await decideScan(staff, t, id, 'apprentice', 'confirm');

  // ---------- The school: a staff member uploads its scan, a colleague's check confirms it ----------
  await staff.goto(`/signature/${id}`);
  await signingScreen(staff, t);
  await uploadScan(staff, t, null);
  await decideScan(staff, t, id, 'school', 'confirm');

  await staff.goto(`/signature/${id}`);
  await staff.getByRole('heading', { level: 2, name: t.signature.outcome.signedTitle }).waitFor();
  await expectAxeClean(staff, 'signature, every signer signed');
  await shots(staff, `${prefix}-complete`);
  await expectNoHorizontalOverflow(staff);

  await expectAccepted(staff, t, id);
  await downloadSignedContract(seed, t, prefix);
  await Promise.all([staff, signatory, applicant, seed.applicant, seed.employer].map((page) => page.context().close()));
}

/**
 * The employer's signatory refuses to sign, with a reason: the procedure stops, the page says so. Staff prepare the
 * contract again, then record it signed on paper outside the portal: that procedure's page is unavailable. axe on each.
 */
async function refuseJourney(lang: Lang, viewport: { width: number; height: number }) {
  const t = texts[lang];
  const prefix = `signing-refused-${lang === 'fr-FR' ? 'fr' : 'en'}`;
  const { staff, seed, signatory } = await preparedForTheSignatory(lang, viewport);
  await chooseMethod(signatory, t, 'online', prefix);
  await signatory.getByText(t.signature.turn.mine).waitFor();
  const refuse = signatory.getByRole('button', { name: t.signature.refuse.action, exact: true });
  await tabTo(signatory, refuse, { max: 120 });
  await signatory.keyboard.press('Enter');
  const dialog = signatory.getByRole('dialog', { name: t.signature.refuse.title });
  await dialog.waitFor();
  const reason = lang === 'fr-FR' ? 'Le salaire indiqué est erroné.' : 'The salary written is wrong.';
  await dialog.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(t.signature.refuse.reason)}`) }).fill(reason);
  await expectAxeClean(signatory, 'signature, refusal dialog');
  await shots(signatory, `${prefix}-dialog`);
  await dialog.getByRole('button', { name: t.signature.refuse.confirm, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await signatory.getByRole('heading', { level: 2, name: t.signature.outcome.refusedTitle }).waitFor();
  await expectAxeClean(signatory, 'signature, refused');
  await shots(signatory, `${prefix}-closed`);
  // The school sees the refusal and its reason on the case page's signature card.
  await staff.goto(`/gestion/dossiers/${seed.id}`);
  const card = staff.getByRole('region', { name: t.staffCase.signature.title, exact: true });
  await card.getByText(t.staffCase.signature.refusalReason.replace('{{reason}}', reason)).waitFor();

  // Prepared again, then signed on paper outside the portal: the new procedure is cancelled, its page unavailable.
  await prepareContract(staff, seed.id);
  const signedOn = new Date().toISOString().slice(0, 10);
  const signed = await apiCall(staff, 'POST', `/staff/dossiers/${seed.id}/signed`, { signedOn });
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  await signatory.reload();
  await signatory.getByRole('heading', { level: 2, name: t.signature.outcome.unavailableTitle }).waitFor();
  await signatory.getByText(t.signature.outcome.reasons.cancelled).waitFor();
  await expectAxeClean(signatory, 'signature, unavailable');
  await shots(signatory, `${prefix}-unavailable`);
  await Promise.all([staff, signatory, seed.applicant, seed.employer].map((page) => page.context().close()));
}

describe('signing the contract (issue 11)', () => {
  it('online, in French at 1280 px, by keyboard', { timeout: 240_000 }, async () => {
    await signOnlineJourney('fr-FR', { width: 1280, height: 900 });
  });

  it('on paper, in English at 375 px, one scan rejected', { timeout: 240_000 }, async () => {
    await signOnPaperJourney('en-US', { width: 375, height: 812 });
  });

  it('refused by the employer, then signed outside the portal, in English at 1280 px', { timeout: 120_000 }, async () => {
    await refuseJourney('en-US', { width: 1280, height: 900 });
  });
});
