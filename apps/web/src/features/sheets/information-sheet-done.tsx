import Home from '@mui/icons-material/HomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { informationSheetNext } from '@passerelle/contract/information-sheet-next';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sheetQueryOptions } from './api/sheets';
import { useSheetId } from './common/use-sheet-id';

type Kind = 'fra' | 'fre';

/** The message once a part is sent, and the way back: the applicant's cases or the employer's home. */
export function InformationSheetDone({ kind }: { kind: Kind }) {
  const { t } = useTranslation('sheets');
  const id = useSheetId();
  // The same cache entry as the sheet's form: the send's answer has just replaced it.
  const { data } = useQuery(sheetQueryOptions(kind, id));
  const next = informationSheetNext(kind, data?.etapeStatus ?? []);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
      <span>{t(`info.done.${next}`)}</span>
      <Button
        component={Link}
        to={kind === 'fra' ? '/espace-admissible/dossiers' : '/'}
        variant="contained"
        size="small"
        startIcon={<Home />}
      >
        {kind === 'fra' ? t('actions.backToCases') : t('actions.employerHome')}
      </Button>
    </Box>
  );
}
