import type { CmsInfo, Dossier } from '@passerelle/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render';
import { requestUrl } from '../../../test/request-url';
import { Component as PortalCasesPage } from './portal-cases-page';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const cms: CmsInfo = {
  news: null,
  information: null,
  links: null,
  platforms: null,
  coaching: null,
  process: null,
  isDossierOngoing: false,
  currentDossierId: null,
  forumInvitation: null,
  ateliers: { list: [], canRegister: true },
  headerInfos: { admLastName: 'Martin', admFirstName: 'Léo', formationYear: 2026, formationLibelle: 'Data', formationEtape: 4, contractType: 'APP', school: 'ESILV', schoolRules: { holdsWorkshops: true, bacAttestationOrMore: true } },
};

const dossier = (id: number, dossierStatut: number, f1ca: number): Dossier => ({
  id,
  dossierName: null,
  dossierStatut,
  dossierAccessible: true,
  etapeStatus: [{ type: 'f1ca', status: f1ca }],
  dossierCerfa: null,
  dossierCerfaAvenant: null,
  dossierLastUpdate: '2026-03-02T10:00:00.000Z',
});

function mockApi(initial: Dossier[]) {
  let dossiers = initial;
  let nextId = 100;
  const calls: { method: string; url: string }[] = [];
  let releaseCreate: () => void = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = requestUrl(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      if (url.startsWith('/api/admissibles/portal/cms')) return json(200, cms);
      if (url === '/api/admissibles/portal/dossiers') return json(200, dossiers);
      if (url === '/api/admissibles/dossiers' && method === 'POST') {
        await new Promise<void>((resolve) => (releaseCreate = resolve));
        nextId += 1;
        return json(201, { id: nextId });
      }
      const removed = /^\/api\/admissibles\/dossiers\/(\d+)$/.exec(url);
      if (removed && method === 'DELETE') {
        dossiers = dossiers.filter((d) => d.id !== Number(removed[1]));
        return new Response(null, { status: 204 });
      }
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
  return { calls, releaseCreate: () => releaseCreate() };
}

function renderPage() {
  return renderRoutes(
    [
      { path: '/espace-admissible/dossiers', element: <PortalCasesPage /> },
      { path: '/admissible/fiche-premier-contact/:id', element: <p>first contact sheet</p> },
    ],
    '/espace-admissible/dossiers',
  );
}

beforeAll(async () => {
  await initI18n();
  await i18n.loadNamespaces(['common', 'portal']);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PortalCasesPage', () => {
  it('asks before creating a case and creates it once, however often the button is pressed', async () => {
    const user = userEvent.setup();
    const api = mockApi([]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Créer un dossier' }));
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    const dialog = await screen.findByRole('dialog', { name: 'Créer un nouveau dossier\u00a0?' });
    const confirm = within(dialog).getByRole('button', { name: 'Créer le dossier' });
    await user.click(confirm);
    expect(confirm).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Créer un dossier', hidden: true })).toBeDisabled();
    await user.click(confirm).catch(() => undefined);
    api.releaseCreate();

    expect(await screen.findByText('first contact sheet')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('deletes a case with nothing sent after a confirmation, and offers no delete once the sheet is sent', async () => {
    const user = userEvent.setup();
    const api = mockApi([dossier(7, 1, 1), dossier(8, 2, 2)]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Supprimer le dossier n° 7' }));
    expect(screen.queryByRole('button', { name: 'Supprimer le dossier n° 8' })).not.toBeInTheDocument();

    const dialog = await screen.findByRole('dialog', { name: 'Supprimer ce dossier\u00a0?' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));

    await waitFor(() => expect(screen.queryByText('Dossier n° 7')).not.toBeInTheDocument());
    expect(api.calls).toContainEqual({ method: 'DELETE', url: '/api/admissibles/dossiers/7' });
    expect(screen.getByText('Dossier n° 8')).toBeInTheDocument();
  });

  it('lists signed, archived, broken and refused cases apart, under "closed cases"', async () => {
    mockApi([dossier(1, 3, 2), dossier(2, 10, 3), dossier(3, 9, 3), dossier(4, 13, 3), dossier(5, 6, 3), dossier(6, 12, 3)]);
    renderPage();
    const current = await screen.findByRole('region', { name: 'Mes dossiers en cours' });
    const closed = await screen.findByRole('region', { name: 'Dossiers clos' });
    expect(within(current).getAllByText(/^Dossier n° \d+$/).map((node) => node.textContent)).toEqual(['Dossier n° 1', 'Dossier n° 6']);
    expect(within(closed).getAllByText(/^Dossier n° \d+$/).map((node) => node.textContent)).toEqual([
      'Dossier n° 2',
      'Dossier n° 3',
      'Dossier n° 4',
      'Dossier n° 5',
    ]);
  });
});
