import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  canDeleteDossier,
  computeSteps,
  dossierActions,
  dossierBadge,
  isDossierClosed,
  type CmsInfo,
  type Dossier,
  type OffersQuery,
} from '@passerelle/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enPortal from '../apps/web/src/locales/en-US/portal.json' with { type: 'json' };
import frPortal from '../apps/web/src/locales/fr-FR/portal.json' with { type: 'json' };
import { newPage, signInAs } from './support.ts';

const demo = (local: string) => `${local}@demo.passerelle.test`;

/** Waits for what the page shows after sign-in, lazy screens and requests (vitest's poll gives up after 1 s). */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 10_000, interval: 100 });

/** Calls the API from the page, with the signed-in person's token, as the app does. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const store = JSON.parse(localStorage.getItem('passerelle.store') ?? '{}') as { token?: string };
    const res = await fetch(`/api${p}`, { headers: { Authorization: `Bearer ${store.token ?? ''}`, Accept: 'application/json' } });
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    return (await res.json()) as unknown;
  }, path) as Promise<T>;
}

const totalOffers = async (page: Page, query: Partial<Record<keyof OffersQuery, string>> = {}) =>
  (await apiGet<{ totalOffers: number }>(page, `/admissibles/portal/offers?${new URLSearchParams({ page: '1', ...query }).toString()}`)).totalOffers;

/** A small but well-formed PDF: the server checks the bytes, not the name. */
const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n' +
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

describe('applicant home', () => {
  it('highlights the card named by the hash, and translated feed links navigate inside the app', async () => {
    const page = await newPage();
    await signInAs(page, demo('camille.martin'));
    await page.goto('/espace-admissible#documents');

    const documents = page.locator('#documents');
    await eventually(() => documents.getAttribute('data-highlighted')).toBe('true');
    await eventually(() => documents.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight && el.getBoundingClientRect().bottom > 0)).toBe(true);
    expect(await page.locator('#news').getAttribute('data-highlighted')).toBeNull();
    await documents.getByText('Guide de l’alternant').waitFor();

    // The buttons follow the feed's dossier state.
    const cms = await apiGet<CmsInfo>(page, '/admissibles/portal/cms?lang=fr');
    expect(await page.getByRole('link', { name: 'Voir mes dossiers' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Chercher une entreprise' }).count()).toBe(cms.isDossierOngoing ? 0 : 1);

    // A link with a translation key: translated label, in-app navigation (the page is not reloaded), hash honoured.
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    const information = page.locator('#information');
    await information.getByRole('link', { name: frPortal.information.offersLink }).click();
    await page.waitForURL('**/espace-admissible/recherche#offers');
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await eventually(() => page.locator('#offers').getAttribute('data-highlighted')).toBe('true');

    // An http link stays a normal link to the outside.
    await page.goBack();
    const external = information.getByRole('link', { name: frPortal.information.officialPortalLink });
    expect(await external.getAttribute('href')).toMatch(/^https?:\/\//);
  });

  it('shows the English labels of the feed links and of the public files', async () => {
    const page = await newPage({ lang: 'en-US' });
    await signInAs(page, demo('olivia.smith'));
    await page.goto('/espace-admissible');
    await page.locator('#information').getByRole('link', { name: enPortal.information.casesLink }).waitFor();
    await page.locator('#documents').getByText(enPortal.publicFiles.charter).waitFor();

    // The attestation opens in a tab: a PDF naming the CFA, sealed (issue 28).
    const address = '/api/admissibles/portal/attestations/admissibilite';
    const popup = page.waitForEvent('popup');
    const answered = page.waitForResponse((res) => res.url().endsWith(address));
    await page.getByRole('button', { name: enPortal.home.attestations.admissibilite }).click();
    const tab = await popup;
    await tab.waitForURL(/^blob:/);
    expect((await answered).status()).toBe(200);
    // The file read again with the person's token (the page's policy lets no script read the tab's blob).
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('passerelle.store') ?? '{}') as { token?: string }).token,
    );
    const again = await page.request.get(address, { headers: { Authorization: `Bearer ${token ?? ''}` } });
    expect(again.status()).toBe(200);
    const bytes = await again.body();
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'passerelle-e2e-')), 'attestation.pdf');
    writeFileSync(file, bytes);
    expect(execFileSync('pdfsig', [file], { encoding: 'utf8' })).toContain('Signature is Valid');
    expect(execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })).toMatch(/UAI \d{7}[A-Z]/);
    rmSync(path.dirname(file), { recursive: true, force: true });
  });
});

describe('offers', () => {
  it('pages through offers 20 at a time with at most 5 page buttons', async () => {
    const page = await newPage();
    await signInAs(page, demo('camille.martin'));
    await page.goto('/espace-admissible/recherche');
    const offers = page.locator('#offers');
    const total = await totalOffers(page);
    expect(total).toBeGreaterThan(20);

    await offers.getByText(`${total} offres`).waitFor();
    const headings = offers.getByRole('heading', { level: 3 });
    // The first list comes five offers per task, then its page buttons (offers-card.tsx): all there once those show.
    const pages = offers.getByRole('navigation', { name: frPortal.offers.pagination });
    await pages.waitFor();
    expect(await headings.count()).toBe(20);
    const firstOnPageOne = await headings.first().textContent();

    const pageButtons = pages.getByRole('button', { name: /page \d+/i });
    expect(await pageButtons.count()).toBeLessThanOrEqual(5);
    await pages.getByRole('button', { name: 'Aller à la page 2' }).click();
    await pages.getByRole('button', { name: 'Page 2, page actuelle' }).waitFor();
    await eventually(() => headings.first().textContent()).not.toBe(firstOnPageOne);
    expect(await headings.count()).toBe(Math.min(20, total - 20));

    // An offer opens with its apply button: a new tab for a link, a mailto for a mail.
    await headings.first().getByRole('button').click();
    const apply = offers.getByRole('link', { name: /^Postuler à l’offre/ }).first();
    await apply.waitFor();
    const href = (await apply.getAttribute('href')) ?? '';
    if (href.startsWith('mailto:')) expect(await apply.getAttribute('target')).toBeNull();
    else expect(await apply.getAttribute('target')).toBe('_blank');
  });

  it('searches once typing pauses, from 2 characters, back on page 1, with the two empty messages', async () => {
    const page = await newPage();
    await signInAs(page, demo('camille.martin'));
    await page.goto('/espace-admissible/recherche');
    const offers = page.locator('#offers');
    const total = await totalOffers(page);
    await offers.getByText(`${total} offres`).waitFor();
    await offers.getByRole('navigation').getByRole('button', { name: 'Aller à la page 2' }).click();
    await offers.getByRole('button', { name: 'Page 2, page actuelle' }).waitFor();

    const rare = await totalOffers(page, { query: 'Zéphyrine' });
    expect(rare).toBeGreaterThan(0);
    const queried: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/admissibles/portal/offers' && url.searchParams.has('query')) queried.push(url);
    });
    const search = offers.getByRole('searchbox', { name: frPortal.offers.searchLabel });

    // One character: no search, a hint.
    await search.pressSequentially('Z');
    await offers.getByText('Saisissez au moins 2 caractères').waitFor();
    await page.waitForTimeout(400);
    expect(queried).toHaveLength(0);

    // Typed at 40 ms a key: one request once typing stops (200 ms debounce), on page 1.
    await search.pressSequentially('éphyrine', { delay: 40 });
    await offers.getByText(rare === 1 ? '1 offre' : `${rare} offres`, { exact: true }).waitFor();
    expect(queried.map((url) => [url.searchParams.get('query'), url.searchParams.get('page')])).toEqual([['Zéphyrine', '1']]);
    await eventually(() => offers.getByRole('heading', { level: 3 }).count()).toBe(rare);
    // 20 or fewer: no pagination.
    expect(await offers.getByRole('navigation', { name: frPortal.offers.pagination }).count()).toBe(0);

    await search.fill('xqzwvkjh');
    await offers.getByText(frPortal.offers.emptyFiltered).waitFor();

    // The date filters: a window before any offer.
    await search.fill('');
    await offers.getByLabel(frPortal.offers.publishedBefore).fill('2000-01-01');
    await offers.getByText(frPortal.offers.emptyFiltered).waitFor();
    await offers.getByLabel(frPortal.offers.publishedBefore).fill('');
    await offers.getByText(`${total} offres`).waitFor();
  });
});

describe('workshops', () => {
  it('registers after confirmation, refuses a second workshop, and unregisters', async () => {
    const page = await newPage();
    await signInAs(page, demo('jules.lefebvre'));
    await page.goto('/espace-admissible/recherche');
    const card = page.locator('#workshops');
    const cms = await apiGet<CmsInfo>(page, '/admissibles/portal/cms?lang=fr');
    expect(cms.ateliers.list.some((w) => w.isInscrit)).toBe(false);
    const open = cms.ateliers.list.filter((w) => w.quota > w.nbIns);
    expect(open.length).toBeGreaterThanOrEqual(2);
    const [first, second] = open as [CmsInfo['ateliers']['list'][number], CmsInfo['ateliers']['list'][number]];
    const placesBefore = first.quota - first.nbIns;

    await card.getByRole('button', { name: `S’inscrire à l’atelier ${first.title}` }).click();
    const dialog = page.getByRole('dialog', { name: frPortal.workshops.confirmRegisterTitle });
    const [y, m, d] = first.date.split('-');
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain(`${d}/${m}/${y}`);
    expect(text).toContain(`de ${first.startHour.slice(0, 5)} à ${first.endHour.slice(0, 5)}`);
    await dialog.getByRole('button', { name: 'Oui' }).click();

    await card.getByText(frPortal.workshops.registeredSuccess).waitFor();
    await card.getByRole('button', { name: `Se désinscrire de l’atelier ${first.title}` }).waitFor();
    const after = await apiGet<CmsInfo>(page, '/admissibles/portal/cms?lang=fr');
    expect(after.ateliers.list.find((w) => w.id === first.id)).toMatchObject({ isInscrit: true, nbIns: first.nbIns + 1 });

    // SPEC: one workshop at a time, said before any confirmation: the other workshops cannot be chosen.
    await card.getByText(frPortal.workshops.onlyOne.replace('{{title}}', first.title)).waitFor();
    const others = card.getByRole('button', { name: frPortal.workshops.registeredElsewhere });
    expect(await others.count()).toBeGreaterThanOrEqual(1);
    for (const button of await others.all()) expect(await button.isDisabled()).toBe(true);
    expect(await card.getByRole('button', { name: `S’inscrire à l’atelier ${second.title}` }).count()).toBe(0);

    await card.getByRole('button', { name: `Se désinscrire de l’atelier ${first.title}` }).click();
    await page.getByRole('dialog', { name: frPortal.workshops.confirmUnregisterTitle }).getByRole('button', { name: 'Oui' }).click();
    await card.getByText(frPortal.workshops.unregisteredSuccess).waitFor();
    await card.getByText(`${placesBefore} places restantes`).first().waitFor();
    const reverted = await apiGet<CmsInfo>(page, '/admissibles/portal/cms?lang=fr');
    expect(reverted.ateliers.list.find((w) => w.id === first.id)?.isInscrit).toBe(false);
  });
});

describe('CV', () => {
  it('refuses a wrong type, uploads a PDF, lists it numbered and opens it', async () => {
    const page = await newPage({ lang: 'en-US' });
    await signInAs(page, demo('olivia.smith'));
    await page.goto('/espace-admissible/recherche');
    const card = page.locator('#cv');
    const input = card.getByLabel(enPortal.cv.fileLabel);
    await input.waitFor();
    const send = card.getByRole('button', { name: enPortal.upload.send });

    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await card.getByText('Unsupported file type. Please select a file with a valid extension: .pdf').waitFor();
    expect(await input.inputValue()).toBe('');
    expect(await send.isDisabled()).toBe(true);

    const before = (await apiGet<{ documents: { cv: unknown[] } }>(page, '/admissibles/portal/infos')).documents.cv.length;
    await input.setInputFiles({ name: 'my-cv.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES });
    await send.click();
    await card.getByText(enPortal.upload.sent).waitFor();
    const rows = card.getByRole('table', { name: enPortal.cv.listLabel }).getByRole('row');
    await eventually(() => rows.count()).toBe(before + 2);
    const newest = rows.nth(1);
    expect(await newest.getByRole('cell').first().textContent()).toBe(`CV ${before + 1}`);
    expect(await newest.getByRole('cell').nth(1).textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}$/);

    const popup = page.waitForEvent('popup');
    await newest.getByRole('button', { name: `Open CV ${before + 1}` }).click();
    const tab = await popup;
    await tab.waitForURL(/^blob:/);
    expect(tab.url()).toMatch(/^blob:http/);
  });
});

describe('employer-search tracking', () => {
  it('creates an entry, edits it, and deletes it', async () => {
    const page = await newPage();
    await signInAs(page, demo('hugo.durand'));
    await page.goto('/espace-admissible/recherche');
    const company = `Atelier Lumière ${Date.now()}`;

    await page.locator('#tracking').getByRole('link', { name: frPortal.tracking.add }).click();
    await page.waitForURL('**/admissible/suiviRechercheEmployeur');
    await page.getByRole('heading', { name: 'Nouvelle candidature' }).waitFor();
    await page.getByRole('textbox', { name: 'Entreprise visée' }).fill(company);
    await page.getByRole('textbox', { name: 'Poste' }).fill('Alternant·e chef·fe de projet');
    await page.getByLabel('Date de candidature').fill('2026-10-05');
    await page.getByRole('combobox', { name: 'Type de candidature' }).selectOption({ label: 'Réponse à une offre' });
    const email = page.getByRole('textbox', { name: 'E-mail du contact' });
    await email.fill('pas-une-adresse');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await eventually(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toContain('/admissible/suiviRechercheEmployeur');
    await email.fill('recrutement@atelier-lumiere.fr');
    await page.getByRole('button', { name: 'Enregistrer' }).click();

    await page.waitForURL('**/espace-admissible/recherche');
    await page.getByText(frPortal.tracking.saved.created).waitFor();
    const tracking = page.locator('#tracking');
    const row = tracking.getByRole('row', { name: new RegExp(company) });
    await row.getByRole('cell', { name: frPortal.tracking.status.envoyee, exact: true }).waitFor();

    await row.getByRole('link', { name: `Modifier la candidature chez ${company}` }).click();
    await page.getByRole('heading', { name: 'Modifier la candidature' }).waitFor();
    await eventually(() => page.getByRole('textbox', { name: 'E-mail du contact' }).inputValue()).toBe('recrutement@atelier-lumiere.fr');
    await page.getByLabel('Date de relance').fill('2026-10-19');
    await page.getByRole('combobox', { name: 'Moyen de relance' }).selectOption({ label: 'Téléphone' });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText(frPortal.tracking.saved.updated).waitFor();
    await row.getByRole('cell', { name: frPortal.tracking.status.relance, exact: true }).waitFor();

    await row.getByRole('link', { name: `Modifier la candidature chez ${company}` }).click();
    await page.getByRole('combobox', { name: 'Réponse' }).selectOption({ label: 'Positive' });
    await page.getByLabel('Date de la réponse').fill('2026-10-25');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText(frPortal.tracking.saved.updated).waitFor();
    await row.getByRole('cell', { name: frPortal.tracking.status.positif, exact: true }).waitFor();

    await row.getByRole('link', { name: `Modifier la candidature chez ${company}` }).click();
    await page.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('dialog', { name: 'Supprimer cette candidature ?' }).getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText(frPortal.tracking.saved.deleted).waitFor();
    await eventually(() => tracking.getByText(company).count()).toBe(0);
  });
});

describe('cases', () => {
  const badgeLabel = (statut: number) => frPortal.cases.badges[dossierBadge(statut)];
  const actionLabel = (kind: string) => frPortal.cases.actions[kind as keyof typeof frPortal.cases.actions];

  async function checkCases(email: string, width: number) {
    const page = await newPage({ width });
    await signInAs(page, demo(email));
    await page.goto('/espace-admissible/dossiers');
    const dossiers = await apiGet<Dossier[]>(page, '/admissibles/portal/dossiers');
    expect(dossiers.length).toBeGreaterThan(0);
    const articles = page.getByRole('article');
    await eventually(() => articles.count()).toBe(dossiers.length);

    // Current cases first, then the closed ones under their own heading; the first one shown is open.
    const listed = [...dossiers.filter((d) => !isDossierClosed(d.dossierStatut)), ...dossiers.filter((d) => isDossierClosed(d.dossierStatut))];
    for (const [index, dossier] of listed.entries()) {
      const article = articles.nth(index);
      const toggle = article.getByRole('heading', { level: 3 }).getByRole('button');
      expect(await toggle.textContent()).toContain(dossier.dossierName ?? frPortal.cases.newCase);
      expect(await toggle.textContent()).toContain(`Dossier n° ${dossier.id}`);
      expect(await toggle.textContent()).toContain(badgeLabel(dossier.dossierStatut));
      // Long form on a wide screen, dd/mm/yyyy under 768 px.
      expect(await toggle.textContent()).toMatch(width < 768 ? /mis à jour le \d{2}\/\d{2}\/\d{4}/i : /mis à jour le (lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) /i);
      expect(await toggle.getAttribute('aria-expanded')).toBe(index === 0 ? 'true' : 'false');

      const expected = [
        ...dossierActions(dossier).map((action) => actionLabel(action.kind)),
        ...(canDeleteDossier(dossier) ? [frPortal.cases.delete] : []),
      ];
      const shown = await article.locator(':scope > div').first().locator('a, button:not([aria-expanded])').allTextContents();
      expect(shown).toEqual(expected);

      if (index > 0) await toggle.click();
      const steps = article.getByRole('list', { name: frPortal.cases.progress }).getByRole('listitem');
      await eventually(() => steps.count()).toBe(6);
      expect(await steps.evaluateAll((items) => items.map((item) => item.getAttribute('data-state')))).toEqual(
        computeSteps(dossier.etapeStatus).map((step) => step.state),
      );
      expect(await article.getByText(frPortal.cases.archived).count()).toBe(dossier.dossierStatut === 9 ? 1 : 0);
    }
    await page.locator('#documents').waitFor();
    return { page, dossiers };
  }

  it('shows a signed contract and an archived case, and opens the signed contract', async () => {
    const { page, dossiers } = await checkCases('noah.simon', 1280);
    expect(dossiers.map((d) => d.dossierStatut).sort()).toEqual([8, 9]);
    const signed = page.getByRole('article').filter({ hasText: badgeLabel(8) });
    const popup = page.waitForEvent('popup');
    await signed.getByRole('button', { name: frPortal.cases.actions.signedContract }).click();
    const tab = await popup;
    await tab.waitForURL(/^blob:/);
    // ESILV: "or more" in the attestation title.
    await page.locator('#documents').getByText(/Attestation de Bac\+\d+ ou plus/).waitFor();
  });

  it('shows a contract being terminated and a broken one on a phone', async () => {
    const { dossiers } = await checkCases('sarah.leroy', 375);
    expect(dossiers.map((d) => d.dossierStatut).sort((a, b) => a - b)).toEqual([12, 13]);
  });

  it('shows the first-contact and information-sheet actions and the addendum', async () => {
    await checkCases('camille.martin', 1280);
    await checkCases('hugo.durand', 1280);
    const { dossiers } = await checkCases('jules.lefebvre', 1280);
    expect(dossiers.some((d) => d.dossierCerfaAvenant)).toBe(true);
  });
});
