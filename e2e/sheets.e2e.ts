import type { FundingValidationResponse, SheetResponse } from '@passerelle/contract';
import { describe, expect, it } from 'vitest';
import enSheets from '../apps/web/src/locales/en-US/sheets.json' with { type: 'json' };
import frEmployer from '../apps/web/src/locales/fr-FR/employer.json' with { type: 'json' };
import frPortal from '../apps/web/src/locales/fr-FR/portal.json' with { type: 'json' };
import frSheets from '../apps/web/src/locales/fr-FR/sheets.json' with { type: 'json' };
import { apiCall, choose, confirmSend, demo, eventually, fill, isoPlusDays, makeSiret, waitSaved } from './sheets-support.ts';
import { newPage, shot, signInAs, waitForMail } from './support.ts';

describe('sheets, from the first contact to the information sheet', () => {
  it('applicant, employer, funding and both parts of the information sheet, in French', { timeout: 240_000 }, async () => {
    const t = frSheets;
    const applicant = await newPage();
    await signInAs(applicant, demo('camille.martin'));
    await applicant.goto('/espace-admissible/dossiers');
    await applicant.getByRole('button', { name: frPortal.cases.create }).click();
    // A case counts against the applicant's limit: it is created after a confirmation.
    await applicant.getByRole('dialog').getByRole('button', { name: frPortal.cases.confirmCreateYes }).click();
    await applicant.waitForURL(/\/admissible\/fiche-premier-contact\/\d+$/);
    const id = Number(/(\d+)$/.exec(applicant.url())?.[1]);
    await applicant.getByRole('heading', { level: 1, name: t.f1ca.title }).waitFor();

    // The missing NIR is flagged from the start.
    await applicant.getByText(t.summary.warningsTitle).waitFor();

    const contactEmail = `contact.${Date.now()}@example.test`;
    const identity = applicant.getByRole('group', { name: t.sections.identity });
    await identity.getByLabel(t.fields.nom, { exact: true }).fill('Martin');
    await identity.getByLabel(t.fields.prenom, { exact: true }).fill('Camille');
    await choose(applicant, t.fields.sexe, 'Féminin');
    await identity.getByLabel(t.fields.dateNaissance, { exact: true }).fill('2004-05-12');
    await identity.getByLabel(t.fields.courriel, { exact: true }).fill('camille.martin@demo.passerelle.test');
    await identity.getByLabel(t.fields.telephone, { exact: true }).fill('06 12 34 56 78');
    // Birth place, nationality and address: optional at first contact, carried over to the information sheet.
    await choose(applicant, t.fields.departementNaissance, '75 - Paris');
    await identity.getByLabel(t.fields.communeNaissance, { exact: true }).fill('Paris');
    await choose(applicant, t.fields.nationalite, 'Française');
    const ownAddress = applicant.getByRole('group', { name: t.sections.address, exact: true });
    await ownAddress.getByLabel(t.fields.voie, { exact: true }).fill('3 rue des Lilas');
    await ownAddress.getByLabel(t.fields.codePostal, { exact: true }).fill('92100');
    await ownAddress.getByLabel(t.fields.commune, { exact: true }).fill('Boulogne-Billancourt');
    await fill(applicant, t.fields.denomination, 'Les Ateliers Réunis');
    const contact = applicant.getByRole('group', { name: t.sections.contact });
    await contact.getByLabel(t.fields.nom, { exact: true }).fill('Lemoine');
    await contact.getByLabel(t.fields.prenom, { exact: true }).fill('Agathe');
    await contact.getByLabel(t.fields.courriel, { exact: true }).fill(contactEmail);
    const f1ca = await apiCall<SheetResponse<'f1ca'>>(applicant, 'GET', `/admissibles/fiche-premier-contact/${id}`);
    await waitSaved(applicant, t, async () => {
      await contact.getByLabel(t.fields.fonction, { exact: true }).fill('Responsable RH');
      if ((f1ca.body.formation?.contractTypes.length ?? 0) > 1) await choose(applicant, t.fields.typeContrat, "Contrat d'apprentissage");
    });

    // Autosave reached the server.
    const saved = await apiCall<SheetResponse<'f1ca'>>(applicant, 'GET', `/admissibles/fiche-premier-contact/${id}`);
    expect(saved.body.data.contacts?.contactEntreprise?.courriel).toBe(contactEmail);
    expect(saved.body.data.apprenti).toMatchObject({ departementNaissance: '75', nationalite: '1', adresse: { codePostal: '92100' } });

    await confirmSend(applicant, t.f1ca.submit);
    await applicant.getByText(t.f1ca.done).waitFor();
    // Sent: read back as a summary of what was sent, by whom, not as a greyed-out form.
    await applicant.getByRole('region', { name: t.sections.employer }).getByText('Les Ateliers Réunis').waitFor();
    expect(await applicant.getByLabel(t.fields.denomination, { exact: true }).count()).toBe(0);

    // The contact's link signs them in on the employer sheet.
    const mail = await waitForMail(contactEmail);
    expect(mail.link).toBeTruthy();
    const employer = await newPage();
    await employer.goto(mail.link ?? '');
    await employer.waitForURL(new RegExp(`/employeur/fiche-premier-contact/${id}$`));
    await employer.getByRole('heading', { level: 1, name: t.f1ce.title }).waitFor();
    expect(await employer.getByLabel(t.fields.denomination, { exact: true }).inputValue()).toBe('Les Ateliers Réunis');
    // At first contact the company reads who the applicant is, not where they live.
    await employer.getByText('camille.martin@demo.passerelle.test').waitFor();
    expect(await employer.getByText(/rue des Lilas|Boulogne/).count()).toBe(0);

    const formation = (await apiCall<SheetResponse<'f1ce'>>(employer, 'GET', `/employeurs/fiche-premier-contact/${id}`)).body.formation;
    const start = formation?.dateDebutFormation ?? '2026-09-01';
    const end = isoPlusDays(formation?.dateFinFormation ?? '2028-08-31', 1);
    const company = employer.getByRole('group', { name: t.sections.company });
    await company.getByLabel(t.fields.siret, { exact: true }).fill(makeSiret());
    await company.getByLabel(t.fields.codeIdcc, { exact: true }).fill('1486');
    await company.getByLabel(t.fields.voie, { exact: true }).fill('12 rue de la Paix');
    await company.getByLabel(t.fields.codePostal, { exact: true }).fill('75002');
    await company.getByLabel(t.fields.commune, { exact: true }).fill('Paris');
    const status = employer.getByRole('group', { name: t.sections.employerStatus });
    await status.getByLabel(t.fields.caisseRetraiteComplementaire, { exact: true }).fill('AG2R La Mondiale');
    await choose(employer, t.fields.regimeSocial, 'URSSAF');
    const contract = employer.getByRole('group', { name: t.sections.contract });
    await choose(employer, t.fields.typeContrat, "Contrat d'apprentissage");
    await contract.getByLabel(t.fields.intitulePoste, { exact: true }).fill('Assistante marketing');
    await contract.getByLabel(t.fields.dateDebutContrat, { exact: true }).fill(start);
    await contract.getByLabel(t.fields.dateFinContrat, { exact: true }).fill(end);
    await contract.getByLabel(t.fields.dureeTravailHebdoHeures, { exact: true }).fill('35');
    await contract.getByLabel(t.fields.salaireBrutMensuel, { exact: true }).fill('1900');
    const master = employer.getByRole('group', { name: t.sections.master });
    await master.getByLabel(t.fields.nom, { exact: true }).fill('Roussel');
    await master.getByLabel(t.fields.prenom, { exact: true }).fill('Henri');
    await master.getByLabel(t.fields.courriel, { exact: true }).fill('henri.roussel@example.test');
    await master.getByLabel(t.fields.emploiOccupe, { exact: true }).fill('Directeur marketing');
    const signatory = employer.getByRole('group', { name: t.sections.signatory });
    await signatory.getByLabel(t.fields.nom, { exact: true }).fill('Lemoine');
    await signatory.getByLabel(t.fields.prenom, { exact: true }).fill('Agathe');
    await waitSaved(employer, t, () => signatory.getByLabel(t.fields.courriel, { exact: true }).fill(contactEmail));
    // Issue 28: an end past the allowed window is refused before any confirmation, the message under the field naming
    // the last day allowed, filled in (never "{date}"), as in the summary above the form.
    const endField = contract.getByLabel(t.fields.dateFinContrat, { exact: true });
    await endField.fill(isoPlusDays(end, 90));
    await employer.getByRole('button', { name: t.f1ce.submit, exact: true }).first().click();
    await employer.getByText(/au plus tard 2 mois après la fin de la formation, soit le \d{2}\/\d{2}\/\d{4}\./).first().waitFor();
    expect(await endField.getAttribute('aria-invalid')).toBe('true');
    expect(await employer.locator('main').innerText()).not.toMatch(/[{}]/);
    for (const size of [{ width: 375, height: 812 }, { width: 1280, height: 900 }]) {
      await employer.setViewportSize(size);
      await endField.scrollIntoViewIfNeeded();
      await shot(employer, 'sheets-fr-f1ce-refused-end');
    }
    await endField.fill(end);
    await confirmSend(employer, t.f1ce.submit);
    await employer.getByText(t.f1ce.done).waitFor();
    // The missions clarification opens with this send: the message leads there, to a page naming the apprentice.
    await employer.getByRole('link', { name: t.f1ce.missionsLink }).click();
    await employer.waitForURL(new RegExp(`/employeur/modification-missions/${id}$`));
    await employer.getByRole('heading', { level: 1, name: t.missions.title }).waitFor();
    await employer.getByText(t.missions.subtitleFor.replace('{{name}}', 'Camille Martin')).waitFor();

    // The school accepts the first contact and records the terms.
    const staff = await newPage();
    await signInAs(staff, demo('sophie.roux'));
    expect((await apiCall(staff, 'POST', `/staff/dossiers/${id}/first-contact`, { decision: 'accept' })).status).toBe(200);
    const terms = { coutFormationAnnuel: 8500, priseEnChargeOpco: 8000, resteACharge: 500, rythme: '3 jours entreprise / 2 jours école' };
    expect((await apiCall(staff, 'POST', `/staff/dossiers/${id}/modalites`, terms)).status).toBe(200);

    // The employer home lists the case and leads to the funding validation; the missions stay open beside it.
    await employer.goto('/');
    const card = employer.getByRole('article').filter({ hasText: 'Camille Martin' });
    await card.getByRole('link', { name: frEmployer.actions.missions }).waitFor();
    await card.getByRole('link', { name: frEmployer.actions.fundingValidation }).click();
    await employer.waitForURL(new RegExp(`/employeur/validation-financement/${id}$`));
    await employer.getByRole('radio', { name: new RegExp(t.funding.choices.accepted.label) }).check();
    await confirmSend(employer, t.funding.submit);
    await employer.getByText(t.funding.outcome.accepted).waitFor();
    const funding = await apiCall<FundingValidationResponse>(employer, 'GET', `/employeurs/validation-financement/${id}`);
    expect(funding.body.decision).toBe('accepted');

    // The applicant's part of the information sheet, step by step.
    await applicant.goto(`/admissible/fiche-renseignement/${id}`);
    await applicant.getByRole('heading', { level: 1, name: t.info.title.fra }).waitFor();
    const fraIdentity = applicant.getByRole('group', { name: t.sections.identity });
    expect(await fraIdentity.getByLabel(t.fields.nom, { exact: true }).inputValue()).toBe('Martin');
    // What the first contact said is already there.
    expect(await applicant.getByRole('combobox', { name: t.fields.departementNaissance, exact: true }).inputValue()).toBe('75');
    expect(await fraIdentity.getByLabel(t.fields.communeNaissance, { exact: true }).inputValue()).toBe('Paris');
    expect(await applicant.getByRole('combobox', { name: t.fields.nationalite, exact: true }).inputValue()).toBe('1');
    const address = applicant.getByRole('group', { name: t.sections.address, exact: true });
    expect(await address.getByLabel(t.fields.voie, { exact: true }).inputValue()).toBe('3 rue des Lilas');
    expect(await address.getByLabel(t.fields.commune, { exact: true }).inputValue()).toBe('Boulogne-Billancourt');
    await choose(applicant, t.fields.situationAvantContrat, 'Etudiant');
    await choose(applicant, t.fields.derniereClasse, "L'apprenti a suivi la 1ère année du cycle et l'a validée");
    await choose(applicant, t.fields.dernierDiplomeObtenu, 'Baccalauréat général');
    await choose(applicant, t.fields.plusHautDiplome, 'Baccalauréat général');
    await waitSaved(applicant, t, () => applicant.getByLabel(t.fields.rgpd).check());
    for (const step of ['company', 'opco', 'contract', 'contacts', 'billing'] as const) {
      await applicant.getByRole('button', { name: t.actions.next }).click();
      await applicant.getByRole('heading', { level: 2, name: new RegExp(t.info.steps[step]) }).waitFor();
    }
    await applicant.getByRole('button', { name: t.actions.next }).click();
    await confirmSend(applicant, t.info.send);
    // The company's part is not sent yet: the message says so, not that the contract is being prepared.
    await applicant.getByText(t.info.done.waitingEmployer).waitFor();

    // The employer's part.
    await employer.goto(`/employeur/fiche-renseignement/${id}`);
    await employer.getByRole('heading', { level: 1, name: t.info.title.fre }).waitFor();
    // The steps are tabs: arrow keys move between them, Enter opens one.
    await employer.getByRole('tab', { name: t.info.steps.applicant }).focus();
    await employer.keyboard.press('ArrowRight');
    await employer.keyboard.press('Enter');
    await employer.getByRole('heading', { level: 2, name: new RegExp(t.info.steps.company) }).waitFor();
    await fill(employer, t.fields.telephone, '01 23 45 67 89');
    await employer.getByLabel(t.fields.courriel, { exact: true }).fill('contact@ateliers-reunis.example');
    await fill(employer, t.fields.nombreSalaries, '42');
    // Given at the employer's first contact.
    expect(await employer.getByLabel(t.fields.caisseRetraiteComplementaire, { exact: true }).inputValue()).toBe('AG2R La Mondiale');
    expect(await employer.getByRole('combobox', { name: t.fields.regimeSocial, exact: true }).inputValue()).toBe('2');
    await choose(employer, t.fields.typeEmployeur, 'Entreprise inscrite uniquement au registre du commerce et des sociétés');
    await choose(employer, t.fields.employeurSpecifique, 'Aucun des cas ci-dessous');
    await employer.getByRole('button', { name: t.actions.next }).click();
    await employer.waitForFunction(
      () => (document.getElementById('field-opco-nom') as HTMLSelectElement | null)?.value === 'OPCO_ATLAS',
    ); // The OPCO follows from IDCC 1486 (the reference table), read-only: issue 28.
    await employer.getByRole('button', { name: t.actions.next }).click();
    await choose(employer, t.fields.typeContratApp, "Premier contrat d'apprentissage de l'apprenti");
    await choose(employer, t.fields.modeContractuel, 'Durée limitée');
    await choose(employer, t.fields.travailRisque, t.no);
    await employer.getByRole('region', { name: t.salary.pay.title }).waitFor();
    await employer.getByRole('button', { name: t.actions.next }).click();
    const masterInfo = employer.getByRole('group', { name: t.sections.master });
    await masterInfo.getByLabel(t.fields.dateNaissance, { exact: true }).fill('1975-03-02');
    await choose(employer, t.fields.niveauDiplome, "Master, DEA, DESS, diplôme d'ingénieur");
    const contacts = employer.getByRole('group', { name: t.sections.contacts });
    const courriels = contacts.getByLabel(t.fields.courriel, { exact: true });
    const noms = contacts.getByLabel(t.fields.nom, { exact: true });
    const prenoms = contacts.getByLabel(t.fields.prenom, { exact: true });
    for (const index of [0, 1, 2]) {
      await noms.nth(index).fill(['Roussel', 'Lemoine', 'Perrin'][index] ?? '');
      await prenoms.nth(index).fill(['Henri', 'Agathe', 'Paul'][index] ?? '');
      await courriels.nth(index).fill([`henri.roussel@example.test`, contactEmail, 'paul.perrin@example.test'][index] ?? '');
    }
    await employer.getByRole('button', { name: t.actions.next }).click();
    await waitSaved(employer, t, () => employer.getByLabel(t.fields.attestationEligibilite).check());
    await employer.getByRole('button', { name: t.actions.next }).click();
    await confirmSend(employer, t.info.send);
    await employer.getByText(t.info.done.contract).waitFor();
    const sent = await apiCall<SheetResponse<'fre'>>(employer, 'GET', `/employeurs/fiche-renseignement/${id}`);
    expect(sent.body.status).toBe('submitted');
    expect(sent.body.readOnly).toBe(true);
  });

  it('the applicant first-contact sheet in English, on a phone, by keyboard', { timeout: 120_000 }, async () => {
    const t = enSheets;
    const page = await newPage({ width: 375, height: 812, lang: 'en-US' });
    await signInAs(page, demo('nathan.garcia'));
    const created = await apiCall<{ id: number }>(page, 'POST', '/admissibles/dossiers');
    expect(created.status).toBe(201);
    await page.goto(`/admissible/fiche-premier-contact/${created.body.id}`);
    await page.getByRole('heading', { level: 1, name: t.f1ca.title }).waitFor();

    const identity = page.getByRole('group', { name: t.sections.identity });
    await identity.getByLabel(t.fields.nom, { exact: true }).focus();
    await page.keyboard.type('Garcia');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Nathan');
    // Sex: a native select, chosen with the keyboard's arrows.
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await eventually(() => page.getByRole('combobox', { name: t.fields.sexe }).inputValue()).toBe('M');
    await page.keyboard.press('Tab');
    await page.keyboard.type('05122003');
    // Chromium's date input moves through its own parts (month, day, year) with Tab first, then the birth place
    // (département, commune) and the nationality come before the NIR.
    for (let presses = 0; presses < 8; presses += 1) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.id)) === 'field-apprenti-nir') break;
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('field-apprenti-nir');
    // A malformed NIR is refused next to the field, in English.
    await page.keyboard.type('1234');
    await page.keyboard.press('Tab');
    await page.getByText('The social security number must have 15 characters, key included.').waitFor();
    await page.getByLabel(t.fields.nir, { exact: true }).fill('');
    await identity.getByLabel(t.fields.courriel, { exact: true }).fill('nathan.garcia@demo.passerelle.test');
    await identity.getByLabel(t.fields.telephone, { exact: true }).fill('0611223344');
    await page.getByLabel(t.fields.denomination, { exact: true }).fill('Garage Central');
    const contact = page.getByRole('group', { name: t.sections.contact });
    await contact.getByLabel(t.fields.prenom, { exact: true }).fill('Louise');
    await contact.getByLabel(t.fields.courriel, { exact: true }).fill(`louise.${Date.now()}@example.test`);

    // Sending an incomplete sheet: checked first (issue 9), so no "cannot be undone" confirmation for a sheet that
    // cannot be sent; the summary at the top, the focus on the first field to fix.
    await page.getByRole('button', { name: t.f1ca.submit, exact: true }).focus();
    await page.keyboard.press('Enter');

    // The contact's last name is missing: said at the top, whose name it is, and next to the field, which gets the focus.
    await page.getByText(t.summary.errorsTitle).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('link', { name: `${t.fields.nom} (${t.people.companyContact}): This field is required.` }).waitFor();
    await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('field-contacts-contactEntreprise-nom');
    expect(await contact.getByLabel(t.fields.nom, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await contact.getByText('This field is required.').waitFor();
    await page.keyboard.type('Blanc');
    await confirmSend(page, t.f1ca.submit);
    await page.getByText(t.f1ca.done).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
