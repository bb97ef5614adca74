import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FolderOpen from '@mui/icons-material/FolderOpen';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import PollOutlined from '@mui/icons-material/PollOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import WorkOutlined from '@mui/icons-material/WorkOutlined';
import type { UserType } from '@passerelle/contract';
import {
  staffAccountsPath,
  staffApplicantsPath,
  staffContentPath,
  staffExportsPath,
  staffFormationsPath,
  staffOffersPath,
  staffReferencesPath,
  staffReferenceTablesPath,
  staffSettingsPath,
  staffSurveysPath,
  staffWorkshopsPath,
} from '../../lib/back-office-links';
import type { NavLinkItem } from './nav-links';
import { NavItems } from './nav-items';

/**
 * The back office's entries (issues 10 to 12), in the order of a coordinator's day: the cases, the people, what the
 * portal offers, then the results and the settings (formations, reference values); admins also manage the team and the CFA's identity. Loaded with
 * the first back-office page, never by applicants and employers (it is not in the first load).
 */
export function staffNavLinks(userType: UserType): NavLinkItem[] {
  const links: NavLinkItem[] = [
    {
      to: '/gestion',
      labelKey: 'layout.links.staffPipeline',
      icon: <FolderOpen />,
      end: true,
      activeUnder: ['/gestion/dossiers'],
    },
    { to: staffApplicantsPath, labelKey: 'layout.links.staffApplicants', icon: <PersonOutlined /> },
    { to: staffOffersPath, labelKey: 'layout.links.staffOffers', icon: <WorkOutlined /> },
    { to: staffWorkshopsPath, labelKey: 'layout.links.staffWorkshops', icon: <EventOutlined /> },
    { to: staffContentPath, labelKey: 'layout.links.staffContent', icon: <ArticleOutlined /> },
    { to: staffSurveysPath, labelKey: 'layout.links.staffSurveys', icon: <PollOutlined /> },
    { to: staffExportsPath, labelKey: 'layout.links.staffExports', icon: <FileDownloadOutlined /> },
    { to: staffFormationsPath, labelKey: 'layout.links.staffFormations', icon: <SchoolOutlined /> },
    { to: staffReferencesPath, labelKey: 'layout.links.staffReferences', icon: <TuneOutlined /> },
  ];
  if (userType === 'admin')
    links.push(
      { to: staffAccountsPath, labelKey: 'layout.links.staffAccounts', icon: <GroupsOutlined /> },
      { to: staffSettingsPath, labelKey: 'layout.links.staffSettings', icon: <SettingsOutlined />, end: true },
      { to: staffReferenceTablesPath, labelKey: 'layout.links.staffReferenceTables', icon: <TableChartOutlined /> },
    );
  return links;
}

export default function StaffNavLinks({
  userType,
  onNavigate,
}: {
  userType: UserType;
  onNavigate?: (() => void) | undefined;
}) {
  return <NavItems links={staffNavLinks(userType)} onNavigate={onNavigate} />;
}
