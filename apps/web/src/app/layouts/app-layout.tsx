import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { Suspense, useState } from 'react';
import { Outlet } from '../../lib/router';
import { useTheme } from '@mui/material/styles';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { useLayoutConfig, useWindowWidth } from '../../lib/layout-config';
import { deferComponent, useDeferredReady } from '../../lib/deferred-component';
import { LinkExchangeGate } from '../../features/auth/components/link-exchange-gate';
import { AppHeader } from './app-header';
import { NavDrawer } from './nav-drawer';
import { SkipLink } from './skip-link';
import { useDocumentTitle } from './use-document-title';
import { useFocusOnNavigate } from './use-focus-on-navigate';
import { SCROLL_TOP_THRESHOLD, useScrolledPast } from './use-scrolled-past';
import { useScrollRestoration } from './use-scroll-restoration';
import { useSessionEvents } from './use-session-events';

/** Fab and Zoom are only needed on pages long enough to scroll: fetched the first time the page scrolls past 200 px. */
const scrollTopButton = deferComponent(() => import('./scroll-top-button'));
const ScrollTopButton = scrollTopButton.Component;

/** The shell around every screen: header, 225 px drawer, main content, scroll-to-top. */
export function AppLayout() {
  const [mobileNavOpen, setMobileNavOpen] = useState(false);
  const [layout, setLayout] = useLayoutConfig();
  const isWide = useWindowWidth() >= useTheme().breakpoints.values.md;
  // A temporary drawer left open while the window widened would keep its modal (focus trap, scroll lock) over the page.
  if (isWide && mobileNavOpen) setMobileNavOpen(false);
  useSessionEvents();
  useDocumentTitle();
  useFocusOnNavigate();
  useScrollRestoration();
  const scrollTopReady = useDeferredReady(scrollTopButton, useScrolledPast(SCROLL_TOP_THRESHOLD));
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <AppHeader
        isWide={isWide}
        isDrawerOpen={layout.isDrawerOpen}
        onOpenNavigation={() => (isWide ? setLayout({ isDrawerOpen: !layout.isDrawerOpen }) : setMobileNavOpen(true))}
      />
      <NavDrawer
        isOpen={layout.isDrawerOpen}
        mobileOpen={mobileNavOpen}
        onMobileClose={() => setMobileNavOpen(false)}
      />
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, outline: 'none' }}>
        <Toolbar />
        <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 2, sm: 3 } }}>
          {/* A screen's texts load with it: only the content waits, the shell stays. */}
          <Suspense fallback={<FullPageSpinner />}>
            <LinkExchangeGate>
              <Outlet />
            </LinkExchangeGate>
          </Suspense>
        </Container>
      </Box>
      {scrollTopReady ? (
        <Suspense fallback={null}>
          <ScrollTopButton />
        </Suspense>
      ) : null}
    </Box>
  );
}
