import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { StaffDossierItem } from '@passerelle/contract';
import { Link as RouterLink, useLocation } from 'react-router';
import { DossierBadge } from '../../../components/dossier-badge';
import { staffCasePath, toCaseState } from '../../../lib/back-office-links';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatDate, formatTime } from '../../../lib/date-format';
import { useTranslation } from 'react-i18next';
import { builtKey } from '../../../lib/i18n';
import { StepProgress } from './step-progress';

/** An e-mail that breaks before its @ when the column is narrow, rather than anywhere. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

const applicantName = (item: StaffDossierItem) => `${item.applicant.nom.toUpperCase()} ${item.applicant.prenom}`;

/**
 * Whose case it is, as a link to it (the applicant's name: what a coordinator looks for), with the case's number,
 * its name and the applicant's e-mail. The link carries the pipeline's address, so that the case page leads back to
 * the same view.
 */
export function CaseLink({ item, headingLevel }: { item: StaffDossierItem; headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation('staff');
  const location = useLocation();
  const name = item.dossierName || t('case.unnamed');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, lineHeight: 1.35 }}>
      <Box component={headingLevel ?? 'div'} sx={{ m: 0, fontSize: '1rem', fontWeight: 700, lineHeight: 1.35 }}>
        <Link
          component={RouterLink}
          to={staffCasePath(item.id)}
          state={toCaseState(location)}
          underline="hover"
          sx={{ overflowWrap: 'anywhere' }}
        >
          {applicantName(item)}
          <Box component="span" sx={visuallyHidden}>
            {`, ${t('case.open', { id: item.id, name })}`}
          </Box>
        </Link>
      </Box>
      <Box component="span" aria-hidden sx={{ fontSize: '0.8125rem' }}>
        {`${t('case.number', { id: item.id })} · ${name}`}
      </Box>
      <Box component="span" sx={{ fontSize: '0.8125rem', color: 'text.secondary', overflowWrap: 'anywhere' }}>
        <EmailText email={item.applicant.email} />
      </Box>
    </Box>
  );
}

export function FormationCell({ item }: { item: StaffDossierItem }) {
  const { t } = useTranslation('staff');
  if (!item.school && !item.formation) {
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {t('case.noFormation')}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
      {item.school ? (
        <Box component="span" sx={{ fontWeight: 600 }}>
          {item.school}
        </Box>
      ) : null}
      {item.formation ? (
        <Box component="span" sx={{ fontSize: '0.8125rem' }}>
          {item.formation}
        </Box>
      ) : null}
    </Box>
  );
}

export function EmployerCell({ item }: { item: StaffDossierItem }) {
  const { t } = useTranslation('staff');
  return item.companyName ? (
    <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
      {item.companyName}
    </Box>
  ) : (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {t('case.noEmployer')}
    </Box>
  );
}

/** SPEC's badge, with the detailed status (1 to 13) the back office works with. */
export function StatusCell({ item }: { item: StaffDossierItem }) {
  const { t } = useTranslation('staff');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
      <DossierBadge statut={item.dossierStatut} label={(badge) => t(`badges.${badge}`)} />
      <Box component="span" sx={{ fontSize: '0.8125rem', lineHeight: 1.3 }}>
        {t(builtKey<'staff'>(`statuts.${item.dossierStatut}`))}
      </Box>
      <StepProgress etapeStatus={item.etapeStatus} hideStep={t(builtKey<'staff'>(`statuts.${item.dossierStatut}`))} />
    </Box>
  );
}

export function UpdatedCell({ item }: { item: StaffDossierItem }) {
  const { i18n } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35, whiteSpace: 'nowrap' }}>
      <span>{formatDate(item.updatedAt, i18n.language)}</span>
      <Box component="span" sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>
        {formatTime(item.updatedAt, i18n.language)}
      </Box>
    </Box>
  );
}
