import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isNavLinkActive, type NavLinkItem } from './nav-links';

/** The side navigation's entries: one list item each, the current page marked for the eye and for screen readers. */
export function NavItems({
  links,
  onNavigate,
}: {
  links: readonly NavLinkItem[];
  onNavigate?: (() => void) | undefined;
}) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  return links.map((link) => {
    const active = isNavLinkActive(link, pathname);
    return (
      <Box component="li" key={link.to} sx={{ display: 'flex', px: 1 }}>
        <ListItemButton
          component={Link}
          to={link.to}
          selected={active}
          aria-current={active ? 'page' : undefined}
          onClick={onNavigate}
          sx={{
            borderRadius: 2,
            mb: 0.5,
            '&.Mui-selected': { color: 'primary.main', '& .MuiListItemIcon-root': { color: 'primary.main' } },
          }}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>{link.icon}</ListItemIcon>
          <ListItemText
            primary={t(link.labelKey)}
            slotProps={{ primary: { sx: { fontWeight: active ? 600 : 400 } } }}
          />
        </ListItemButton>
      </Box>
    );
  });
}
