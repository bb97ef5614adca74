import type { CaseSurveysResponse } from '@passerelle/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../../lib/i18n';
import { renderRoutes } from '../../../../test/render';
import { requestUrl } from '../../../../test/request-url';
import { SurveyCard } from './survey-card';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const sentAt = '2026-11-20T10:00:00.000Z';

function state(integrationSent: number): CaseSurveysResponse {
  return {
    dossierId: 5,
    signed: true,
    steps: [
      {
        etape: 'signature',
        open: true,
        invitation: { firstSentAt: sentAt, lastSentAt: sentAt, timesSent: 1 },
        respondents: [
          { respondent: 'admissible', name: 'Léa Martin', page: 3, completedAt: sentAt },
          { respondent: 'company', name: 'Paul Durand', page: 1, completedAt: null },
        ],
      },
      {
        etape: 'integration',
        open: integrationSent > 0,
        invitation: integrationSent ? { firstSentAt: sentAt, lastSentAt: sentAt, timesSent: integrationSent } : null,
        respondents: [],
      },
      { etape: 'fin_contrat', open: false, invitation: null, respondents: [] },
    ],
  };
}

beforeAll(async () => {
  await initI18n();
  await i18n.loadNamespaces(['common', 'staff-case']);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SurveyCard', () => {
  it('shows each step, who answered, and sends a step after a confirmation', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = requestUrl(input);
        if (url === '/api/staff/dossiers/5/survey-invitations' && init?.method === 'POST') {
          posted.push(JSON.parse(typeof init.body === 'string' ? init.body : '{}'));
          return json(200, state(1));
        }
        if (url === '/api/staff/dossiers/5/surveys') return json(200, state(0));
        return json(404, { code: 'NOT_FOUND', message: 'Not found' });
      }),
    );
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <SurveyCard dossierId={5} /> }]);

    const card = await screen.findByRole('region', { name: 'Questionnaire de fin de parcours' });
    const items = within(card).getAllByRole('listitem');
    const signature = items.find((item) => item.textContent?.startsWith('Signature du contrat'));
    expect(signature).toHaveTextContent('Envoyé le 20/11/2026');
    expect(signature).toHaveTextContent('Apprenti Léa Martin · terminé le 20/11/2026');
    expect(signature).toHaveTextContent('Entreprise Paul Durand · page 1 sur 3 enregistrée');
    expect(within(card).getAllByText('Pas encore envoyé')).toHaveLength(2);

    await user.click(within(card).getByRole('button', { name: 'Envoyer le lien : Intégration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer le questionnaire « Intégration » ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));

    expect(await within(card).findByRole('status')).toHaveTextContent(
      'Le lien du questionnaire « Intégration » a été envoyé par e-mail.',
    );
    expect(posted).toEqual([{ etape: 'integration' }]);
    expect(within(card).getByRole('button', { name: 'Renvoyer : Intégration' })).toBeInTheDocument();
  });

  it('shows nothing for a case not signed and never sent a survey', async () => {
    const fetchMock = vi.fn(async () => json(200, { ...state(0), signed: false, steps: [] }));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/', element: <SurveyCard dossierId={5} /> }]);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('says when the survey state could not be read, and retries', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls += 1;
        return calls === 1 ? json(500, { code: 'INTERNAL', message: 'Internal error' }) : json(200, state(0));
      }),
    );
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <SurveyCard dossierId={5} /> }]);
    const card = await screen.findByRole('region', { name: 'Questionnaire de fin de parcours' });
    await user.click(await within(card).findByRole('button', { name: 'Réessayer' }));
    expect(await within(card).findByRole('button', { name: 'Envoyer le lien : Intégration' })).toBeInTheDocument();
  });
});
