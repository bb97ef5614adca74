import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import type { Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../../lib/auth-store';
import { useTranslation } from 'react-i18next';
import { LogoMark } from './logo-mark';
import { UserMenu } from './user-menu';
import { useHeaderInfos } from './use-header-infos';

/**
 * The header's styles, computed once for the whole header (issue 13: each Box and Typography of the shell computed its
 * own at every render of the first screen): AppBar's look, then the logo link and the applicant's identity, which are
 * plain elements with class names.
 */
const headerSx: SystemStyleObject<Theme> = {
  position: 'fixed',
  top: 0,
  left: 'auto',
  right: 0,
  width: '100%',
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  flexShrink: 0,
  zIndex: (theme) => theme.zIndex.drawer + 1,
  bgcolor: 'primary.main',
  color: 'primary.contrastText',
  borderBottom: 1,
  borderColor: 'divider',
  '@media print': { position: 'absolute' },
  '& .header-logo': {
    color: 'inherit',
    textDecoration: 'none',
    display: 'flex',
    alignItems: 'center',
    gap: 1.25,
    borderRadius: 1,
    '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 4 },
  },
  '& .header-logo-mark': { bgcolor: '#fff', borderRadius: '10px', p: '2px', display: 'flex' },
  '& .header-product': {
    fontWeight: 800,
    fontSize: '1.2rem',
    letterSpacing: 0.2,
    lineHeight: 1.5,
    display: { xs: 'none', sm: 'inline' },
  },
  '& .header-spacer': { flexGrow: 1 },
  '& .header-avatar': {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    borderRadius: '50%',
    overflow: 'hidden',
    userSelect: 'none',
    lineHeight: 1,
    fontFamily: (theme) => theme.typography.fontFamily,
    width: 36,
    height: 36,
    bgcolor: 'primary.contrastText',
    color: 'primary.main',
    fontSize: '0.95rem',
    fontWeight: 700,
  },
  '& .header-identity': { minWidth: 0, textAlign: 'right' },
  '& .header-identity-name, & .header-identity-details': {
    m: 0,
    lineHeight: 1.25,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  '& .header-identity-name': { fontWeight: 700, fontSize: { xs: '0.9rem', sm: '1rem' } },
  // Full white, not faded: on the green bar, white keeps 5:1 and 90% of it only 4.4:1.
  '& .header-identity-details': { fontSize: { xs: '0.8rem', sm: '0.875rem' } },
};

/**
 * SPEC section 2: applicant's "NOM Prénom", plus the start year and the formation level when known ("Rentrée 2026 ·
 * Bac+4"), on phones too: short enough for 375 px, where the formation's full name was cut off. The name of the
 * formation stays available as the line's title.
 */
function ApplicantIdentity() {
  const { t } = useTranslation('common');
  const infos = useHeaderInfos();
  if (!infos) return null;
  const details = [
    infos.formationYear ? t('layout.startYear', { year: infos.formationYear }) : null,
    infos.formationEtape ? t('layout.formationLevel', { level: infos.formationEtape }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    // Styled by the header (headerSx): plain elements, no style computed at each render.
    <div className="header-identity" data-testid="header-identity">
      <p className="header-identity-name">{`${infos.admLastName.toUpperCase()} ${infos.admFirstName}`}</p>
      {details ? (
        <p className="header-identity-details" title={infos.formationLibelle ?? undefined}>
          {details}
        </p>
      ) : null}
    </div>
  );
}

export interface AppHeaderProps {
  /** Wide window (md and up): the button shows or puts away the side navigation; below, it opens the drawer. */
  isWide?: boolean;
  isDrawerOpen?: boolean;
  onOpenNavigation: () => void;
}

/** Memoized: the shell renders again as the session and the screen's data come; the header's props rarely change. */
export const AppHeader = memo(function AppHeader({
  isWide = false,
  isDrawerOpen = true,
  onOpenNavigation,
}: AppHeaderProps) {
  const { t } = useTranslation('common');
  const { user, token } = useAuth();
  // SPEC: the header logo links to /espace-admissible for applicant users.
  const logoTarget = token && user?.userType === 'admissible' ? '/espace-admissible' : '/';
  return (
    // AppBar's look (fixed, flat, primary colours in both modes) on a plain <header>: the shell is in every first load.
    <Box component="header" sx={headerSx}>
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        <IconButton
          color="inherit"
          edge="start"
          onClick={onOpenNavigation}
          aria-label={
            isWide ? t(isDrawerOpen ? 'layout.hideNavigation' : 'layout.showNavigation') : t('layout.openNavigation')
          }
          aria-expanded={isWide ? isDrawerOpen : undefined}
        >
          <MenuIcon />
        </IconButton>
        <RouterLink to={logoTarget} aria-label={t('layout.logoLabel')} className="header-logo">
          <span className="header-logo-mark">
            <LogoMark size={30} />
          </span>
          <span className="header-product">{t('productName')}</span>
        </RouterLink>
        <span className="header-spacer" />
        <ApplicantIdentity />
        <UserMenu />
      </Toolbar>
    </Box>
  );
});
