import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { builtKey } from '../../lib/i18n';
import ButtonBase from '@mui/material/ButtonBase';
import { Link, useLocation } from 'react-router';
import { isNavLinkActive, type NavLinkItem } from './nav-links';

/**
 * The side navigation's entries: one list item each, the current page marked for the eye and for screen readers.
 * ListItemButton's look (padding, hover, selected and keyboard-focus tints, ripple) on the ButtonBase the header already
 * loads: the list item components stay out of the first load (docs/decisions/0027-first-load.md).
 */
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
        <ButtonBase
          component={Link}
          to={link.to}
          aria-current={active ? 'page' : undefined}
          onClick={onNavigate}
          sx={(theme) => {
            const { action, primary } = theme.palette;
            return {
              display: 'flex',
              flexGrow: 1,
              justifyContent: 'flex-start',
              alignItems: 'center',
              minWidth: 0,
              boxSizing: 'border-box',
              textAlign: 'left',
              py: 1,
              px: 2,
              mb: 0.5,
              borderRadius: 2,
              transition: theme.transitions.create('background-color', {
                duration: theme.transitions.duration.shortest,
              }),
              '&:hover': { bgcolor: action.hover, '@media (hover: none)': { bgcolor: 'transparent' } },
              '&.Mui-focusVisible': { bgcolor: action.focus },
              ...(active && {
                color: primary.main,
                bgcolor: theme.alpha(primary.main, action.selectedOpacity),
                '&.Mui-focusVisible': {
                  bgcolor: theme.alpha(primary.main, `${action.selectedOpacity} + ${action.focusOpacity}`),
                },
                '&:hover': {
                  bgcolor: theme.alpha(primary.main, `${action.selectedOpacity} + ${action.hoverOpacity}`),
                  '@media (hover: none)': { bgcolor: theme.alpha(primary.main, action.selectedOpacity) },
                },
              }),
            };
          }}
        >
          <Box
            component="span"
            sx={{
              minWidth: 40,
              flexShrink: 0,
              display: 'inline-flex',
              color: active ? 'primary.main' : 'action.active',
            }}
          >
            {link.icon}
          </Box>
          <Box
            component="span"
            sx={{ flex: '1 1 auto', minWidth: 0, my: 0.5, typography: 'body1', fontWeight: active ? 600 : 400 }}
          >
            {t(builtKey<'common'>(link.labelKey))}
          </Box>
        </ButtonBase>
      </Box>
    );
  });
}
