import type { MeResponse } from '@passerelle/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { useLocation, type RouteObject } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authStore } from '../lib/auth-store';
import { initI18n } from '../lib/i18n';
import { storageKeys } from '../lib/storage-keys';
import { MemoryRoutes } from '../test/render';
import { RouteGuard } from './route-guard';

beforeAll(async () => {
  await initI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.clear();
  sessionStorage.clear();
});

function Here({ name }: { name: string }) {
  const location = useLocation();
  return <p>{`${name} at ${location.pathname}`}</p>;
}

function renderAt(path: string) {
  const routes: RouteObject[] = [
    {
      path: '/',
      handle: { title: 'common:titles.home' },
      element: <RouteGuard />,
      children: [{ index: true, element: <Here name="home" /> }],
    },
    {
      path: '/espace-admissible',
      handle: { title: 'common:titles.portal', userType: 'admissible' },
      element: <RouteGuard />,
      children: [{ index: true, element: <Here name="portal" /> }],
    },
    {
      path: '/gestion',
      handle: { title: 'common:titles.staffPipeline', userTypes: ['staff', 'admin'] },
      element: <RouteGuard />,
      children: [{ index: true, element: <Here name="pipeline" /> }],
    },
    {
      path: '/logout',
      handle: { title: 'common:titles.logout', skipAuth: true },
      element: <RouteGuard />,
      children: [{ index: true, element: <Here name="logout" /> }],
    },
    { path: '/unauthorized', element: <Here name="unauthorized" /> },
    { path: '/forbidden', element: <Here name="forbidden" /> },
  ];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRoutes routes={routes} path={path} />
    </QueryClientProvider>,
  );
}

function meAnswering(user: MeResponse) {
  return vi.fn<typeof fetch>(
    async () => new Response(JSON.stringify(user), { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
}

const applicant: MeResponse = { userType: 'admissible', prenom: 'Camille', nom: 'Martin', mail: 'camille@example.org' };
const employer: MeResponse = { userType: 'company', prenom: 'Claire', nom: 'Dubois', mail: 'claire@example.org' };
const staff: MeResponse = { userType: 'staff', prenom: 'Sophie', nom: 'Roux', mail: 'sophie@example.org' };
const admin: MeResponse = { userType: 'admin', prenom: 'Alain', nom: 'Leroy', mail: 'alain@example.org' };

describe('RouteGuard', () => {
  it('sends a person without a token to /unauthorized and remembers where they wanted to go', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/espace-admissible?onglet=1#news');
    expect(await screen.findByText('unauthorized at /unauthorized')).toBeInTheDocument();
    expect(sessionStorage.getItem(storageKeys.returnTo)).toBe('/espace-admissible?onglet=1#news');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a user of another type to /forbidden', async () => {
    authStore.setToken('employer-token');
    const fetchMock = meAnswering(employer);
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/espace-admissible');
    expect(await screen.findByText('forbidden at /forbidden')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/users/me');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer employer-token');
    expect(authStore.get().user).toEqual(employer);
  });

  it('lets the right user type in once the user is known', async () => {
    authStore.setToken('applicant-token');
    vi.stubGlobal('fetch', meAnswering(applicant));
    renderAt('/espace-admissible');
    expect(await screen.findByText('portal at /espace-admissible')).toBeInTheDocument();
    expect(authStore.get().user).toEqual(applicant);
  });

  it.each([
    ['staff', staff],
    ['admin', admin],
  ])('lets %s into a route that admits several user types', async (_type, user) => {
    authStore.setToken('back-office-token');
    vi.stubGlobal('fetch', meAnswering(user));
    renderAt('/gestion?statut=3');
    expect(await screen.findByText('pipeline at /gestion')).toBeInTheDocument();
  });

  it('sends any other type away from a route that admits several', async () => {
    authStore.setToken('applicant-token');
    vi.stubGlobal('fetch', meAnswering(applicant));
    renderAt('/gestion');
    expect(await screen.findByText('forbidden at /forbidden')).toBeInTheDocument();
  });

  it('remembers a back-office view, filters included, for a person without a token', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>());
    renderAt('/gestion?statut=3&page=2');
    expect(await screen.findByText('unauthorized at /unauthorized')).toBeInTheDocument();
    expect(sessionStorage.getItem(storageKeys.returnTo)).toBe('/gestion?statut=3&page=2');
  });

  it('shows an open route to a visitor without asking for a user', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/');
    expect(await screen.findByText('home at /')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ignores a failure to fetch the user on an open route', async () => {
    authStore.setToken('some-token');
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ code: 'INTERNAL', message: 'boom' }), {
          status: 500,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/');
    expect(await screen.findByText('home at /')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalled();
  });

  it('lets logout through without any check', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/logout');
    expect(await screen.findByText('logout at /logout')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
