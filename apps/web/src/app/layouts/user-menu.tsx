import Person from '@mui/icons-material/Person';
import IconButton from '@mui/material/IconButton';
import { useId, useState, type MouseEvent } from 'react';
import { useAuth } from '../../lib/auth-store';
import { useTranslation } from 'react-i18next';
import UserMenuPanel from './user-menu-panel';

function initials(prenom: string, nom: string): string {
  return `${prenom.charAt(0)}${nom.charAt(0)}`.toUpperCase();
}

/** The avatar button of the header. The menu opens on click (or Enter/Space), so SPEC's hover close delay has nothing to apply to. */
export function UserMenu() {
  const { t } = useTranslation('common');
  const { user, token } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu is rendered from its first opening on (then kept, for its closing animation): closed, MUI's Menu still ran
  // its popover and modal on every render of the header, in every page's first render (issue 13).
  const [hasOpened, setHasOpened] = useState(false);
  if (anchor && !hasOpened) setHasOpened(true);
  const menuId = useId();
  const buttonId = useId();
  const signedIn = Boolean(token && user);
  const close = () => setAnchor(null);
  // An account without a name yet (a staff account created from the command line) shows the person icon.
  const shown = signedIn && user ? initials(user.prenom, user.nom) || null : null;

  return (
    <>
      <IconButton
        id={buttonId}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        // The name holds the initials the button shows, so that "click CM" works by voice too (WCAG 2.5.3).
        aria-label={shown ? t('layout.userMenuOf', { initials: shown }) : t('layout.userMenu')}
        aria-haspopup="true"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        sx={{ p: 0.5 }}
      >
        {/* Avatar's look (a round badge) without its image loading: the header is in every first load. Styled by the
            header (app-header.tsx, headerSx). */}
        <span className="header-avatar">{shown ?? <Person />}</span>
      </IconButton>
      {hasOpened ? <UserMenuPanel menuId={menuId} buttonId={buttonId} anchor={anchor} onClose={close} /> : null}
    </>
  );
}
