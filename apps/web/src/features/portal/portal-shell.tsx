import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Suspense } from 'react';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { useTranslation } from '../../lib/i18n';
import { Link, Navigate, Outlet, useLocation } from '../../lib/router';
import { readPendingTracking, TRACKING_FORM_PATH } from '../../lib/pending-tracking';

const tabs = [
  { to: '/espace-admissible', key: 'home' },
  { to: '/espace-admissible/recherche', key: 'search' },
  { to: '/espace-admissible/dossiers', key: 'cases' },
] as const;

/** Layout of /espace-admissible: the three screens as tabs above the page on phones and tablets, where the drawer hides. */
function PortalShell() {
  const { t } = useTranslation('portal');
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  const current = tabs.find((tab) => tab.to === path)?.to ?? false;
  // Signed in from the personal link asked for on the tracking form: back to the form, which saves the kept entry.
  if (readPendingTracking()) return <Navigate to={TRACKING_FORM_PATH} replace />;
  return (
    <Box>
      <Box
        component="nav"
        aria-label={t('shell.navLabel')}
        sx={{ display: { xs: 'block', md: 'none' }, borderBottom: 1, borderColor: 'divider', mb: 3, mt: -1 }}
      >
        <Tabs value={current} variant="fullWidth" sx={{ maxWidth: 560 }}>
          {tabs.map((tab) => (
            <Tab
              key={tab.to}
              value={tab.to}
              label={t(`shell.${tab.key}`)}
              component={Link}
              to={tab.to}
              aria-current={current === tab.to ? 'page' : undefined}
              sx={{ minWidth: 0, px: 0.5, fontSize: '0.85rem' }}
            />
          ))}
        </Tabs>
      </Box>
      {/* The tabs stay while a tab's screen loads. */}
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}

export { PortalShell as Component };
