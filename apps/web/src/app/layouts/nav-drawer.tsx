import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, memo, Suspense, useState } from 'react';
import { useAuth } from '../../lib/auth-store';
import { useTranslation } from 'react-i18next';
import { DRAWER_WIDTH } from '../../lib/theme';
import { navLinksFor } from './nav-links';
import { NavItems } from './nav-items';

const MobileDrawer = lazy(() => import('./mobile-drawer'));
// The back office's entries, with their icons: loaded for staff and admins only, outside the first load.
const StaffNavLinks = lazy(() => import('./staff-nav-links'));

export interface NavDrawerProps {
  /** Wide window (md and up): the side column is drawn; below, only the temporary drawer, once opened. */
  isWide: boolean;
  /** Wide screens: the side navigation is shown (the layout configuration, kept in local storage). */
  isOpen?: boolean;
  /** Phones and tablets (under md): the temporary drawer's state. */
  mobileOpen: boolean;
  onMobileClose: () => void;
}

/** Links and the copyright footer, shared by the permanent and the temporary drawer. */
export function DrawerContent({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  const { user, token } = useAuth();
  const userType = token ? user?.userType : undefined;
  const backOffice = userType === 'staff' || userType === 'admin';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar />
      <Box component="nav" aria-label={t('layout.navigation')} sx={{ flexGrow: 1, overflowY: 'auto', py: 1 }}>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, position: 'relative' }}>
          {backOffice ? (
            <Suspense fallback={null}>
              <StaffNavLinks userType={userType} onNavigate={onNavigate} />
            </Suspense>
          ) : null}
          <NavItems links={navLinksFor(userType)} onNavigate={onNavigate} />
        </Box>
      </Box>
      <Box component="footer" sx={{ px: 2, py: 2, borderTop: 1, borderColor: 'divider' }}>
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', lineHeight: 1.5 }}>
          {t('layout.copyright')}
        </Typography>
      </Box>
    </Box>
  );
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
