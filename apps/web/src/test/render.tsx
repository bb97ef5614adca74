import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { buildTheme } from '../lib/theme';

/** Renders routes as the app does (theme, a fresh query client without retries, router, suspense), at `path`. */
export function renderRoutes(routes: RouteObject[], path = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(
    <ThemeProvider theme={buildTheme('light')}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback="…">
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}
