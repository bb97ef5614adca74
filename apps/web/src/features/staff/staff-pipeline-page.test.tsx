import type {
  StaffAlertsResponse,
  StaffDossierItem,
  StaffDossiersResponse,
  StaffFiltersResponse,
} from '@passerelle/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n';
import fr from '../../locales/fr-FR/staff.json';
import { renderRoutes } from '../../test/render';
import { requestUrl } from '../../test/request-url';
import { Component as StaffPipelinePage } from './staff-pipeline-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function item(overrides: Partial<StaffDossierItem>): StaffDossierItem {
  return {
    id: 1,
    dossierName: 'Capgemini — Data analyst',
    dossierStatut: 3,
    etapeStatus: [
      { type: 'f1ca', status: 2 },
      { type: 'f1ce', status: 2 },
    ],
    applicant: { nom: 'Martin', prenom: 'Camille', email: 'camille.martin@example.test' },
    school: 'ESILV',
    formation: 'Cycle ingénieur',
    companyName: 'Capgemini',
    waitingFor: { action: 'firstContactReview', actor: 'staff', to: null },
    waitingSince: new Date(Date.now() - 20 * 86_400_000).toISOString(),
    updatedAt: '2026-11-20T09:30:00.000Z',
    ...overrides,
  };
}

const counts = (values: Record<number, number>) =>
  Object.fromEntries(Array.from({ length: 13 }, (_, i) => [String(i + 1), values[i + 1] ?? 0]));

const alerts: StaffAlertsResponse = { stale: { count: 4, days: 90 }, waiting: { count: 2, days: 14 } };
const lists: StaffFiltersResponse = {
  schools: [
    { code: 'ESILV', name: 'ESILV' },
    { code: 'EMLV', name: 'EMLV' },
  ],
  formations: [
    { id: 11, libelle: 'Cycle ingénieur', school: 'ESILV' },
    { id: 21, libelle: 'Bachelor management', school: 'EMLV' },
  ],
};

/** The API: answers the list with `list(params)`, and records every list request's parameters. */
function stubApi(list: (params: URLSearchParams) => Response | StaffDossiersResponse) {
  const requests: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(requestUrl(input), 'http://localhost');
      if (url.pathname === '/api/staff/dossiers') {
        requests.push(url.searchParams);
        const answer = list(url.searchParams);
        return answer instanceof Response ? answer : json(200, answer);
      }
      if (url.pathname === '/api/staff/alerts') return json(200, alerts);
      if (url.pathname === '/api/staff/filters') return json(200, lists);
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
  return requests;
}

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function renderAt(path: string) {
  renderRoutes(
    [
      {
        path: '/gestion',
        element: (
          <>
            <StaffPipelinePage />
            <Address />
          </>
        ),
      },
    ],
    path,
  );
}

const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');

beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('fr-FR');
  await i18n.loadNamespaces(['common', 'staff']);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the back-office pipeline', () => {
  it('shows each case with its badge, progress, who it waits for and a link to it, and the counters and alerts', async () => {
    stubApi(() => ({
      items: [
        item({ id: 12 }),
        item({ id: 13, dossierStatut: 8, companyName: null, waitingFor: { action: 'none', actor: 'none', to: null } }),
      ],
      total: 2,
      counts: counts({ 3: 1, 8: 1 }),
    }));
    renderAt('/gestion');
    const table = await screen.findByRole('table', { name: fr.results.label });
    const [, first, second] = within(table).getAllByRole('row');
    const row = within(first as HTMLElement);
    expect(
      row.getByRole('link', { name: /^MARTIN Camille ?, Dossier n° 12, Capgemini — Data analyst$/ }),
    ).toHaveAttribute('href', '/gestion/dossiers/12');
    expect(row.getByText('camille.martin@example.test')).toBeInTheDocument();
    expect(row.getByText(fr.badges.inProgress)).toBeInTheDocument();
    expect(row.getByText(fr.statuts['3'])).toBeInTheDocument();
    expect(row.getByText(fr.waiting.who.staff)).toBeInTheDocument();
    expect(row.getByText(fr.waiting.what.firstContactReview)).toBeInTheDocument();
    expect(row.getByText(/depuis 20 jours/)).toBeInTheDocument();
    expect(row.getByText('Avancement : 2 étapes sur 6 terminées', { exact: false })).toBeInTheDocument();
    expect(row.getByText('20/11/2026')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText(fr.badges.accepted)).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText(fr.case.noEmployer)).toBeInTheDocument();

    expect(screen.getByRole('heading', { level: 2, name: '2 dossiers' })).toBeInTheDocument();
    const counters = screen.getByRole('list', { name: fr.counters.label });
    expect(within(counters).getByRole('button', { name: `${fr.counters.all} : 2` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(counters).getByRole('button', { name: `${fr.statuts['3']} : 1` })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(counters).queryByRole('button', { name: new RegExp(fr.statuts['4']) })).not.toBeInTheDocument();

    expect(
      screen.getByRole('link', { name: /4 dossiers d'admissibles inscrits depuis plus de 90 jours/ }),
    ).toHaveAttribute('href', '/gestion?alert=stale');
    expect(
      screen.getByRole('link', { name: /2 dossiers en attente de la même personne depuis plus de 14 jours/ }),
    ).toHaveAttribute('href', '/gestion?alert=waiting');
  });

  it('writes a counter, a select and the search into the address and the request, back to the first page', async () => {
    const requests = stubApi(() => ({ items: [item({ id: 12 })], total: 60, counts: counts({ 3: 40, 5: 20 }) }));
    renderAt('/gestion?page=2&sort=name');
    await screen.findByRole('table');
    expect(requests.at(-1)?.toString()).toBe('sort=name&page=2');

    fireEvent.click(screen.getByRole('button', { name: `${fr.statuts['5']} : 20` }));
    await waitFor(() => expect(address().get('statut')).toBe('5'));
    expect(address().get('page')).toBeNull();
    expect(address().get('sort')).toBe('name');
    await waitFor(() => expect(requests.at(-1)?.toString()).toBe('statut=5&sort=name'));
    fireEvent.click(screen.getByRole('button', { name: `${fr.statuts['3']} : 40` }));
    await waitFor(() => expect(address().get('statut')).toBe('3,5'));

    fireEvent.change(screen.getByRole('combobox', { name: fr.filters.waitingFor }), { target: { value: 'company' } });
    await waitFor(() => expect(address().get('waitingFor')).toBe('company'));

    fireEvent.change(screen.getByRole('combobox', { name: fr.filters.school }), { target: { value: 'EMLV' } });
    await waitFor(() => expect(address().get('school')).toBe('EMLV'));
    const formation = screen.getByRole('combobox', { name: fr.filters.formation });
    expect(
      within(formation)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([fr.filters.allFormations, 'Bachelor management']);

    fireEvent.input(screen.getByRole('searchbox', { name: fr.search.label }), { target: { value: 'Martin' } });
    await waitFor(() => expect(address().get('q')).toBe('Martin'));
    await waitFor(() =>
      expect(requests.at(-1)?.toString()).toBe('q=Martin&statut=3&statut=5&school=EMLV&waitingFor=company&sort=name'),
    );
  });

  it('pages through the list and changes the page size', async () => {
    const requests = stubApi((params) => ({
      items: [item({ id: Number(params.get('page') ?? 1) * 100 })],
      total: 60,
      counts: counts({ 3: 60 }),
    }));
    renderAt('/gestion?statut=3');
    await screen.findByRole('link', { name: /Dossier n° 100,/ });
    expect(screen.getByText('1–25 sur 60')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: fr.pagination.next }));
    await screen.findByRole('link', { name: /Dossier n° 200,/ });
    expect(address().get('page')).toBe('2');
    expect(address().get('statut')).toBe('3');
    expect(screen.getByText('26–50 sur 60')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('combobox', { name: fr.pagination.rowsPerPage }), { target: { value: '50' } });
    await waitFor(() => expect(address().get('pageSize')).toBe('50'));
    expect(address().get('page')).toBeNull();
    await waitFor(() => expect(requests.at(-1)?.get('pageSize')).toBe('50'));
  });

  it('says when no case matches and clears the filters, keeping the order', async () => {
    stubApi((params) =>
      params.has('employer')
        ? { items: [], total: 0, counts: counts({}) }
        : { items: [item({ id: 12 })], total: 1, counts: counts({ 3: 1 }) },
    );
    renderAt('/gestion?employer=Inconnue&sort=id');
    expect(await screen.findByText(fr.empty.title)).toBeInTheDocument();
    const [clear] = screen.getAllByRole('button', { name: fr.filters.clear });
    fireEvent.click(clear as HTMLElement);
    await screen.findByRole('table');
    expect(address().toString()).toBe('sort=id');
  });

  it('shows the server’s message under the field it is about', async () => {
    stubApi((params) =>
      params.get('updatedTo') === '2026-01-01'
        ? json(400, { code: 'VALIDATION', message: 'Invalid query', errors: { updatedTo: ['staff.dates_reversed'] } })
        : { items: [item({ id: 12 })], total: 1, counts: counts({ 3: 1 }) },
    );
    renderAt('/gestion');
    await screen.findByRole('table');
    // Typed one after the other: both pauses end together, and both dates reach the address.
    fireEvent.input(screen.getByLabelText(fr.filters.updatedFrom), { target: { value: '2026-06-01' } });
    fireEvent.input(screen.getByLabelText(fr.filters.updatedTo), { target: { value: '2026-01-01' } });
    expect(await screen.findByText(fr.fieldErrors.staff.dates_reversed)).toBeInTheDocument();
    await waitFor(() => expect(address().toString()).toBe('updatedFrom=2026-06-01&updatedTo=2026-01-01'));
    const updatedTo = screen.getByLabelText(fr.filters.updatedTo);
    expect(updatedTo).toHaveAttribute('aria-invalid', 'true');
    expect(updatedTo).toHaveAccessibleDescription(fr.fieldErrors.staff.dates_reversed);
    expect(screen.getByText(fr.invalidFilters)).toBeInTheDocument();
  });
});
