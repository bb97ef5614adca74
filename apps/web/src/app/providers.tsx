import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { queryClient } from '../lib/query-client';
import { buildTheme } from '../lib/theme';
import { useThemeMode } from '../lib/theme-mode';
import { FullPageSpinner } from '../components/full-page-spinner';

/** Styles carry the page's CSP nonce (the server writes it in the csp-nonce meta). */
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
const emotionCache = createCache({ key: 'mui', nonce, prepend: true });

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The app's providers around the data router (main.tsx creates it, so that the first screen starts loading early). */
export function AppProviders({ router }: { router: AppRouter }) {
  const { mode } = useThemeMode();
  const theme = useMemo(() => buildTheme(mode), [mode]);
  return (
    <CacheProvider value={emotionCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<FullPageSpinner />}>
            <RouterProvider router={router} />
          </Suspense>
        </QueryClientProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
