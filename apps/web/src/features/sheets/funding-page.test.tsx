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

describe('FundingPage, 2025 funding rules (decision 0044)', () => {
  const rules = (overrides: Partial<NonNullable<FundingValidationResponse['fundingRules']>> = {}) => ({
    judgedOn: '2026-09-15',
    concluded: true,
    employerShare: { applies: true as const, amount: 750, level: 7 },
    remoteReduction: {
      applies: true as const,
      sharePercent: 85,
      npec: 8000,
      reducedNpec: 6400,
      floorApplied: false,
    },
    ...overrides,
  });

  it('tells the employer its 750 € share and the lowered OPCO funding, with why', async () => {
    mockApi([funding({ fundingRules: rules() })]);
    renderPage();
    const section = await screen.findByRole('region', { name: 'Règles de financement 2025' });
    const inside = within(section);
    expect(inside.getByText('750,00 € à votre charge')).toBeInTheDocument();
    expect(inside.getByText(/La certification préparée est de niveau 7 \(6 ou plus\)/)).toBeInTheDocument();
    expect(inside.getByText('Prise en charge de l’OPCO minorée de 20 %')).toBeInTheDocument();
    expect(inside.getByText('Soit 6 400,00 € par an au lieu de 8 000,00 €.')).toBeInTheDocument();
  });

  it('says why neither applies, in English too, and lists nothing for a professionalisation contract', async () => {
    await i18n.changeLanguage('en-US');
    mockApi([
      funding({
        fundingRules: rules({
          concluded: false,
          employerShare: { applies: false, reason: 'level-below', level: 5 },
          remoteReduction: { applies: false, reason: 'below-threshold', sharePercent: 28.8 },
        }),
      }),
    ]);
    renderPage();
    const section = await screen.findByRole('region', { name: en.funding.rules.title });
    expect(within(section).getByText(/The contract is not signed yet/)).toBeInTheDocument();
    expect(
      within(section).getByText(
        'The certification prepared is of level 5: the €750 share only concerns levels 6 and above.',
      ),
    ).toBeInTheDocument();
    expect(
      within(section).getByText('28.8% of the training hours are remote: the funding is only lowered from 80%.'),
    ).toBeInTheDocument();
    cleanup();

    mockApi([
      funding({
        fundingRules: rules({
          employerShare: { applies: false, reason: 'not-apprenticeship', level: null },
          remoteReduction: { applies: false, reason: 'not-apprenticeship', sharePercent: null },
        }),
      }),
    ]);
    renderPage();
    await screen.findByRole('heading', { level: 1, name: en.funding.title });
    expect(screen.queryByRole('region', { name: en.funding.rules.title })).not.toBeInTheDocument();
  });
});
