import Check from '@mui/icons-material/Check';
import DarkMode from '@mui/icons-material/DarkMode';
import LightMode from '@mui/icons-material/LightMode';
import Logout from '@mui/icons-material/Logout';
import Translate from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { PaletteMode } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth-store';
import { useTranslation } from 'react-i18next';
import { supportedLanguages, builtKey } from '../../lib/i18n';
import { useThemeMode } from '../../lib/theme-mode';
import { isNavLinkActive, navLinksFor } from './nav-links';

/**
 * An e-mail address that wraps where a reader expects it: before the '@', and before a dot or after a dash or
 * underscore. The browser only breaks inside a piece (break-word) when that piece alone is wider than the menu.
 */
export function BreakableEmail({ address }: { address: string }) {
  const pieces = address.split(/(?=[@.])|(?<=[-_])/);
  return (
    <>
      {pieces.map((piece, index) => (
        <span key={index}>
          {index > 0 ? <wbr /> : null}
          {piece}
        </span>
      ))}
    </>
  );
}

export interface UserMenuPanelProps {
  menuId: string;
  buttonId: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

/**
 * SPEC section 2 "Shell and menus": name, user-type badge and e-mail; the portal links for applicants; language
 * (fr-FR, en-US) and theme (dark is experimental); logout. Visitors get no account details and no logout.
 */
export default function UserMenuPanel({ menuId, buttonId, anchor, onClose: close }: UserMenuPanelProps) {
  const { t, i18n } = useTranslation('common');
  const { user, token } = useAuth();
  const { mode, setMode } = useThemeMode();
  const { pathname } = useLocation();
  const signedIn = Boolean(token && user);
  const portalLinks =
    signedIn && user?.userType === 'admissible'
      ? navLinksFor('admissible').filter((link) => link.to.startsWith('/espace-admissible'))
      : [];
  const themes: { value: PaletteMode; label: string; icon: ReactNode }[] = [
    { value: 'light', label: t('layout.themeLight'), icon: <LightMode fontSize="small" /> },
    {
      value: 'dark',
      label: `${t('layout.themeDark')} ${t('layout.experimental')}`,
      icon: <DarkMode fontSize="small" />,
    },
  ];
  return (
    <Menu
      id={menuId}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        list: { 'aria-labelledby': buttonId, dense: false },
        paper: { sx: { width: 280, maxWidth: 'calc(100vw - 32px)', mt: 1 } },
      }}
    >
      <Box component="li" role="none" sx={{ px: 2, pt: 1, pb: 1.5 }}>
        {signedIn && user ? (
          <>
            <Typography sx={{ fontWeight: 700 }}>{`${user.prenom} ${user.nom}`}</Typography>
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={t(`userTypes.${user.userType}`)}
              sx={{ my: 0.75 }}
            />
            <Typography
              variant="body2"
              sx={{ color: 'text.secondary', overflowWrap: 'break-word' }}
              data-testid="user-mail"
            >
              <BreakableEmail address={user.mail} />
            </Typography>
          </>
        ) : (
          <Typography sx={{ fontWeight: 700 }}>{t('layout.visitor')}</Typography>
        )}
      </Box>
      {portalLinks.length > 0 ? <Divider component="li" /> : null}
      {portalLinks.map((link) => (
        <MenuItem
          key={link.to}
          component={Link}
          to={link.to}
          onClick={close}
          selected={isNavLinkActive(link, pathname)}
        >
          <ListItemIcon>{link.icon}</ListItemIcon>
          <ListItemText>{t(builtKey<'common'>(link.labelKey))}</ListItemText>
        </MenuItem>
      ))}
      <Divider component="li" />
      {/* A heading of the items below, not an item: a menu owns only items (ARIA), and the <li> is in no list. */}
      <ListSubheader
        role="none"
        sx={{ lineHeight: 2.5, display: 'flex', alignItems: 'center', gap: 1, bgcolor: 'transparent' }}
      >
        <Translate fontSize="small" aria-hidden />
        {t('layout.language')}
      </ListSubheader>
      {supportedLanguages.map((lng) => {
        const current = i18n.language === lng;
        return (
          <MenuItem
            key={lng}
            role="menuitemradio"
            aria-checked={current}
            lang={lng}
            onClick={() => {
              void i18n.changeLanguage(lng);
              close();
            }}
          >
            <ListItemIcon>{current ? <Check fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{t(`languages.${lng}`)}</ListItemText>
          </MenuItem>
        );
      })}
      <Divider component="li" />
      <ListSubheader role="none" sx={{ lineHeight: 2.5, bgcolor: 'transparent' }}>
        {t('layout.theme')}
      </ListSubheader>
      {themes.map((theme) => {
        const current = mode === theme.value;
        return (
          <MenuItem
            key={theme.value}
            role="menuitemradio"
            aria-checked={current}
            onClick={() => {
              setMode(theme.value);
              close();
            }}
          >
            <ListItemIcon>{current ? <Check fontSize="small" /> : theme.icon}</ListItemIcon>
            <ListItemText>{theme.label}</ListItemText>
          </MenuItem>
        );
      })}
      {signedIn ? <Divider component="li" /> : null}
      {signedIn ? (
        <MenuItem component={Link} to="/logout" onClick={close}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('layout.logout')}</ListItemText>
        </MenuItem>
      ) : null}
    </Menu>
  );
}
