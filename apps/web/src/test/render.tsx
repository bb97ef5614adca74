import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { createMemoryHistory, Router, type RouteObject } from '../lib/router';
import { AppRoutes } from '../app/route-tree';
import { blockableHistory } from '../lib/history';
import { buildTheme } from '../lib/theme';

/** `routes` at `path` as the app renders them (declarative router, blockable history, route handles), in memory. */
export function MemoryRoutes({ routes, path = '/' }: { routes: RouteObject[]; path?: string }) {
  const [history] = useState(() => blockableHistory(createMemoryHistory({ initialEntries: [path] })));
  return (
    <Router history={history}>
      <AppRoutes routes={routes} />
    </Router>
  );
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
