import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
// The theme has no CSS variables (lib/theme.ts): the system provider is what @mui/material/styles' ThemeProvider
// renders for such a theme, without the CSS-variables provider and its color-scheme script, which cost ~3 KB.
import { ThemeProvider } from '@mui/system';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import { createBrowserHistory, Router, type Location } from '../lib/router';
import { queryClient } from '../lib/query-client';
import { buildTheme } from '../lib/theme';
import { useThemeMode } from '../lib/theme-mode';
import { FullPageSpinner } from '../components/full-page-spinner';
import { blockableHistory } from '../lib/history';
import { routes } from './router';
import { prepareScreenAt } from './route-namespaces';
import { AppRoutes, RouteErrorBoundary } from './route-tree';

/** Styles carry the page's CSP nonce (the server writes it in the csp-nonce meta). */
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
const emotionCache = createCache({ key: 'mui', nonce, prepend: true });

/** The app's router (lib/router.tsx), on a history that lets forms with unsaved changes hold a navigation back. */
export const history = blockableHistory(createBrowserHistory());

/** A navigation shows once the next screen's code and texts are here (the screen on view stays until then). */
const prepare = (location: Location) => prepareScreenAt(routes, location.pathname);

export function AppProviders() {
  const { mode } = useThemeMode();
  const theme = useMemo(() => buildTheme(mode), [mode]);
  return (
    <CacheProvider value={emotionCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <QueryClientProvider client={queryClient}>
          <Router history={history} prepare={prepare}>
            {/* A failure of the shell itself: the route error page alone. */}
            <RouteErrorBoundary>
              <Suspense fallback={<FullPageSpinner />}>
                <AppRoutes routes={routes} />
              </Suspense>
            </RouteErrorBoundary>
          </Router>
        </QueryClientProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
