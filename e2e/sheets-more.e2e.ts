import { computeSteps, type Dossier, type EmployerDossier, type SheetResponse } from '@passerelle/contract';
import { formatRuleMessage } from '@passerelle/contract/rules/messages';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enEmployer from '../apps/web/src/locales/en-US/employer.json' with { type: 'json' };
import enPortal from '../apps/web/src/locales/en-US/portal.json' with { type: 'json' };
import enSheets from '../apps/web/src/locales/en-US/sheets.json' with { type: 'json' };
import frEmployer from '../apps/web/src/locales/fr-FR/employer.json' with { type: 'json' };
import frSheets from '../apps/web/src/locales/fr-FR/sheets.json' with { type: 'json' };
import {
  apiCall,
  confirmSend,
  demo,
  eventually,
  expectNoHorizontalOverflow,
  isoPlusDays,
  makeSiret,
  pickWithKeys,
  retype,
  SAMPLE_PDF,
  SAMPLE_PNG,
  tabTo,
  waitSaved,
} from './sheets-support.ts';
import { newPage, openMailLink, shot, signInAs, waitForMail } from './support.ts';

const PHONE = { width: 375, height: 812 } as const;

/** GET of a file with a page's token: its status and bytes. */
async function download(page: Page, url: string): Promise<{ status: number; bytes: number[] }> {
  return page.evaluate(async (fileUrl) => {
    const store = JSON.parse(localStorage.getItem('passerelle.store') ?? '{}') as { token?: string };
    const res = await fetch(fileUrl, { headers: { Authorization: `Bearer ${store.token ?? ''}` } });
    return { status: res.status, bytes: res.ok ? [...new Uint8Array(await res.arrayBuffer())] : [] };
  }, url);
}

/** A NIR coherent with a birth (sex, year, month, département or 99 and a country code), its key computed. */
function nirFor(sexe: 'F' | 'M', birth: string, place: string, order: string): string {
  const body = `${sexe === 'M' ? 1 : 2}${birth.slice(2, 4)}${birth.slice(5, 7)}${place}${order}`;
  const key = 97n - (BigInt(body) % 97n);
  return `${body}${String(key).padStart(2, '0')}`;
}

describe('missions clarification, as the employer', () => {
  it(
    'describes the missions, refuses wrong files, keeps a PDF and locks once sent, in French',
    { timeout: 90_000 },
    async () => {
      const t = frSheets;
      const employer = await newPage();
      await signInAs(employer, demo('marc.lambert'));

      // Demo data: Lucas Bernard's Capgemini case has its employer first contact sent (f1ce=2) and no contract
      // prepared yet, so its missions sheet is open (docs/decisions/0004).
      const cases = await apiCall<EmployerDossier[]>(employer, 'GET', '/employeurs/dossiers');
      const lucas = cases.body.find(
        (d) =>
          d.applicant.prenom === 'Lucas' &&
          d.etapeStatus.some((s) => s.type === 'f1ce' && (s.status === 2 || s.status === 3)) &&
          !d.etapeStatus.some((s) => s.type === 'cfa' && s.status === 3),
      );
      expect(lucas, 'demo case of Lucas Bernard at Capgemini').toBeDefined();
      const id = lucas?.id ?? 0;

      // The employer home lists the case with its way to the missions (docs/decisions/0004: open until the contract
      // is prepared).
      expect(lucas?.missions).toEqual({ open: true, to: `/employeur/modification-missions/${id}` });
      await employer.goto('/');
      const card = employer.getByRole('article').filter({ hasText: 'Lucas Bernard' });
      await card.waitFor();
      await shot(employer, 'missions-fr-employer-home');
      await card.getByRole('link', { name: frEmployer.actions.missions }).click();
      await employer.waitForURL(new RegExp(`/employeur/modification-missions/${id}$`));
      await employer.getByRole('heading', { level: 1, name: t.missions.title }).waitFor();
      await shot(employer, 'missions-fr-empty');

      const input = employer.locator('input[type="file"]');
      const helper = employer.locator(`[id="${await input.getAttribute('aria-describedby')}"]`);
      const attached = employer.getByText(t.missions.attached.split('{{')[0] ?? '');

      // A text file: refused by its extension before sending, with SPEC's message under the input; nothing kept.
      await input.setInputFiles({
        name: 'fiche-de-poste.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Missions : support client'),
      });
      await eventually(() => helper.textContent()).toBe(`${t.missions.unsupportedType}.pdf, .doc, .docx`);
      expect(await helper.getAttribute('role')).toBe('alert');
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      expect(await input.inputValue()).toBe('');
      await shot(employer, 'missions-fr-wrong-extension');

      // A PNG named .pdf passes the extension check; the server reads its content and refuses it, saying that the
      // content, not the name, is wrong (issue 9).
      await input.setInputFiles({ name: 'fiche-de-poste.pdf', mimeType: 'application/pdf', buffer: SAMPLE_PNG });
      await eventually(() => helper.textContent()).toBe(formatRuleMessage('file.content_not_document', 'fr-FR'));
      expect(await input.inputValue()).toBe('');
      expect(await attached.count()).toBe(0);
      const refused = await apiCall<SheetResponse<'missions'>>(
        employer,
        'GET',
        `/employeurs/modification-missions/${id}`,
      );
      expect(refused.body.attachment).toBeNull();

      // A real PDF is kept, listed with its name and size, and its owner downloads it.
      await input.setInputFiles({ name: 'fiche-de-poste.pdf', mimeType: 'application/pdf', buffer: SAMPLE_PDF });
      await attached.filter({ hasText: 'fiche-de-poste.pdf' }).waitFor();
      expect(await attached.textContent()).toContain(`fiche-de-poste.pdf (${SAMPLE_PDF.byteLength} o, `);
      expect(await helper.textContent()).toBe(t.missions.fileHint);
      const kept = await apiCall<SheetResponse<'missions'>>(employer, 'GET', `/employeurs/modification-missions/${id}`);
      expect(kept.body.attachment).toMatchObject({
        filename: 'fiche-de-poste.pdf',
        contentType: 'application/pdf',
        size: SAMPLE_PDF.byteLength,
      });
      const fileUrl = kept.body.attachment?.url ?? '';
      expect((await download(employer, fileUrl)).bytes).toEqual([...SAMPLE_PDF]);
      const popup = employer.waitForEvent('popup');
      await employer.getByRole('button', { name: t.missions.open, exact: true }).click();
      const tab = await popup;
      await tab.waitForURL(/^blob:http/);
      await tab.close();
      // Another company's user cannot read it.
      const other = await newPage();
      await signInAs(other, demo('claire.dubois'));
      expect([403, 404]).toContain((await download(other, fileUrl)).status);
      await other.context().close();
      await shot(employer, 'missions-fr-attached');

      // The description, saved as a draft, then sent with the confirmation.
      const description = employer.getByLabel(t.fields.missionsDescription, { exact: true });
      await description.pressSequentially(
        'Accueil des clients grands comptes, suivi des demandes et rédaction des comptes rendus.',
      );
      await waitSaved(employer, t, () =>
        employer.getByLabel(t.fields.competencesVisees, { exact: true }).fill('Relation client, gestion de projet'),
      );
      const draft = await apiCall<SheetResponse<'missions'>>(
        employer,
        'GET',
        `/employeurs/modification-missions/${id}`,
      );
      expect(draft.body.data.missions?.description).toMatch(/^Accueil des clients grands comptes/);
      await shot(employer, 'missions-fr-filled');

      await confirmSend(employer, t.missions.submit);
      await employer.getByText(t.missions.done).waitFor();
      // Read back as a summary (issue 9), not as disabled fields.
      const missionsSummary = employer.getByRole('region', { name: t.sections.missions });
      await missionsSummary.getByText(/^Accueil des clients grands comptes/).waitFor();
      expect(await description.count()).toBe(0);
      expect(await input.count()).toBe(0);
      await attached.filter({ hasText: 'fiche-de-poste.pdf' }).waitFor();
      await shot(employer, 'missions-fr-sent');

      // Locked on the server too: a second send and a new file are refused.
      const again = await apiCall(employer, 'POST', `/employeurs/modification-missions/${id}/submit`, {
        missions: { description: 'Autre chose' },
      });
      expect(again.status).toBe(409);
      const sent = await apiCall<SheetResponse<'missions'>>(employer, 'GET', `/employeurs/modification-missions/${id}`);
      expect(sent.body).toMatchObject({ status: 'submitted', readOnly: true });

      // After a reload: the "sent on" banner, the values shown read-only; and the phone layout.
      await employer.reload();
      await employer.getByText(t.readOnly.sentTitle.split('{{')[0] ?? '').waitFor();
      await missionsSummary.getByText(/^Accueil des clients grands comptes/).waitFor();
      await employer.setViewportSize(PHONE);
      await expectNoHorizontalOverflow(employer);
      await shot(employer, 'missions-fr-sent');
    },
  );
});

describe('the information sheet in English, on a phone', () => {
  it(
    'the applicant fills in their part by keyboard, then the employer sends theirs',
    { timeout: 120_000 },
    async () => {
      const t = enSheets;
      const birth = '2003-05-12';

      // ---- The dossier brought to the information sheet through the real API (docs/decisions/0004). ----
      const applicant = await newPage({ ...PHONE, lang: 'en-US' });
      await signInAs(applicant, demo('olivia.smith'));
      const created = await apiCall<{ id: number }>(applicant, 'POST', '/admissibles/dossiers');
      expect(created.status).toBe(201);
      const id = created.body.id;
      const contactEmail = `hannah.${Date.now()}@example.test`;
      // Birth place, nationality and address too, in case the first contact asks for them (they are the apprentice
      // block's fields, typed again below by keyboard on the information sheet).
      const f1ca = {
        apprenti: {
          nom: 'Smith',
          prenom: 'Olivia',
          sexe: 'F',
          dateNaissance: birth,
          departementNaissance: '99',
          communeNaissance: 'London',
          nationalite: '3',
          courriel: demo('olivia.smith'),
          telephone: '06 98 76 54 32',
          adresse: { voie: '14 rue Oberkampf', codePostal: '75011', commune: 'Paris' },
        },
        employeur: { denomination: 'Northwind Traders France' },
        contacts: {
          contactEntreprise: {
            nom: 'Wright',
            prenom: 'Hannah',
            courriel: contactEmail,
            fonction: 'HR manager',
            langue: 'en-US',
          },
        },
        contrat: { typeContrat: 'APP', intitulePoste: 'Business developer' },
      };
      const f1caSent = await apiCall(applicant, 'POST', `/admissibles/fiche-premier-contact/${id}/submit`, f1ca);
      expect(f1caSent.status, JSON.stringify(f1caSent.body)).toBe(200);

      const mail = await waitForMail(contactEmail);
      expect(mail.subject).toMatch(/ — .+'s work-study contract: employer sheet to fill in$/);
      expect(mail.text.startsWith('Hello Hannah Wright,')).toBe(true);
      const employer = await newPage({ ...PHONE, lang: 'en-US' });
      await openMailLink(employer, mail.link);
      const formation = (
        await apiCall<SheetResponse<'f1ce'>>(employer, 'GET', `/employeurs/fiche-premier-contact/${id}`)
      ).body.formation;
      const f1ce = {
        employeur: {
          denomination: 'Northwind Traders France',
          siret: makeSiret(),
          codeIdcc: '1486',
          adresse: { voie: '8 rue de Londres', codePostal: '75009', commune: 'Paris' },
        },
        maitre1: { nom: 'Wright', prenom: 'Hannah', courriel: contactEmail, emploiOccupe: 'Sales director' },
        contrat: {
          typeContrat: 'APP',
          intitulePoste: 'Business developer',
          dateDebutContrat: formation?.dateDebutFormation ?? '2026-09-01',
          dateFinContrat: isoPlusDays(formation?.dateFinFormation ?? '2027-07-31', 1),
          dureeTravailHebdoHeures: 35,
          salaireBrutMensuel: 1950,
        },
        contacts: { signataire: { nom: 'Wright', prenom: 'Hannah', courriel: contactEmail } },
      };
      const f1ceSent = await apiCall(employer, 'POST', `/employeurs/fiche-premier-contact/${id}/submit`, f1ce);
      expect(f1ceSent.status, JSON.stringify(f1ceSent.body)).toBe(200);

      const staff = await newPage();
      await signInAs(staff, demo('sophie.roux'));
      expect((await apiCall(staff, 'POST', `/staff/dossiers/${id}/first-contact`, { decision: 'accept' })).status).toBe(
        200,
      );
      const terms = {
        coutFormationAnnuel: 7900,
        priseEnChargeOpco: 7900,
        resteACharge: 0,
        rythme: '4 days at work / 1 day at school',
      };
      expect((await apiCall(staff, 'POST', `/staff/dossiers/${id}/modalites`, terms)).status).toBe(200);
      await staff.context().close();
      expect(
        (await apiCall(employer, 'POST', `/employeurs/validation-financement/${id}`, { decision: 'accepted' })).status,
      ).toBe(200);

      // ---- The applicant's part, keyboard only. ----
      await applicant.goto('/espace-admissible/dossiers');
      const number = enPortal.cases.number.replace('{{id}}', String(id));
      const article = applicant.getByRole('article').filter({ hasText: number });
      const progress = async () => {
        const portal = await apiCall<Dossier[]>(applicant, 'GET', '/admissibles/portal/dossiers');
        const dossier = portal.body.find((d) => d.id === id);
        const shown = await article
          .getByRole('list', { name: enPortal.cases.progress })
          .getByRole('listitem')
          .evaluateAll((items) => items.map((item) => item.getAttribute('data-state')));
        return { dossier, shown };
      };
      // The new case comes first (most recent), expanded, with its progress.
      await article.getByRole('list', { name: enPortal.cases.progress }).waitFor();
      const before = await progress();
      expect(before.shown).toEqual(computeSteps(before.dossier?.etapeStatus ?? []).map((s) => s.state));
      expect(before.shown.slice(0, 3)).toEqual(['done', 'done', 'done']);
      // Named by its first contact after the company and the position, in place of "New case".
      expect(before.dossier?.dossierName).toBe('Northwind Traders France — Business developer');
      expect(await article.getByRole('heading', { level: 3 }).textContent()).toContain(
        'Northwind Traders France — Business developer',
      );
      await expectNoHorizontalOverflow(applicant);
      await shot(applicant, 'info-en-cases-before');

      const open = article.getByRole('link', { name: enPortal.cases.actions.informationSheet });
      await tabTo(applicant, open);
      await applicant.keyboard.press('Enter');
      await applicant.waitForURL(new RegExp(`/admissible/fiche-renseignement/${id}$`));
      await applicant.getByRole('heading', { level: 1, name: t.info.title.fra }).waitFor();
      await applicant
        .getByRole('heading', {
          level: 2,
          name: t.info.stepHeading
            .replace('{{index}}', '1')
            .replace('{{total}}', '7')
            .replace('{{title}}', t.info.steps.applicant),
        })
        .waitFor();
      // Seeded from the first contact.
      expect(await applicant.locator('#field-apprenti-nom').inputValue()).toBe('Smith');
      await expectNoHorizontalOverflow(applicant);
      await shot(applicant, 'info-en-applicant-top');

      const field = (path: string) => applicant.locator(`[id="field-${path.replaceAll('.', '-')}"]`);
      await tabTo(applicant, field('apprenti.departementNaissance'));
      await pickWithKeys(applicant, '99');
      await applicant.keyboard.press('Tab');
      await retype(applicant, 'London');
      await tabTo(applicant, field('apprenti.nationalite'));
      await pickWithKeys(applicant, '3');

      // A malformed NIR: the English message next to the field.
      await tabTo(applicant, field('apprenti.nir'));
      await retype(applicant, '2030599');
      await applicant.keyboard.press('Tab');
      const nirMessage = formatRuleMessage('nir.length', 'en-US', { length: 15 });
      await applicant.getByText(nirMessage).waitFor();
      expect(await field('apprenti.nir').getAttribute('aria-invalid')).toBe('true');
      const nirHelp = await field('apprenti.nir').getAttribute('aria-describedby');
      expect(await applicant.locator(`[id="${nirHelp}"]`).textContent()).toContain(nirMessage);
      await shot(applicant, 'info-en-nir-error');
      const nir = nirFor('F', birth, '99', '132045');
      await tabTo(applicant, field('apprenti.nir'), { backwards: true });
      await retype(applicant, nir);
      await applicant.keyboard.press('Tab');
      await eventually(() => applicant.getByText(nirMessage).count()).toBe(0);

      // The address, typed by hand under the directory search.
      await tabTo(applicant, field('apprenti.adresse.voie'));
      await retype(applicant, '14 rue Oberkampf');
      await tabTo(applicant, field('apprenti.adresse.codePostal'));
      await retype(applicant, '75011');
      await applicant.keyboard.press('Tab');
      await retype(applicant, 'Paris');

      await tabTo(applicant, field('apprenti.situationAvantContrat'));
      await pickWithKeys(applicant, '3');
      await applicant.keyboard.press('Tab');
      await pickWithKeys(applicant, '11');
      await tabTo(applicant, field('apprenti.dernierDiplomeObtenu'));
      await pickWithKeys(applicant, '42');
      await tabTo(applicant, field('apprenti.plusHautDiplome'));
      await pickWithKeys(applicant, '42');
      await tabTo(applicant, field('consentements.rgpd'));
      await waitSaved(applicant, t, () => applicant.keyboard.press('Space'));
      expect(await field('consentements.rgpd').isChecked()).toBe(true);
      const saved = async () =>
        (await apiCall<SheetResponse<'fra'>>(applicant, 'GET', `/admissibles/fiche-renseignement/${id}`)).body.data;
      await eventually(async () => {
        const data = await saved();
        return [data.apprenti?.nir, data.apprenti?.plusHautDiplome, data.consentements?.rgpd];
      }).toEqual([nir, '42', true]);
      await shot(applicant, 'info-en-applicant-filled');

      // Reloaded, the page shows what was typed (kept by the autosave).
      await applicant.reload();
      await applicant.getByRole('heading', { level: 1, name: t.info.title.fra }).waitFor();
      await eventually(() => field('apprenti.adresse.voie').inputValue()).toBe('14 rue Oberkampf');
      expect(await field('apprenti.nir').inputValue()).toBe(nir);
      expect(await field('apprenti.departementNaissance').inputValue()).toBe('99');
      expect(await field('apprenti.communeNaissance').inputValue()).toBe('London');
      expect(await field('apprenti.derniereClasse').inputValue()).toBe('11');
      expect(await field('apprenti.plusHautDiplome').inputValue()).toBe('42');
      expect(await field('consentements.rgpd').isChecked()).toBe(true);

      // Through the seven steps with the stepper's tabs: arrow keys move, Enter opens.
      const tabs = applicant.getByRole('tablist', { name: t.info.stepsLabel });
      await tabTo(applicant, tabs.getByRole('tab', { name: t.info.steps.applicant }));
      // On a phone the stepper is a row of numbered tabs: its arrows are Right and Left.
      expect(await tabs.getAttribute('aria-orientation')).toBe('horizontal');
      for (const [index, name] of (['company', 'opco', 'contract', 'contacts', 'billing', 'send'] as const).entries()) {
        await applicant.keyboard.press('ArrowRight');
        expect(
          await tabs.getByRole('tab', { name: t.info.steps[name] }).evaluate((el) => el === document.activeElement),
        ).toBe(true);
        await applicant.keyboard.press('Enter');
        const heading = t.info.stepHeading
          .replace('{{index}}', String(index + 2))
          .replace('{{total}}', '7')
          .replace('{{title}}', t.info.steps[name]);
        await applicant.getByRole('heading', { level: 2, name: heading }).waitFor();
        await expectNoHorizontalOverflow(applicant);
        if (name === 'company' || name === 'contract') await shot(applicant, `info-en-applicant-step-${name}`);
        // Back on the tab that is now current, for the next arrow press.
        await tabTo(applicant, tabs.getByRole('tab', { name: t.info.steps[name] }), { backwards: true, max: 10 });
      }
      await shot(applicant, 'info-en-applicant-send');
      await tabTo(applicant, applicant.getByRole('button', { name: t.info.send, exact: true }));
      await applicant.keyboard.press('Enter');
      const dialog = applicant.getByRole('dialog', { name: t.info.confirmTitle });
      await dialog.waitFor();
      await shot(applicant, 'info-en-applicant-confirm');
      await tabTo(applicant, dialog.getByRole('button', { name: t.info.send, exact: true }), { max: 4 });
      await applicant.keyboard.press('Enter');
      // Sent first: the company's part is awaited before the school prepares the contract.
      await applicant.getByText(t.info.done.waitingEmployer).waitFor();
      await shot(applicant, 'info-en-applicant-sent');

      // Read-only from now on, here (a summary of every step, issue 9) and on the server.
      await applicant.getByRole('heading', { level: 2, name: `1. ${t.info.steps.applicant}` }).waitFor();
      expect(await tabs.count()).toBe(0);
      expect(await field('apprenti.communeNaissance').count()).toBe(0);
      const fra = await apiCall<SheetResponse<'fra'>>(applicant, 'GET', `/admissibles/fiche-renseignement/${id}`);
      expect(fra.body).toMatchObject({ status: 'submitted', readOnly: true });
      expect((await apiCall(applicant, 'POST', `/admissibles/fiche-renseignement/${id}/send`)).status).toBe(409);

      // The cases screen: the applicant's part is sent and waits for the company's (2, the sheet under way), the
      // information-sheet button is gone.
      await tabTo(applicant, applicant.getByRole('link', { name: t.actions.backToCases }), { backwards: true });
      await applicant.keyboard.press('Enter');
      await applicant.waitForURL(/\/espace-admissible\/dossiers$/);
      await article.getByRole('list', { name: enPortal.cases.progress }).waitFor();
      const after = await progress();
      expect(after.dossier?.etapeStatus).toEqual(
        expect.arrayContaining([
          { type: 'fra', status: 2 },
          { type: 'fre', status: 1 },
        ]),
      );
      expect(after.shown).toEqual(computeSteps(after.dossier?.etapeStatus ?? []).map((s) => s.state));
      expect(after.shown).toEqual(['done', 'done', 'done', 'active', 'todo', 'todo']);
      expect(await open.count()).toBe(0);
      await expectNoHorizontalOverflow(applicant);
      await shot(applicant, 'info-en-cases-after');

      // ---- The employer's part, in English on the phone (mouse allowed). ----
      const e = (path: string) => employer.locator(`[id="field-${path.replaceAll('.', '-')}"]`);
      await employer.goto('/');
      const card = employer.getByRole('article').filter({ hasText: 'Olivia Smith' });
      await card.getByText(enEmployer.waiting.company.fre).waitFor();
      await shot(employer, 'info-en-employer-home');
      await card.getByRole('link', { name: enEmployer.actions.fre }).click();
      await employer.waitForURL(new RegExp(`/employeur/fiche-renseignement/${id}$`));
      await employer.getByRole('heading', { level: 1, name: t.info.title.fre }).waitFor();
      // The applicant's sent part, read-only, in English.
      await employer.getByText(t.info.otherPart.fre).waitFor();
      await shot(employer, 'info-en-employer-applicant');
      const next = employer.getByRole('button', { name: t.actions.next });

      await next.click();
      expect(await e('employeur.siret').inputValue()).toBe(f1ce.employeur.siret);
      await e('employeur.telephone').fill('01 44 55 66 77');
      await e('employeur.courriel').fill('contact@northwind.example');
      await e('employeur.nombreSalaries').fill('120');
      await e('employeur.caisseRetraiteComplementaire').fill('Malakoff Humanis');
      await e('employeur.typeEmployeur').selectOption({ value: '12' });
      await e('employeur.employeurSpecifique').selectOption({ value: '0' });
      await e('employeur.regimeSocial').selectOption({ value: '2' });
      // A malformed phone: the English message under the field.
      await e('employeur.telephone').fill('call me');
      await e('employeur.courriel').focus();
      await employer.getByText(formatRuleMessage('phone.format', 'en-US')).waitFor();
      await e('employeur.telephone').fill('01 44 55 66 77');
      await expectNoHorizontalOverflow(employer);
      await shot(employer, 'info-en-employer-company');

      await next.click();
      await employer.waitForFunction(
          () => (document.getElementById('field-opco-nom') as HTMLSelectElement | null)?.value === 'OPCO_ATLAS',
        ); // The OPCO follows from IDCC 1486 (the reference table), read-only: issue 28.
      await next.click();
      await e('contrat.typeContratApp').selectOption({ value: '11' });
      await e('contrat.modeContractuel').selectOption({ value: '1' });
      await e('contrat.travailRisque').selectOption({ value: 'no' });
      await employer.getByRole('region', { name: t.salary.pay.title }).waitFor();
      await expectNoHorizontalOverflow(employer);
      await shot(employer, 'info-en-employer-contract');

      await next.click();
      await e('maitre1.dateNaissance').fill('1980-02-14');
      await e('maitre1.niveauDiplome').selectOption({ value: '7' });
      const people = {
        tuteur: ['Wright', 'Hannah', contactEmail],
        signataire: ['Wright', 'Hannah', contactEmail],
        gestionnaire: ['Patel', 'Ravi', 'ravi.patel@example.test'],
      } as const;
      for (const [role, [nom, prenom, courriel]] of Object.entries(people)) {
        await e(`contacts.${role}.nom`).fill(nom);
        await e(`contacts.${role}.prenom`).fill(prenom);
        await e(`contacts.${role}.courriel`).fill(courriel);
      }
      await expectNoHorizontalOverflow(employer);
      await shot(employer, 'info-en-employer-contacts');

      await next.click();
      await waitSaved(employer, t, () => e('consentements.attestationEligibilite').check());
      await next.click();
      await shot(employer, 'info-en-employer-send');
      await confirmSend(employer, t.info.send);
      await employer.getByText(t.info.done.contract).waitFor();
      await expectNoHorizontalOverflow(employer);
      await shot(employer, 'info-en-employer-sent');

      // Both parts sent: the contract preparation is the school's turn (docs/decisions/0004).
      const fre = await apiCall<SheetResponse<'fre'>>(employer, 'GET', `/employeurs/fiche-renseignement/${id}`);
      expect(fre.body).toMatchObject({ status: 'submitted', readOnly: true });
      const home = await apiCall<EmployerDossier[]>(employer, 'GET', '/employeurs/dossiers');
      const dossier = home.body.find((d) => d.id === id);
      expect(dossier?.dossierStatut).toBe(7);
      expect(dossier?.waitingFor).toEqual({ action: 'cfa', actor: 'staff', to: null });
      expect(dossier?.etapeStatus).toEqual(
        expect.arrayContaining([
          { type: 'f1ca', status: 3 },
          { type: 'f1ce', status: 3 },
          { type: 'modalites_re', status: 3 },
          { type: 'fra', status: 3 },
          { type: 'fre', status: 3 },
          { type: 'cfa', status: 2 },
        ]),
      );
      // The applicant's cases screen shows it: information sheet done, contract preparation under way.
      await applicant.reload();
      await article.getByRole('list', { name: enPortal.cases.progress }).waitFor();
      expect((await progress()).shown).toEqual(['done', 'done', 'done', 'done', 'active', 'todo']);

      // The same sheet on a wide screen, read-only.
      await employer.setViewportSize({ width: 1280, height: 900 });
      await employer.reload();
      await employer.getByText(t.readOnly.sentTitle.split('{{')[0] ?? '').waitFor();
      await shot(employer, 'info-en-employer-sent');
    },
  );
});
