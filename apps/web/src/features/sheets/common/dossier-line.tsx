import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import Box from '@mui/material/Box';
import type { DossierHeading } from '@passerelle/contract';
import { useTranslation } from 'react-i18next';

/**
 * Whose case the page is about (issue 9): the apprentice, the case's number and its name. A company with several
 * apprentices on one programme would otherwise see identical pages.
 */
export function DossierLine({ dossier }: { dossier: DossierHeading }) {
  const { t } = useTranslation('sheets');
  const name = `${dossier.applicant.prenom} ${dossier.applicant.nom}`.trim() || t('dossierLine.unnamed');
  return (
    <Box
      component="p"
      sx={{
        m: 0,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 1,
        rowGap: 0.25,
        color: 'text.primary',
      }}
    >
      <Box
        component="span"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 700, overflowWrap: 'anywhere' }}
      >
        <PersonOutline aria-hidden fontSize="small" />
        {name}
      </Box>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {t('dossierLine.number', { id: dossier.id })}
        {dossier.dossierName ? ` — ${dossier.dossierName}` : null}
      </Box>
    </Box>
  );
}
