import type { StaffSurveyResultsResponse } from '@passerelle/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import fr from '../../../locales/fr-FR/survey.json';
import { renderRoutes } from '../../../test/render';
import { requestUrl } from '../../../test/request-url';
import { Component as StaffSurveysPage } from './staff-surveys-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function results(etape: StaffSurveyResultsResponse['etape']): StaffSurveyResultsResponse {
  return {
    etape,
    respondents: 3,
    completed: 2,
    signedCases: 5,
    sentCases: 2,
    questions: [
      {
        id: 'information_clarte',
        page: 1,
        type: 'scale',
        answered: 3,
        average: 4.33,
        counts: ['1', '2', '3', '4', '5'].map((value) => ({ value, count: value === '4' ? 2 : value === '5' ? 1 : 0 })),
        texts: [],
      },
      {
        id: 'delais',
        page: 1,
        type: 'choice',
        answered: 1,
        average: null,
        counts: [
          { value: 'rapides', count: 1 },
          { value: 'corrects', count: 0 },
          { value: 'trop_longs', count: 0 },
        ],
        texts: [],
      },
      {
        id: 'points_forts',
        page: 3,
        type: 'text',
        answered: 1,
        average: null,
        counts: [],
        texts: ['Un suivi très clair'],
      },
    ],
  };
}

beforeAll(async () => {
  await initI18n();
  await i18n.loadNamespaces(['common', 'survey']);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('StaffSurveysPage', () => {
  it('shows the results per question, and switches the survey step', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(requestUrl(input), 'http://localhost');
      if (url.pathname !== '/api/staff/surveys') return json(404, { code: 'NOT_FOUND', message: 'Not found' });
      return json(200, results((url.searchParams.get('etape') ?? 'signature') as StaffSurveyResultsResponse['etape']));
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoutes([{ path: '/gestion/sondages', element: <StaffSurveysPage /> }], '/gestion/sondages');

    const clarity = await screen.findByRole('region', { name: fr.questions.information_clarte.label });
    expect(within(clarity).getByText('3 réponses · moyenne 4,33 sur 5')).toBeInTheDocument();
    expect(within(clarity).getByText(fr.scale['4'])).toBeInTheDocument();
    const delays = screen.getByRole('region', { name: fr.questions.delais.label });
    expect(within(delays).getByText(fr.questions.delais.options.rapides)).toBeInTheDocument();
    expect(within(delays).getByText('1 réponse')).toBeInTheDocument();
    expect(screen.getByText('Un suivi très clair')).toBeInTheDocument();
    expect(screen.getByText('3 répondants, dont 2 ayant terminé')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: fr.results.export })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: fr.results.step }));
    await user.click(await screen.findByRole('option', { name: fr.steps.fin_contrat }));
    await screen.findByRole('combobox', { name: fr.results.step });
    expect(fetchMock.mock.calls.map(([input]) => requestUrl(input))).toContain('/api/staff/surveys?etape=fin_contrat');
  });

  it('sends a step to the signed cases not sent it yet, after a confirmation that says how many', async () => {
    const posted: unknown[] = [];
    let sent = 2;
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(requestUrl(input), 'http://localhost');
      if (url.pathname === '/api/staff/surveys/invitations' && init?.method === 'POST') {
        posted.push(JSON.parse(typeof init.body === 'string' ? init.body : '{}'));
        sent = 5;
        return json(200, { cases: 3, mails: 7 });
      }
      if (url.pathname !== '/api/staff/surveys') return json(404, { code: 'NOT_FOUND', message: 'Not found' });
      return json(200, { ...results('integration'), sentCases: sent });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoutes([{ path: '/gestion/sondages', element: <StaffSurveysPage /> }], '/gestion/sondages?etape=integration');

    expect(await screen.findByText('Envoyé à 2 dossiers signés sur 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: fr.results.send }));
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer le questionnaire « Intégration »' });
    expect(
      within(dialog).getByRole('radio', { name: "Les 3 dossiers signés qui ne l'ont pas encore reçu" }),
    ).toBeChecked();
    // Every signed case instead: the confirmation counts them, then back to the new ones.
    await user.click(within(dialog).getByRole('radio', { name: /Les 5 dossiers signés/ }));
    expect(within(dialog).getByRole('button', { name: 'Envoyer à 5 dossiers' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /pas encore reçu/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer à 3 dossiers' }));

    expect(await screen.findByText('Le questionnaire a été envoyé à 3 dossiers (7 e-mails).')).toBeInTheDocument();
    expect(posted).toEqual([{ etape: 'integration', onlyNew: true }]);
    expect(await screen.findByText('Envoyé à 5 dossiers signés sur 5')).toBeInTheDocument();
  });
});
