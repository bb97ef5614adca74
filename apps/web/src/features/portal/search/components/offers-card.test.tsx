import { i18n, initI18n } from '../../../../lib/i18n';
import { renderRoutes } from '../../../../test/render';
import { requestUrl } from '../../../../test/request-url';
import type { Offer, OffersResponse } from '@passerelle/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OffersCard } from './offers-card';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const noOffers: OffersResponse = { offers: [], totalOffers: 0, totalOffersCapped: false };

/** A page of `count` offers whose titles say the page they are on. */
const offersPage = (page: number, count = 20): Offer[] =>
  Array.from({ length: count }, (_, index) => ({
    id: page * 100 + index,
    title: `Offre ${index + 1} de la page ${page}`,
    logo: null,
    company: { name: 'Société Générale' },
    publicationDate: '2026-11-20',
    startDate: '0000-00-00',
    description: 'Alternance sur 24 mois.',
    applicationAction: { linkType: 'link', link: 'https://example.fr/offre' },
  }));

/** Answers every search with `total` offers (`capped`: more match than the count goes), 20 a page. */
const answerWith =
  (total: number, capped = false) =>
  (url: URL) => {
    const page = Number(url.searchParams.get('page'));
    const shown = Math.max(0, Math.min(20, total - (page - 1) * 20));
    return json(200, {
      offers: offersPage(page, shown),
      totalOffers: total,
      totalOffersCapped: capped,
    } satisfies OffersResponse);
  };

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
  // A new page scrolls the card's top into view; jsdom lays nothing out and has no scrollIntoView.
  Element.prototype.scrollIntoView = () => undefined;
  await initI18n();
  await i18n.loadNamespaces(['common', 'portal']);
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr-FR');
});

describe('OffersCard date filters', () => {
  it('says under "published before" that it is earlier than "published after", sends nothing, and clears the filters', async () => {
    const fetchMock = mockOffers(() => json(200, noOffers));
    renderRoutes([{ path: '/', element: <OffersCard /> }]);
    await screen.findByText('Aucune offre disponible');

    fireEvent.input(screen.getByLabelText('Publiée après le'), { target: { value: '2026-11-20' } });
    fireEvent.input(screen.getByLabelText('Publiée avant le'), { target: { value: '2026-11-10' } });

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
    await i18n.changeLanguage('en-US');
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

    fireEvent.input(screen.getByLabelText('Published after'), { target: { value: '2026-11-20' } });

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

describe('OffersCard count', () => {
  const cases = [
    { lang: 'fr-FR', total: 1000, capped: true, text: 'Plus de 1\u202f000 offres — précisez votre recherche' },
    { lang: 'en-US', total: 1000, capped: true, text: 'More than 1,000 offers — narrow your search' },
    { lang: 'fr-FR', total: 1000, capped: false, text: '1\u202f000 offres' },
    { lang: 'en-US', total: 1000, capped: false, text: '1,000 offers' },
    { lang: 'fr-FR', total: 1, capped: false, text: '1 offre' },
    { lang: 'en-US', total: 37, capped: false, text: '37 offers' },
  ] as const;
  it.each(cases)(
    'says "$text" in $lang for $total offers (more beyond: $capped), in a status screen readers announce',
    async ({ lang, total, capped, text }) => {
      await i18n.changeLanguage(lang);
      mockOffers(answerWith(total, capped));
      renderRoutes([{ path: '/', element: <OffersCard /> }]);
      const offers = await screen.findByRole('region', {
        name: lang === 'fr-FR' ? 'Offres d’alternance' : 'Work-study offers',
      });
      await waitFor(() =>
        expect(
          within(offers)
            .getAllByRole('status')
            .map((status) => status.textContent),
        ).toContain(text),
      );
    },
  );
});

describe('OffersCard pagination', () => {
  it('offers no page past the 50th when more than 1 000 offers match, and asks for page 50 at most', async () => {
    const fetchMock = mockOffers(answerWith(1000, true));
    renderRoutes([{ path: '/', element: <OffersCard /> }]);
    const pages = await screen.findByRole('navigation', { name: 'Pages des offres' });
    const pageButtons = () => within(pages).getAllByRole('button', { name: /^(Aller à la page|Page) \d+/ });
    expect(pageButtons().map((button) => button.textContent)).toEqual(['1', '2', '3', '50']);

    await userEvent.setup().click(within(pages).getByRole('button', { name: 'Aller à la page 50' }));
    await screen.findByRole('button', { name: 'Page 50, page actuelle' });
    await screen.findByText('Offre 1 de la page 50');
    expect(within(pages).getByRole('button', { name: 'Page suivante' })).toBeDisabled();
    expect(within(pages).queryByRole('button', { name: 'Aller à la page 51' })).toBeNull();
    expect(pageButtons().length).toBeLessThanOrEqual(5);
    expect(Math.max(...offerCalls(fetchMock).map((url) => Number(url.searchParams.get('page'))))).toBe(50);
  });

  it('stays on a page found empty (the count ahead of the offers), so that the reader can go back', async () => {
    // 45 counted, but the offers of page 3 withdrawn since the count.
    mockOffers((url) => {
      const page = Number(url.searchParams.get('page'));
      return json(200, {
        offers: page === 3 ? [] : offersPage(page),
        totalOffers: 45,
        totalOffersCapped: false,
      } satisfies OffersResponse);
    });
    renderRoutes([{ path: '/', element: <OffersCard /> }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Aller à la page 3' }));
    await screen.findByText('Aucune offre disponible');
    const pages = screen.getByRole('navigation', { name: 'Pages des offres' });
    await user.click(within(pages).getByRole('button', { name: 'Aller à la page 1' }));
    await screen.findByText('Offre 1 de la page 1');
  });

  it('is hidden at 20 offers or fewer and shows the pages from 21', async () => {
    mockOffers(answerWith(20));
    const first = renderRoutes([{ path: '/', element: <OffersCard /> }]);
    await screen.findByText('Offre 20 de la page 1');
    expect(screen.queryByRole('navigation', { name: 'Pages des offres' })).toBeNull();
    first.unmount();

    mockOffers(answerWith(21));
    renderRoutes([{ path: '/', element: <OffersCard /> }]);
    const pages = await screen.findByRole('navigation', { name: 'Pages des offres' });
    expect(within(pages).getByRole('button', { name: 'Aller à la page 2' })).toBeInTheDocument();
    expect(within(pages).queryByRole('button', { name: 'Aller à la page 3' })).toBeNull();
  });
});

describe('OffersCard text search', () => {
  it('searches once typing pauses, only the last text, from 2 characters, back on page 1', async () => {
    const fetchMock = mockOffers(answerWith(300));
    renderRoutes([{ path: '/', element: <OffersCard /> }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Aller à la page 2' }));
    await screen.findByText('Offre 1 de la page 2');
    const search = screen.getByRole('searchbox', { name: 'Rechercher une offre' });

    // One character: a hint under the field, and no search for it.
    fireEvent.input(search, { target: { value: 'd' } });
    expect(search).toHaveAccessibleDescription('Saisissez au moins 2 caractères');
    // Keys in a row: one search, for the text once typing paused.
    for (const text of ['dé', 'dév', 'déve', 'dével']) fireEvent.input(search, { target: { value: text } });
    expect(search).toHaveAccessibleDescription('');
    await waitFor(() => expect(offerCalls(fetchMock).filter((url) => url.searchParams.has('query'))).toHaveLength(1));
    const [sent] = offerCalls(fetchMock).filter((url) => url.searchParams.has('query'));
    expect([sent?.searchParams.get('query'), sent?.searchParams.get('page')]).toEqual(['dével', '1']);
    await screen.findByRole('button', { name: 'Page 1, page actuelle' });

    // Back under 2 characters: the search without text, all offers again.
    const calls = offerCalls(fetchMock).length;
    fireEvent.input(search, { target: { value: ' d ' } });
    await waitFor(() => expect(offerCalls(fetchMock)).toHaveLength(calls + 1));
    expect(offerCalls(fetchMock).at(-1)?.searchParams.has('query')).toBe(false);
  });
});
