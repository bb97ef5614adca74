import { render, screen as dom } from '@testing-library/react';
import { act } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useParams, type RouteObject } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../lib/i18n';
import { renderRoutes } from '../test/render';
import { RouteErrorElement } from './route-error-page';
import { LOAD_TIMEOUT_MS, screen } from './screen';

beforeAll(async () => {
  await initI18n();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const inShell = (child: RouteObject): RouteObject[] => [
  { element: <Outlet />, children: [{ errorElement: <RouteErrorElement />, children: [child] }] },
];

function Case() {
  return <p>{`case ${useParams<'id'>().id ?? ''}`}</p>;
}

describe('a screen route', () => {
  it('loads its namespaces with its code, before it shows', async () => {
    const loadNamespaces = vi.spyOn(i18n, 'loadNamespaces');
    renderRoutes(
      inShell({
        path: '/cases/:id',
        ...screen(async () => ({ Component: Case }), { namespaces: ['errors'], perCase: true }),
      }),
      '/cases/7',
    );
    expect(await dom.findByText('case 7')).toBeInTheDocument();
    expect(loadNamespaces).toHaveBeenCalledWith(['errors']);
  });

  it('shows the load-failure page when its code cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    renderRoutes(inShell({ path: '/', ...screen(load) }));
    expect(await dom.findByRole('heading', { name: 'Impossible de charger cet écran' })).toBeInTheDocument();
  });

  it('shows the load-failure page when its texts cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes(
      inShell({ path: '/', ...screen(async () => ({ Component: Case }), { namespaces: ['no-such-texts'] }) }),
    );
    expect(await dom.findByRole('heading', { name: 'Impossible de charger cet écran' })).toBeInTheDocument();
    expect(dom.queryByText(/^case/)).not.toBeInTheDocument();
  });

  it('gives up after 120 s, with the same page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes(inShell({ path: '/', ...screen(() => new Promise(() => undefined)) }));
    await vi.advanceTimersByTimeAsync(LOAD_TIMEOUT_MS);
    expect(await dom.findByRole('heading', { name: 'Impossible de charger cet écran' })).toBeInTheDocument();
  });

  it('tries the download again on the next navigation to it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempts = 0;
    const load = () => {
      attempts += 1;
      return attempts === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve({ Component: Case });
    };
    const routes: RouteObject[] = [
      {
        element: <Outlet />,
        children: [
          {
            errorElement: <RouteErrorElement />,
            children: [
              { path: '/cases/:id', ...screen(load) },
              { path: '/elsewhere', element: <p>elsewhere</p> },
            ],
          },
        ],
      },
    ];
    const router = createMemoryRouter(routes, { initialEntries: ['/cases/3'] });
    render(<RouterProvider router={router} />);
    expect(await dom.findByRole('heading', { name: 'Impossible de charger cet écran' })).toBeInTheDocument();
    await act(() => router.navigate('/elsewhere'));
    expect(await dom.findByText('elsewhere')).toBeInTheDocument();
    await act(() => router.navigate('/cases/3'));
    expect(await dom.findByText('case 3')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});
