import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { buildTheme } from '../lib/theme';

/** `routes` at `path` as the app renders them (data router: handles, loaders, blockers), in memory. */
export function MemoryRoutes({ routes, path = '/' }: { routes: RouteObject[]; path?: string }) {
  const [router] = useState(() => createMemoryRouter(routes, { initialEntries: [path] }));
  return <RouterProvider router={router} />;
}

/** Renders routes as the app does (theme, a fresh query client without retries, router, suspense), at `path`. */
export function renderRoutes(routes: RouteObject[], path = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ThemeProvider theme={buildTheme('light')}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback="…">
          <MemoryRoutes routes={routes} path={path} />
        </Suspense>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}
