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
}

/** SPEC section 2 "Shell and menus": only applicants get the portal links (home, search, cases). */
export function navLinksFor(userType: UserType | undefined): NavLinkItem[] {
  if (userType === 'admissible') {
    return [
      { to: '/espace-admissible', labelKey: 'layout.links.portalHome', icon: <Dashboard />, end: true },
      { to: '/espace-admissible/recherche', labelKey: 'layout.links.portalSearch', icon: <TravelExplore /> },
      { to: '/espace-admissible/dossiers', labelKey: 'layout.links.portalCases', icon: <FolderOpen /> },
      { to: '/about', labelKey: 'layout.links.about', icon: <InfoOutlined /> },
    ];
  }
  return [
    { to: '/', labelKey: 'layout.links.home', icon: <Home />, end: true },
    { to: '/about', labelKey: 'layout.links.about', icon: <InfoOutlined /> },
  ];
}

export function isNavLinkActive(link: NavLinkItem, pathname: string): boolean {
  if (link.end) return pathname === link.to || pathname === `${link.to}/`;
  return pathname === link.to || pathname.startsWith(`${link.to}/`);
}
