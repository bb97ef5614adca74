import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from '../../lib/router';
import { useAuth } from '../../lib/auth-store';
import { useTranslation } from '../../lib/i18n';
import { LogoMark } from './logo-mark';
import { UserMenu } from './user-menu';
import { useHeaderInfos } from './use-header-infos';

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
    <Box sx={{ minWidth: 0, textAlign: 'right' }} data-testid="header-identity">
      <Typography
        component="p"
        sx={{
          fontWeight: 700,
          lineHeight: 1.25,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          fontSize: { xs: '0.9rem', sm: '1rem' },
        }}
      >
        {`${infos.admLastName.toUpperCase()} ${infos.admFirstName}`}
      </Typography>
      {details ? (
        <Typography
          component="p"
          variant="body2"
          title={infos.formationLibelle ?? undefined}
          // Full white, not faded: on the green bar, white keeps 5:1 and 90% of it only 4.4:1.
          sx={{
            lineHeight: 1.25,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            fontSize: { xs: '0.8rem', sm: '0.875rem' },
          }}
        >
          {details}
        </Typography>
      ) : null}
    </Box>
  );
}

export interface AppHeaderProps {
  /** Wide window (md and up): the button shows or puts away the side navigation; below, it opens the drawer. */
  isWide?: boolean;
  isDrawerOpen?: boolean;
  onOpenNavigation: () => void;
}

export function AppHeader({ isWide = false, isDrawerOpen = true, onOpenNavigation }: AppHeaderProps) {
  const { t } = useTranslation('common');
  const { user, token } = useAuth();
  // SPEC: the header logo links to /espace-admissible for applicant users.
  const logoTarget = token && user?.userType === 'admissible' ? '/espace-admissible' : '/';
  return (
    // AppBar's look (fixed, flat, primary colours in both modes) on a plain <header>: the shell is in every first load.
    <Box
      component="header"
      sx={{
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
      }}
    >
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
        <Box
          component={RouterLink}
          to={logoTarget}
          aria-label={t('layout.logoLabel')}
          sx={{
            color: 'inherit',
            textDecoration: 'none',
            display: 'flex',
            alignItems: 'center',
            gap: 1.25,
            borderRadius: 1,
            '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 4 },
          }}
        >
          <Box sx={{ bgcolor: '#fff', borderRadius: '10px', p: '2px', display: 'flex' }}>
            <LogoMark size={30} />
          </Box>
          <Typography
            component="span"
            sx={{ fontWeight: 800, fontSize: '1.2rem', letterSpacing: 0.2, display: { xs: 'none', sm: 'inline' } }}
          >
            {t('productName')}
          </Typography>
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <ApplicantIdentity />
        <UserMenu />
      </Toolbar>
    </Box>
  );
}
