import { i18n, initI18n } from '../../lib/i18n';
import { renderRoutes } from '../../test/render';
import { requestUrl } from '../../test/request-url';
import type { FundingValidationResponse } from '@passerelle/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import common from '../../locales/fr-FR/common.json';
import en from '../../locales/en-US/sheets.json';
import fr from '../../locales/fr-FR/sheets.json';
import { Component as FundingPage } from './funding-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const URL = '/api/employeurs/validation-financement/12';
const terms = {
  coutFormationAnnuel: 8500,
  priseEnChargeOpco: 8000,
  resteACharge: 500,
  rythme: '3 jours entreprise / 2 jours école',
};

function funding(overrides: Partial<FundingValidationResponse> = {}): FundingValidationResponse {
  return {
    terms,
    decision: null,
    reason: null,
    decidedAt: null,
    canDecide: true,
    formation: null,
    dossier: {
      id: 12,
      dossierName: 'Capgemini — Chargée de marketing digital',
      applicant: { prenom: 'Léa', nom: 'Moreau' },
    },
    ...overrides,
  };
}

/** GET answers `pages` in turn (the last one repeats); POST answers `onPost`. */
function mockApi(pages: FundingValidationResponse[], onPost: () => Response = () => json(200, pages.at(-1))) {
  let gets = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (requestUrl(input) !== URL) return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    if (init?.method === 'POST') return onPost();
    const page = pages[Math.min(gets, pages.length - 1)];
    gets += 1;
    return json(200, page);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderPage = () =>
  renderRoutes(
    [{ path: '/employeur/validation-financement/:id', element: <FundingPage /> }],
    '/employeur/validation-financement/12',
  );

beforeAll(async () => {
  await initI18n();
  await i18n.loadNamespaces(['common', 'sheets']);
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr-FR');
});

describe('FundingPage', () => {
  it('names the apprentice and the case in the page header', async () => {
    mockApi([funding()]);
    renderPage();
    const title = await screen.findByRole('heading', { level: 1, name: fr.funding.title });
    const header = within(title.closest('header') ?? document.body);
    expect(header.getByText('Léa Moreau')).toBeInTheDocument();
    expect(header.getByText('Dossier n° 12 — Capgemini — Chargée de marketing digital')).toBeInTheDocument();
  });

  it('offers no decision before the school records the terms, and says a mail will come', async () => {
    mockApi([funding({ terms: null, canDecide: false })]);
    renderPage();
    expect(await screen.findByText(fr.funding.noTermsTitle)).toBeInTheDocument();
    expect(screen.getByText(fr.funding.noTerms)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: fr.funding.submit })).not.toBeInTheDocument();
    expect(screen.queryByText(fr.funding.termsTitle)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: fr.actions.employerHome })).toHaveAttribute('href', '/');
  });

  it('says so in English too', async () => {
    await i18n.changeLanguage('en-US');
    mockApi([funding({ terms: null, canDecide: false })]);
    renderPage();
    expect(await screen.findByText(en.funding.noTermsTitle)).toBeInTheDocument();
    expect(screen.getByText('Case no. 12 — Capgemini — Chargée de marketing digital')).toBeInTheDocument();
  });

  it('shows the terms and the three answers once they are recorded', async () => {
    mockApi([funding()]);
    renderPage();
    expect(await screen.findByText(terms.rythme)).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
  });

  it('turns into the "no terms yet" state when the server answers FUNDING_TERMS_MISSING', async () => {
    const fetchMock = mockApi([funding(), funding({ terms: null, canDecide: false })], () =>
      json(409, { code: 'FUNDING_TERMS_MISSING', message: 'The school has not recorded the funding terms yet' }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: new RegExp(fr.funding.choices.accepted.label) }));
    await user.click(screen.getByRole('button', { name: fr.funding.submit }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: fr.funding.submit }));
    expect(await screen.findByText(fr.funding.noTermsTitle)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
    expect(common.errors.FUNDING_TERMS_MISSING).toMatch(/modalités/);
  });
});
