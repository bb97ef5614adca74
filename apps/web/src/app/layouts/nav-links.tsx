import Dashboard from '@mui/icons-material/Dashboard';
import FolderOpen from '@mui/icons-material/FolderOpen';
import Home from '@mui/icons-material/Home';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import TravelExplore from '@mui/icons-material/TravelExplore';
import type { UserType } from '@passerelle/contract';
import type { ReactNode } from 'react';

export interface NavLinkItem {
  to: string;
  labelKey: string;
  icon: ReactNode;
  /** Active only on this exact path (the portal home is the parent of the other portal routes). */
  end?: boolean;
  /** With `end`: also active under these paths (the pipeline on its cases, not on the back office's other pages). */
  activeUnder?: readonly string[];
}

/**
 * SPEC section 2 "Shell and menus": only applicants get the portal links (home, search, cases); staff and admins get
 * the back office's entries (`staffNavLinks`, issues 10 to 12) above this list.
 */
export function navLinksFor(userType: UserType | undefined): NavLinkItem[] {
  const about: NavLinkItem = { to: '/about', labelKey: 'layout.links.about', icon: <InfoOutlined /> };
  if (userType === 'admissible') {
    return [
      { to: '/espace-admissible', labelKey: 'layout.links.portalHome', icon: <Dashboard />, end: true },
      { to: '/espace-admissible/recherche', labelKey: 'layout.links.portalSearch', icon: <TravelExplore /> },
      { to: '/espace-admissible/dossiers', labelKey: 'layout.links.portalCases', icon: <FolderOpen /> },
      about,
    ];
  }
  // Issues 10 to 12: the back office's entries come first, from staff-nav-links.tsx, loaded with the back office.
  if (userType === 'staff' || userType === 'admin') return [about];
  return [{ to: '/', labelKey: 'layout.links.home', icon: <Home />, end: true }, about];
}

export function isNavLinkActive(link: NavLinkItem, pathname: string): boolean {
  const isUnder = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  if (link.activeUnder?.some(isUnder)) return true;
  if (link.end) return pathname === link.to || pathname === `${link.to}/`;
  return pathname === link.to || pathname.startsWith(`${link.to}/`);
}
