import Box from '@mui/material/Box';
import { Suspense, useCallback, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useTheme, type Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
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
import { useSessionEvents } from './use-session-events';

/** Fab and Zoom are only needed on pages long enough to scroll: fetched the first time the page scrolls past 200 px. */
const scrollTopButton = deferComponent(() => import('./scroll-top-button'));
const ScrollTopButton = scrollTopButton.Component;

/**
 * The shell's own styles, computed once (issue 13: every box of the shell computed its own at each render of a phone's
 * first screen): the main column, the header's height left above it (Toolbar's), and the content's width and margins
 * (Container's, lg).
 */
const layoutSx: SystemStyleObject<Theme> = {
  display: 'flex',
  minHeight: '100vh',
  '& > .app-main': { flexGrow: 1, minWidth: 0, outline: 'none' },
  '& .app-toolbar-space': (theme) => theme.mixins.toolbar,
  '& .app-content': (theme) => ({
    width: '100%',
    boxSizing: 'border-box',
    mx: 'auto',
    maxWidth: theme.breakpoints.values.lg,
    py: { xs: 2, sm: 4 },
    px: { xs: 2, sm: 3 },
  }),
};

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
  const scrollTopReady = useDeferredReady(scrollTopButton, useScrolledPast(SCROLL_TOP_THRESHOLD));
  // Kept from render to render, so that the memoized header and drawer render again only when what they show changes.
  const isDrawerOpen = layout.isDrawerOpen;
  const openNavigation = useCallback(
    () => (isWide ? setLayout({ isDrawerOpen: !isDrawerOpen }) : setMobileNavOpen(true)),
    [isWide, isDrawerOpen, setLayout],
  );
  const closeMobileNavigation = useCallback(() => setMobileNavOpen(false), []);
  return (
    <Box sx={layoutSx}>
      {/* A new page starts at the top (or at its hash's element), back and forward return where the page was left,
          also after a reload; a navigation with preventScrollReset keeps the position. */}
      <ScrollRestoration />
      <SkipLink />
      <AppHeader isWide={isWide} isDrawerOpen={isDrawerOpen} onOpenNavigation={openNavigation} />
      <NavDrawer
        isWide={isWide}
        isOpen={isDrawerOpen}
        mobileOpen={mobileNavOpen}
        onMobileClose={closeMobileNavigation}
      />
      <main id="main" tabIndex={-1} className="app-main">
        <div className="app-toolbar-space" />
        <div className="app-content">
          {/* A screen's texts load with it: only the content waits, the shell stays. */}
          <Suspense fallback={<FullPageSpinner />}>
            <LinkExchangeGate>
              <Outlet />
            </LinkExchangeGate>
          </Suspense>
        </div>
      </main>
      {scrollTopReady ? (
        <Suspense fallback={null}>
          <ScrollTopButton />
        </Suspense>
      ) : null}
    </Box>
  );
}
