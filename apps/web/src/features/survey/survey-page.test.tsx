import type { SurveyResponse } from '@passerelle/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n';
import en from '../../locales/en-US/survey.json';
import fr from '../../locales/fr-FR/survey.json';
import { renderRoutes } from '../../test/render';
import { requestUrl } from '../../test/request-url';
import { Component as SurveyPage } from './survey-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const URL = '/api/sondage/signature/12';

function survey(overrides: Partial<SurveyResponse> = {}): SurveyResponse {
  return { etape: 'signature', dossierId: 12, page: 0, answers: {}, completed: false, completedAt: null, ...overrides };
}

/** GET answers `initial`; each PUT answers what was sent merged into the saved state (or `putResponse`). */
function mockApi(initial: SurveyResponse | Response, putResponse?: Response) {
  let state = initial instanceof Response ? survey() : initial;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = requestUrl(input);
    if (url !== URL) return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    if (init?.method === 'PUT') {
      if (putResponse) return putResponse.clone();
      const body = JSON.parse(typeof init.body === 'string' ? init.body : '{}') as {
        page: number;
        answers: Record<string, number | string | null>;
      };
      const answers = { ...state.answers };
      for (const [id, value] of Object.entries(body.answers)) {
        if (value === null) delete answers[id];
        else answers[id] = value;
      }
      const completed = body.page === 3;
      state = {
        ...state,
        answers,
        page: Math.max(state.page, body.page),
        completed,
        completedAt: completed ? '2026-11-25T10:00:00Z' : null,
      };
      return json(200, state);
    }
    if (initial instanceof Response) return initial.clone();
    return json(200, state);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const puts = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as unknown);

const renderPage = (path = '/sondage/signature/12') =>
  renderRoutes(
    [
      { path: '/sondage/:etape/:id', element: <SurveyPage /> },
      { path: '/forbidden', element: <p>forbidden page</p> },
    ],
    path,
  );

beforeAll(async () => {
  await initI18n();
  await i18n.loadNamespaces(['common', 'survey']);
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr-FR');
});

describe('SurveyPage', () => {
  it('walks the three pages, saving each on Next, keeps answers on Back, then thanks', async () => {
    const fetchMock = mockApi(survey());
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: /Le chemin jusqu'au contrat/ })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Avancement du questionnaire : page 1 sur 3' })).toBeInTheDocument();

    const clarity = screen.getByRole('radiogroup', { name: fr.questions.information_clarte.label });
    await user.click(within(clarity).getByRole('radio', { name: fr.scale['4'] }));
    const delays = screen.getByRole('radiogroup', { name: fr.questions.delais.label });
    await user.click(within(delays).getByRole('radio', { name: fr.questions.delais.options.corrects }));
    await user.click(screen.getByRole('button', { name: fr.next }));

    expect(await screen.findByRole('heading', { name: /L'accompagnement de l'école/ })).toBeInTheDocument();
    expect(puts(fetchMock)).toEqual([
      { page: 1, answers: { information_clarte: 4, portail_facilite: null, delais: 'corrects' } },
    ]);
    const support = screen.getByRole('radiogroup', { name: fr.questions.accompagnement.label });
    await user.click(within(support).getByRole('radio', { name: fr.scale['5'] }));

    // Back: page 1 shows what was chosen.
    await user.click(screen.getByRole('button', { name: fr.back }));
    const clarityAgain = await screen.findByRole('radiogroup', { name: fr.questions.information_clarte.label });
    expect(within(clarityAgain).getByRole('radio', { name: fr.scale['4'] })).toBeChecked();
    await user.click(screen.getByRole('button', { name: fr.next }));
    await user.click(await screen.findByRole('button', { name: fr.next }));

    expect(await screen.findByRole('heading', { name: /Avec vos mots/ })).toBeInTheDocument();
    expect(puts(fetchMock)).toHaveLength(3);
    expect(puts(fetchMock)[2]).toEqual({
      page: 2,
      answers: { accompagnement: 5, signature_facilite: null, recommandation: null },
    });
    await user.type(screen.getByRole('textbox', { name: fr.questions.points_forts.label }), 'Un suivi très clair');
    await user.click(screen.getByRole('button', { name: fr.finish }));

    expect(await screen.findByText(fr.thanks.title)).toBeInTheDocument();
    expect(screen.getByText(fr.thanks.text)).toBeInTheDocument();
    expect(puts(fetchMock)[3]).toEqual({
      page: 3,
      answers: { points_forts: 'Un suivi très clair', ameliorations: null },
    });
  });

  it('resumes after the last page saved, in English', async () => {
    await i18n.changeLanguage('en-US');
    mockApi(survey({ page: 1, answers: { information_clarte: 2 } }));
    renderPage();
    expect(await screen.findByRole('heading', { name: /The school's support/ })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3', { selector: 'p' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: en.back }));
    const clarity = await screen.findByRole('radiogroup', { name: en.questions.information_clarte.label });
    expect(within(clarity).getByRole('radio', { name: en.scale['2'] })).toBeChecked();
  });

  it('shows the thanks, read-only, to a person who already answered', async () => {
    mockApi(survey({ page: 3, completed: true, completedAt: '2026-11-20T10:00:00Z' }));
    renderPage();
    expect(await screen.findByText(fr.thanks.already)).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: fr.next })).not.toBeInTheDocument();
  });

  it('shows a failed save on the page and stays on it', async () => {
    mockApi(survey(), json(409, { code: 'LOCKED', message: 'Locked' }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: fr.next }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/envoyé et ne peut plus être modifié/);
    expect(screen.getByRole('heading', { name: /Le chemin jusqu'au contrat/ })).toBeInTheDocument();
  });

  it('says when the survey is not open yet, and sends a stranger to the forbidden page', async () => {
    mockApi(json(409, { code: 'CONFLICT', message: 'not signed' }));
    renderPage();
    expect(await screen.findByText(fr.notOpen)).toBeInTheDocument();
    cleanup();
    // A later step staff have not sent to this case yet.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        requestUrl(input) === '/api/sondage/integration/12'
          ? json(409, { code: 'CONFLICT', message: 'This survey is not open for this case' })
          : json(404, { code: 'NOT_FOUND', message: 'Not found' }),
      ),
    );
    renderPage('/sondage/integration/12');
    expect(await screen.findByText(fr.notOpenStep)).toBeInTheDocument();
    expect(screen.getByText('Intégration · Dossier n° 12')).toBeInTheDocument();
    cleanup();
    mockApi(json(403, { code: 'FORBIDDEN', message: 'Forbidden' }));
    renderPage();
    expect(await screen.findByText('forbidden page')).toBeInTheDocument();
  });

  it('answers 404 for an address that is not a survey', async () => {
    const fetchMock = mockApi(survey());
    renderPage('/sondage/inconnue/12');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});
