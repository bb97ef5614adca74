import { renderRoutes } from '../../../../test/render';
import { requestUrl } from '../../../../test/request-url';
import type { OffersResponse } from '@passerelle/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../../lib/i18n';
import { OffersCard } from './offers-card';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const noOffers: OffersResponse = { offers: [], totalOffers: 0, totalOffersCapped: false };

function mockOffers(answer: (url: URL) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(requestUrl(input), 'http://localhost');
    if (url.pathname === '/api/admissibles/portal/offers') return answer(url);
    return json(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const offerCalls = (fetchMock: ReturnType<typeof mockOffers>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(requestUrl(input), 'http://localhost'))
    .filter((url) => url.pathname.endsWith('/offers'));

beforeAll(async () => {
  await initI18n();
  await i18next.loadNamespaces(['common', 'portal']);
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('fr-FR');
});

describe('OffersCard date filters', () => {
  it('says under "published before" that it is earlier than "published after", sends nothing, and clears the filters', async () => {
    const fetchMock = mockOffers(() => json(200, noOffers));
    renderRoutes([{ path: '/', element: <OffersCard /> }]);
    await screen.findByText('Aucune offre disponible');

    fireEvent.change(screen.getByLabelText('Publiée après le'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('Publiée avant le'), { target: { value: '2026-11-10' } });

    const before = screen.getByLabelText('Publiée avant le');
    expect(before).toHaveAccessibleDescription('Choisissez une date égale ou postérieure à « Publiée après le ».');
    expect(before).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(offerCalls(fetchMock).some((url) => url.searchParams.has('publicationDateBefore'))).toBe(false);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    expect(screen.getByLabelText('Publiée avant le')).toHaveValue('');
    expect(screen.getByLabelText('Publiée après le')).toHaveValue('');
    expect(screen.getByLabelText('Publiée avant le')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server’s refusal of a filter under that filter, in English too, with no retry', async () => {
    await i18next.changeLanguage('en-US');
    mockOffers((url) =>
      url.searchParams.has('publicationDateAfter')
        ? json(400, {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are invalid',
            errors: { publicationDateAfter: ['Enter a full date: day, month and year.'] },
          })
        : json(200, noOffers),
    );
    renderRoutes([{ path: '/', element: <OffersCard /> }]);
    await screen.findByText('No offers available');

    fireEvent.change(screen.getByLabelText('Published after'), { target: { value: '2026-11-20' } });

    await waitFor(() =>
      expect(screen.getByLabelText('Published after')).toHaveAccessibleDescription(
        'Enter a full date: day, month and year.',
      ),
    );
    expect(
      screen.getByText('These filters cannot be used to search: correct the date shown or clear the filters.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Clear the filters' })).toBeInTheDocument();
  });
});
