import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../../lib/auth-store';
import { LogoMark } from './logo-mark';
import { UserMenu } from './user-menu';
import { useHeaderInfos } from './use-header-infos';

/** SPEC section 2: applicant's "NOM Prénom", plus start year and formation when known. */
function ApplicantIdentity() {
  const { t } = useTranslation('common');
  const infos = useHeaderInfos();
  if (!infos) return null;
  const details = [
    infos.formationYear ? t('layout.startYear', { year: infos.formationYear }) : null,
    infos.formationLibelle,
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
          sx={{
            opacity: 0.9,
            lineHeight: 1.25,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            display: { xs: 'none', sm: 'block' },
          }}
        >
          {details}
        </Typography>
      ) : null}
    </Box>
  );
}

export function AppHeader({ onOpenNavigation }: { onOpenNavigation: () => void }) {
  const { t } = useTranslation('common');
  const { user, token } = useAuth();
  // SPEC: the header logo links to /espace-admissible for applicant users.
  const logoTarget = token && user?.userType === 'admissible' ? '/espace-admissible' : '/';
  return (
    <AppBar
      position="fixed"
      elevation={0}
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider' }}
      enableColorOnDark
    >
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        <IconButton
          color="inherit"
          edge="start"
          onClick={onOpenNavigation}
          aria-label={t('layout.openNavigation')}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Link
          component={RouterLink}
          to={logoTarget}
          color="inherit"
          underline="none"
          aria-label={t('layout.logoLabel')}
          sx={{
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
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        <ApplicantIdentity />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
