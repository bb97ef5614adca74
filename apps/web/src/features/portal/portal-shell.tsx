import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { Suspense } from 'react';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { readPendingTracking, TRACKING_FORM_PATH } from '../../lib/pending-tracking';

const tabs = [
  { to: '/espace-admissible', key: 'home' },
  { to: '/espace-admissible/recherche', key: 'search' },
  { to: '/espace-admissible/dossiers', key: 'cases' },
] as const;

/**
 * The three screens as a row of links, drawn as tabs: the current one in the primary colour, underlined. Links to
 * other pages, not ARIA tabs (which switch panels within a page): a list in a landmark, the current page named by
 * aria-current. One style for the row, where MUI's Tabs rendered a button base per tab and measured them all on
 * mount to place its indicator, a forced layout on every first render (issue 13; docs/decisions/0035-portal-tabs.md).
 */
const navSx: SxProps<Theme> = (theme) => ({
  display: { xs: 'block', md: 'none' },
  borderBottom: 1,
  borderColor: 'divider',
  mb: 3,
  mt: -1,
  '& ul': { display: 'flex', maxWidth: 560, m: 0, p: 0, listStyle: 'none' },
  '& li': { flex: '1 1 0', minWidth: 0, display: 'flex' },
  '& a': {
    ...theme.typography.button,
    flex: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: 48,
    px: 0.5,
    py: 1.5,
    boxSizing: 'border-box',
    fontSize: '0.85rem',
    lineHeight: 1.25,
    textAlign: 'center',
    textDecoration: 'none',
    color: 'text.secondary',
    borderBottom: '2px solid transparent',
    outlineOffset: -2,
    '&:hover': { color: 'text.primary' },
  },
  '& a[aria-current="page"]': { color: 'primary.main', borderBottomColor: 'primary.main' },
});

/** Layout of /espace-admissible: the three screens as tabs above the page on phones and tablets, where the drawer hides. */
function PortalShell() {
  const { t } = useTranslation('portal');
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  // Signed in from the personal link asked for on the tracking form: back to the form, which saves the kept entry.
  if (readPendingTracking()) return <Navigate to={TRACKING_FORM_PATH} replace />;
  return (
    <Box>
      <Box component="nav" aria-label={t('shell.navLabel')} sx={navSx}>
        <ul>
          {tabs.map((tab) => (
            <li key={tab.to}>
              <Link to={tab.to} aria-current={path === tab.to ? 'page' : undefined}>
                {t(`shell.${tab.key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </Box>
      {/* The tabs stay while a tab's screen loads. */}
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}

export { PortalShell as Component };
