import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth-store';
import { navLinksFor } from './nav-links';
import { NavItems } from './nav-items';

// The back office's entries, with their icons: loaded for staff and admins only, outside the first load.
const StaffNavLinks = lazy(() => import('./staff-nav-links'));

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
          {t('layout.copyright', { year: new Date().getFullYear() })}
        </Typography>
      </Box>
    </Box>
  );
}
