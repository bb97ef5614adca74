import Box from '@mui/material/Box';
import { lazy, memo, Suspense, useState } from 'react';
import { DRAWER_WIDTH } from '../../lib/theme';
import { DrawerContent } from './drawer-content';

const MobileDrawer = lazy(() => import('./mobile-drawer'));

export interface NavDrawerProps {
  /** Wide window (md and up): the side column is drawn; below, only the temporary drawer, once opened. */
  isWide: boolean;
  /** Wide screens: the side navigation is shown (the layout configuration, kept in local storage). */
  isOpen?: boolean;
  /** Phones and tablets (under md): the temporary drawer's state. */
  mobileOpen: boolean;
  onMobileClose: () => void;
}

/**
 * SPEC section 9: a 225 px side drawer. From md up it is a fixed column beside the content (plain markup: the modal
 * machinery of MUI's Drawer is only needed below md, where the menu button opens a temporary drawer loaded on demand).
 * Below md the column is not drawn at all: hidden there, it cost a phone's first render its whole list of links
 * (issue 13: 8-9 ms of each render of the shell, four times that on a phone). Memoized: the shell renders again as the
 * session and the screen's data come, this keeps its props.
 */
export const NavDrawer = memo(function NavDrawer({ isWide, isOpen = true, mobileOpen, onMobileClose }: NavDrawerProps) {
  // Once loaded, the temporary drawer stays mounted so that it can slide out when closed.
  const [mobileLoaded, setMobileLoaded] = useState(false);
  if (mobileOpen && !mobileLoaded) setMobileLoaded(true);
  return (
    <>
      {/* The column in the page's flow carries the background and the border, so that they run the page's whole height
          (the fixed panel inside only spans the window). */}
      {isWide ? (
        <Box
          data-testid="side-navigation"
          sx={{
            // The media query too: a window just narrowed keeps the column until its width is acted on (200 ms later).
            display: { xs: 'none', md: isOpen ? 'block' : 'none' },
            width: DRAWER_WIDTH,
            flexShrink: 0,
            alignSelf: 'stretch',
            bgcolor: 'background.paper',
            borderRight: 1,
            borderColor: 'divider',
            '@media print': { display: 'none' },
          }}
        >
          <Box
            sx={{
              position: 'fixed',
              top: 0,
              bottom: 0,
              left: 0,
              width: DRAWER_WIDTH,
              bgcolor: 'background.paper',
              borderRight: 1,
              borderColor: 'divider',
              zIndex: (theme) => theme.zIndex.drawer,
            }}
          >
            <DrawerContent />
          </Box>
        </Box>
      ) : null}
      {mobileLoaded ? (
        <Suspense fallback={null}>
          <MobileDrawer open={mobileOpen} onClose={onMobileClose} />
        </Suspense>
      ) : null}
    </>
  );
});
