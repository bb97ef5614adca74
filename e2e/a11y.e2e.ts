import type { EmployerDossier, SheetResponse } from '@passerelle/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enCommon from '../apps/web/src/locales/en-US/common.json' with { type: 'json' };
import enEmployer from '../apps/web/src/locales/en-US/employer.json' with { type: 'json' };
import enPortal from '../apps/web/src/locales/en-US/portal.json' with { type: 'json' };
import enSheets from '../apps/web/src/locales/en-US/sheets.json' with { type: 'json' };
import enStaff from '../apps/web/src/locales/en-US/staff.json' with { type: 'json' };
import enStaffCase from '../apps/web/src/locales/en-US/staff-case.json' with { type: 'json' };
import enTracking from '../apps/web/src/locales/en-US/tracking.json' with { type: 'json' };
import frCommon from '../apps/web/src/locales/fr-FR/common.json' with { type: 'json' };
import frEmployer from '../apps/web/src/locales/fr-FR/employer.json' with { type: 'json' };
import frPortal from '../apps/web/src/locales/fr-FR/portal.json' with { type: 'json' };
import frSheets from '../apps/web/src/locales/fr-FR/sheets.json' with { type: 'json' };
import frStaff from '../apps/web/src/locales/fr-FR/staff.json' with { type: 'json' };
import frStaffCase from '../apps/web/src/locales/fr-FR/staff-case.json' with { type: 'json' };
import frTracking from '../apps/web/src/locales/fr-FR/tracking.json' with { type: 'json' };
import { apiCall, isoPlusDays, makeSiret } from './sheets-support.ts';
import { axeViolations, demoAccounts, newPage, openMailLink, shot, signInAs, waitForMail, waitUntilSettled } from './support.ts';

/**
 * Every screen of the product, in both languages (and the dark theme), checked by axe-core against WCAG 2.1 A and AA
 * once its data shows, each further state too (menus, dialogs, the seven steps of the information sheet).
 * The dossiers the screens need are made through the product's own API, so no demo account's state matters.
 */

type Lang = 'fr-FR' | 'en-US';
const texts = {
  'fr-FR': { common: frCommon, portal: frPortal, sheets: frSheets, employer: frEmployer, tracking: frTracking, staff: frStaff, staffCase: frStaffCase },
  'en-US': { common: enCommon, portal: enPortal, sheets: enSheets, employer: enEmployer, tracking: enTracking, staff: enStaff, staffCase: enStaffCase },
} satisfies Record<Lang, unknown>;
type Texts = (typeof texts)[Lang];

/** Accounts the other journeys use: this file's data stays out of their way, and theirs out of its. */
const usedElsewhere = new Set(['camille.martin', 'olivia.smith', 'hugo.durand', 'jules.lefebvre', 'nathan.garcia']);

interface Seed {
  applicant: Page;
  employer: Page;
  staff: Page;
  visitor: Page;
  /** Brought to the information sheet: both parts open. */
  infoSheet: number;
  /** Terms recorded, the employer's funding answer awaited. */
  funding: number;
  /** The applicant's first contact sent, the employer's open. */
  employerFirstContact: number;
  /** Just created: the applicant's first contact open. */
  draft: number;
  tracking: number;
}

let seed: Seed;

async function createDossier(applicant: Page): Promise<number> {
  const created = await apiCall<{ id: number }>(applicant, 'POST', '/admissibles/dossiers');
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

async function sendApplicantFirstContact(applicant: Page, id: number, applicantEmail: string, contactEmail: string) {
  const sheet = await apiCall<SheetResponse<'f1ca'>>(applicant, 'GET', `/admissibles/fiche-premier-contact/${id}`);
  const typeContrat = sheet.body.formation?.contractTypes[0] ?? 'APP';
  const body = {
    apprenti: {
      nom: 'Mercier',
      prenom: 'Alix',
      sexe: 'F',
      dateNaissance: '2004-03-08',
      departementNaissance: '69',
      communeNaissance: 'Lyon',
      nationalite: '1',
      courriel: applicantEmail,
      telephone: '06 11 22 33 44',
      adresse: { voie: '5 place Bellecour', codePostal: '69002', commune: 'Lyon' },
    },
    employeur: { denomination: 'Atelier Contraste' },
    contacts: { contactEntreprise: { nom: 'Garnier', prenom: 'Lise', courriel: contactEmail, fonction: 'DRH' } },
    contrat: { typeContrat, intitulePoste: 'Chargée de communication' },
  };
  const sent = await apiCall(applicant, 'POST', `/admissibles/fiche-premier-contact/${id}/submit`, body);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return typeContrat;
}

async function sendEmployerFirstContact(employer: Page, id: number, typeContrat: string, contactEmail: string) {
  const sheet = await apiCall<SheetResponse<'f1ce'>>(employer, 'GET', `/employeurs/fiche-premier-contact/${id}`);
  const formation = sheet.body.formation;
  const body = {
    employeur: {
      denomination: 'Atelier Contraste',
      siret: makeSiret(),
      codeIdcc: '1486',
      adresse: { voie: '20 rue de la République', codePostal: '69002', commune: 'Lyon' },
    },
    maitre1: { nom: 'Garnier', prenom: 'Lise', courriel: contactEmail, emploiOccupe: 'Directrice' },
    contrat: {
      typeContrat,
      intitulePoste: 'Chargée de communication',
      dateDebutContrat: formation?.dateDebutFormation ?? '2026-09-01',
      dateFinContrat: isoPlusDays(formation?.dateFinFormation ?? '2027-07-31', 1),
      dureeTravailHebdoHeures: 35,
      salaireBrutMensuel: 1900,
    },
    contacts: { signataire: { nom: 'Garnier', prenom: 'Lise', courriel: contactEmail } },
  };
  const sent = await apiCall(employer, 'POST', `/employeurs/fiche-premier-contact/${id}/submit`, body);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
}

async function acceptWithTerms(staff: Page, id: number) {
  expect((await apiCall(staff, 'POST', `/staff/dossiers/${id}/first-contact`, { decision: 'accept' })).status).toBe(200);
  const terms = { coutFormationAnnuel: 8200, priseEnChargeOpco: 8000, resteACharge: 200, rythme: '3 jours / 2 jours' };
  expect((await apiCall(staff, 'POST', `/staff/dossiers/${id}/modalites`, terms)).status).toBe(200);
}

beforeAll(async () => {
  const accounts = await demoAccounts();
  const pick = (type: string) => {
    const found =
      accounts.find((a) => a.userType === type && !usedElsewhere.has(a.email.split('@')[0] ?? '')) ??
      accounts.find((a) => a.userType === type);
    if (!found) throw new Error(`no ${type} demo account to sign in with`);
    return found.email;
  };
  const applicantEmail = pick('admissible');
  const contactEmail = `lise.garnier.${Date.now()}@example.test`;

  const applicant = await newPage();
  await signInAs(applicant, applicantEmail);
  const staff = await newPage();
  await signInAs(staff, pick('staff'));

  const infoSheet = await createDossier(applicant);
  const typeContrat = await sendApplicantFirstContact(applicant, infoSheet, applicantEmail, contactEmail);
  const employer = await newPage();
  await openMailLink(employer, (await waitForMail(contactEmail)).link);
  await sendEmployerFirstContact(employer, infoSheet, typeContrat, contactEmail);
  await acceptWithTerms(staff, infoSheet);
  const accepted = await apiCall(employer, 'POST', `/employeurs/validation-financement/${infoSheet}`, { decision: 'accepted' });
  expect(accepted.status).toBe(200);

  // The same contact again: the invitation goes to the account the first one made, which sees every one of these.
  const funding = await createDossier(applicant);
  await sendApplicantFirstContact(applicant, funding, applicantEmail, contactEmail);
  await sendEmployerFirstContact(employer, funding, typeContrat, contactEmail);
  await acceptWithTerms(staff, funding);

  const employerFirstContact = await createDossier(applicant);
  await sendApplicantFirstContact(applicant, employerFirstContact, applicantEmail, contactEmail);
  const cases = await apiCall<EmployerDossier[]>(employer, 'GET', '/employeurs/dossiers');
  expect(cases.body.map((c) => c.id)).toEqual(expect.arrayContaining([infoSheet, funding, employerFirstContact]));

  const draft = await createDossier(applicant);
  const tracking = await apiCall<{ id: number }>(applicant, 'POST', '/admissibles/portal/suiviRechercheEmployeur', {
    targetCompany: 'Atelier Contraste',
    position: 'Chargée de communication',
    applicationDate: '2026-03-02',
    applicationType: 'spontanee',
  });
  expect(tracking.status, JSON.stringify(tracking.body)).toBe(201);

  const visitor = await newPage();
  // At the portal's address, where the language is stored.
  await visitor.goto('/');
  seed = {
    applicant,
    employer,
    staff,
    visitor,
    infoSheet,
    funding,
    employerFirstContact,
    draft,
    tracking: tracking.body.id,
  };
}, 120_000);

afterAll(async () => {
  await Promise.all([seed.applicant, seed.employer, seed.staff, seed.visitor].map((page) => page.context().close()));
});

type TitleKey = keyof Texts['common']['titles'];

interface Screen {
  name: string;
  who: 'visitor' | 'applicant' | 'employer' | 'staff';
  path: () => string;
  /** The route's title, in the document title once the screen is the current one. */
  title: TitleKey;
  /** What shows once the screen has its data. */
  ready?: (page: Page, t: Texts) => Promise<unknown>;
  /** Further states of the screen, each checked in turn: a menu or dialog opened, another step. */
  states?: { name: string; reach: (page: Page, t: Texts) => Promise<unknown> }[];
}

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();
const visibleText = (page: Page, text: string) => page.getByText(text).first().waitFor();

/** A visible field holding `value`, as the person sees it (the page writes a field's value, not its value attribute). */
const fieldHolding = (page: Page, value: string) =>
  page.waitForFunction(
    (expected) =>
      [...document.querySelectorAll<HTMLInputElement>('input')].some(
        (input) => input.value === expected && input.getClientRects().length > 0,
      ),
    value,
  );

/** Each step of an information sheet, reached from its stepper as a person clicks it. */
const informationSteps = (['company', 'opco', 'contract', 'contacts', 'billing', 'send'] as const).map((step) => ({
  name: `step ${step}`,
  reach: async (page: Page, t: Texts) => {
    const title = t.sheets.info.steps[step];
    await page.getByRole('tablist', { name: t.sheets.info.stepsLabel }).getByRole('tab', { name: title }).click();
    await page.getByRole('heading', { level: 2, name: new RegExp(`${title}$`) }).waitFor();
  },
}));

const screens: Screen[] = [
  {
    name: 'visitor home',
    who: 'visitor',
    path: () => '/',
    title: 'home',
    ready: (p, t) => p.getByRole('button', { name: t.common.loginLink.submit }).waitFor(),
    states: [
      {
        name: 'user menu',
        reach: async (p, t) => {
          await p.getByRole('button', { name: t.common.layout.userMenu }).click();
          await p.getByRole('menu').waitFor();
        },
      },
    ],
  },
  { name: 'about', who: 'visitor', path: () => '/about', title: 'about' },
  { name: 'unauthorized', who: 'visitor', path: () => '/unauthorized', title: 'unauthorized' },
  { name: 'forbidden', who: 'visitor', path: () => '/forbidden', title: 'forbidden' },
  { name: 'archived', who: 'visitor', path: () => '/archived', title: 'archived' },
  { name: 'not found', who: 'visitor', path: () => '/404', title: 'notFound' },
  { name: 'gone', who: 'visitor', path: () => '/410', title: 'gone' },
  {
    name: 'applicant home',
    who: 'applicant',
    path: () => '/espace-admissible',
    title: 'portalHome',
    ready: (p, t) => p.getByRole('link', { name: t.portal.home.toCases }).first().waitFor(),
    states: [
      {
        name: 'user menu',
        reach: async (p, t) => {
          await p.getByRole('button', { name: t.common.layout.userMenu }).click();
          await p.getByRole('menu').waitFor();
        },
      },
    ],
  },
  {
    name: 'applicant search',
    who: 'applicant',
    path: () => '/espace-admissible/recherche',
    title: 'portalSearch',
    ready: async (p) => {
      await p.locator('#offers').getByRole('heading', { level: 3 }).first().waitFor();
      await p.getByRole('link', { name: /Atelier Contraste/ }).first().waitFor();
    },
  },
  {
    name: 'applicant cases',
    who: 'applicant',
    path: () => '/espace-admissible/dossiers',
    title: 'portalCases',
    ready: (p, t) => visibleText(p, t.portal.cases.number.replace('{{id}}', String(seed.draft))),
  },
  {
    name: 'new tracking entry',
    who: 'applicant',
    path: () => '/admissible/suiviRechercheEmployeur',
    title: 'tracking',
    ready: (p, t) => h1(p, t.tracking.titleNew),
  },
  {
    name: 'tracking entry',
    who: 'applicant',
    path: () => `/admissible/suiviRechercheEmployeur/${seed.tracking}`,
    title: 'tracking',
    ready: async (p, t) => {
      await h1(p, t.tracking.titleEdit);
      await fieldHolding(p, 'Atelier Contraste');
    },
    states: [
      {
        name: 'delete confirmation',
        reach: async (p, t) => {
          await p.getByRole('button', { name: t.tracking.delete }).click();
          await p.getByRole('dialog').waitFor();
        },
      },
    ],
  },
  {
    name: 'applicant first contact, open',
    who: 'applicant',
    path: () => `/admissible/fiche-premier-contact/${seed.draft}`,
    title: 'applicantFirstContact',
    ready: (p, t) => visibleText(p, t.sheets.summary.warningsTitle),
  },
  {
    name: 'applicant first contact, sent',
    who: 'applicant',
    path: () => `/admissible/fiche-premier-contact/${seed.employerFirstContact}`,
    title: 'applicantFirstContact',
    ready: (p, t) => visibleText(p, t.sheets.readOnly.sentText),
  },
  {
    name: 'applicant information sheet',
    who: 'applicant',
    path: () => `/admissible/fiche-renseignement/${seed.infoSheet}`,
    title: 'applicantInformationSheet',
    ready: (p) => fieldHolding(p, 'Mercier'),
    states: informationSteps,
  },
  { name: 'signature', who: 'applicant', path: () => `/signature/${seed.infoSheet}`, title: 'signature' },
  { name: 'survey', who: 'applicant', path: () => `/sondage/1/${seed.infoSheet}`, title: 'survey' },
  {
    name: 'employer home',
    who: 'employer',
    path: () => '/',
    title: 'home',
    ready: (p, t) => visibleText(p, t.employer.number.replace('{{id}}', String(seed.infoSheet))),
  },
  {
    name: 'employer first contact, open',
    who: 'employer',
    path: () => `/employeur/fiche-premier-contact/${seed.employerFirstContact}`,
    title: 'employerFirstContact',
    ready: (p) => fieldHolding(p, 'Atelier Contraste'),
  },
  {
    name: 'employer first contact, sent',
    who: 'employer',
    path: () => `/employeur/fiche-premier-contact/${seed.infoSheet}`,
    title: 'employerFirstContact',
    ready: (p, t) => visibleText(p, t.sheets.readOnly.sentText),
  },
  {
    name: 'funding validation',
    who: 'employer',
    path: () => `/employeur/validation-financement/${seed.funding}`,
    title: 'funding',
    ready: (p, t) => visibleText(p, t.sheets.funding.termsTitle),
    states: [
      {
        name: 'confirmation',
        reach: async (p, t) => {
          await p.getByRole('radio', { name: new RegExp(t.sheets.funding.choices.accepted.label) }).check();
          await p.getByRole('button', { name: t.sheets.funding.submit }).click();
          await p.getByRole('dialog').waitFor();
        },
      },
    ],
  },
  {
    name: 'funding validation, answered',
    who: 'employer',
    path: () => `/employeur/validation-financement/${seed.infoSheet}`,
    title: 'funding',
    ready: (p, t) => visibleText(p, t.sheets.funding.outcome.accepted),
  },
  {
    name: 'missions',
    who: 'employer',
    path: () => `/employeur/modification-missions/${seed.funding}`,
    title: 'missions',
    ready: (p, t) => h1(p, t.sheets.missions.title),
  },
  {
    name: 'employer information sheet',
    who: 'employer',
    path: () => `/employeur/fiche-renseignement/${seed.infoSheet}`,
    title: 'employerInformationSheet',
    // It opens on the apprentice's step: the applicant's answers, as text to read.
    ready: (p) => p.getByText('Mercier', { exact: true }).first().waitFor(),
    states: informationSteps,
  },
  {
    // Staff have no home of their own: '/' leads them to the pipeline (issue 10).
    name: 'staff pipeline',
    who: 'staff',
    path: () => '/',
    title: 'staffPipeline',
    ready: (p, t) => p.getByRole('table', { name: t.staff.results.label }).waitFor(),
    states: [
      {
        name: 'filtered by a status counter',
        reach: async (p, t) => {
          const counters = p.getByRole('list', { name: t.staff.counters.label });
          await counters.getByRole('button', { pressed: false }).first().click();
          await counters.getByRole('button', { pressed: true }).first().waitFor();
          await p.waitForURL(/[?&]statut=/);
        },
      },
      {
        name: 'the status list open',
        reach: async (p, t) => {
          await p.getByRole('combobox', { name: t.staff.filters.statut }).click();
          await p.getByRole('listbox').waitFor();
        },
      },
      {
        name: 'dates the wrong way round',
        reach: async (p, t) => {
          await p.keyboard.press('Escape');
          await p.getByRole('listbox').waitFor({ state: 'detached' });
          await p.getByLabel(t.staff.filters.updatedFrom).fill('2026-06-01');
          await p.getByLabel(t.staff.filters.updatedTo).fill('2026-01-01');
          await p.getByText(t.staff.fieldErrors.staff.dates_reversed).waitFor();
        },
      },
    ],
  },
  {
    name: 'staff case',
    who: 'staff',
    // Terms recorded, the employer's funding answer awaited: sheets sent by both parties, actions to offer.
    path: () => `/gestion/dossiers/${seed.funding}`,
    title: 'staffCase',
    ready: (p, t) => p.getByRole('heading', { level: 2, name: t.staffCase.timeline.title }).waitFor(),
    states: [
      {
        name: 'a sheet unfolded',
        reach: async (p, t) => {
          await p.getByRole('button', { name: new RegExp(t.staffCase.sheets.kinds.f1ca) }).click();
          await p.getByRole('region', { name: t.staffCase.sheets.title }).getByRole('heading', { level: 4 }).first().waitFor();
        },
      },
      {
        name: 'an action confirmation',
        reach: async (p, t) => {
          await p.getByRole('button', { name: t.staffCase.actions.labels.modalites }).click();
          const dialog = p.getByRole('dialog', { name: t.staffCase.dialog.titles.modalites });
          // Sent empty: nothing is recorded, and the messages under the fields are checked too.
          await dialog.getByRole('button', { name: t.staffCase.dialog.confirm.modalites }).click();
          await dialog.getByRole('textbox', { name: new RegExp(t.staffCase.dialog.fields.rythme) }).and(p.locator('[aria-invalid="true"]')).waitFor();
        },
      },
    ],
  },
];

/**
 * Opens `path` in `lang`. A page already in that language moves inside the app, as a link does, rather than boot the
 * app again (most of a screen's time); otherwise the language is stored under `lang`, as the language menu does, and
 * the page loaded.
 */
async function open(page: Page, lang: Lang, screen: Screen): Promise<void> {
  const t = texts[lang];
  if ((await page.evaluate(() => document.documentElement.lang)) === lang) {
    await page.evaluate((to) => {
      const current = history.state as { idx?: number } | null;
      // The entry React Router itself would push: its own key, the next index.
      const next = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: (current?.idx ?? 0) + 1 };
      history.pushState(next, '', to);
      dispatchEvent(new PopStateEvent('popstate', { state: next }));
    }, screen.path());
  } else {
    await page.evaluate((value) => localStorage.setItem('lang', value), lang);
    await page.goto(screen.path());
  }
  const title = `${t.common.titles[screen.title]} - ${t.common.productName}`;
  await page.waitForFunction((expected) => document.title === expected, title);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
  await page.getByRole('heading', { level: 1 }).waitFor();
  try {
    await screen.ready?.(page, t);
  } catch (error) {
    throw new Error(`"${screen.name}" in ${lang} never showed its data; the screen says:\n${await shownText(page)}`, { cause: error });
  }
  await waitUntilSettled(page);
}

/** What a screen shows, to tell why it is not the one expected: its address, its alerts, the start of its main text. */
async function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const alerts = [...document.querySelectorAll('[role="alert"], .MuiAlert-root')].map((a) => `alert: ${(a as HTMLElement).innerText}`);
    const main = (document.querySelector('main') ?? document.body).innerText.replace(/\s+/g, ' ').slice(0, 600);
    return [location.pathname, ...alerts, main].join('\n');
  });
}

/**
 * With E2E_SHOTS set (support.ts's `shot`), a picture of the screen as axe saw it, 1280 px wide, then 375 px: a person
 * checks that its colours still look right. Without it, nothing. An open menu is pictured wide only: the header changes
 * under it on a phone, which closes it.
 */
async function pictures(page: Page, name: string): Promise<void> {
  if (!process.env['E2E_SHOTS']) return;
  const file = name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase();
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  await shot(page, file);
  if ((await page.locator('[role="menu"]').count()) > 0) return;
  await page.setViewportSize({ width: 375, height: 800 });
  await waitUntilSettled(page);
  await shot(page, file);
  await page.setViewportSize(size);
  await waitUntilSettled(page);
}

/** Menus and dialogs closed, as Escape does: the next screen is not left under an open one. */
async function closeOverlays(page: Page): Promise<void> {
  const overlays = page.locator('[role="menu"], [role="dialog"]');
  if ((await overlays.count()) === 0) return;
  await page.keyboard.press('Escape');
  await overlays.first().waitFor({ state: 'detached' });
}

/**
 * Both languages in the light theme (the default); the dark one too, which a system set to dark gets unless a theme is
 * chosen: its colours are the same in both languages, so once.
 */
const passes = [
  { lang: 'fr-FR', scheme: 'light' },
  { lang: 'en-US', scheme: 'light' },
  { lang: 'fr-FR', scheme: 'dark' },
] as const;

describe.each(passes)('axe, WCAG 2.1 A and AA, in $lang, $scheme theme', ({ lang, scheme }) => {
  it.each(screens)('$name', async (screen) => {
    const page = seed[screen.who];
    const t = texts[lang];
    // The system's setting, which the theme follows while none is stored: the page changes theme in place.
    await page.emulateMedia({ colorScheme: scheme });
    await open(page, lang, screen);
    const found = (await axeViolations(page)).map((line) => `${screen.name}: ${line}`);
    await pictures(page, `${lang} ${scheme} ${screen.name}`);
    for (const state of screen.states ?? []) {
      await state.reach(page, t);
      await waitUntilSettled(page);
      found.push(...(await axeViolations(page)).map((line) => `${screen.name}, ${state.name}: ${line}`));
      await pictures(page, `${lang} ${scheme} ${screen.name} ${state.name}`);
    }
    await closeOverlays(page);
    const where = `"${screen.name}" in ${lang}, ${scheme} theme (${new URL(page.url()).pathname})`;
    expect(found, `${found.length} axe violation(s) on ${where}, one line per element:\n${found.join('\n')}\n`).toEqual([]);
  });
});
