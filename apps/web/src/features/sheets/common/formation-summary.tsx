import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { SheetFormation } from '@passerelle/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cerfaParamsQueryOptions } from '../api/sheets';
import { formatDate } from './dates';
import { useSheetId } from './use-sheet-id';

/**
 * The training the dossier is for, as the school holds it (its own file: the funding page needs it without the sheet
 * frame): from the dossier's CERFA parameters (SPEC 7, kept in the query cache), else from the sheet's own copy.
 */
export function FormationSummary({ formation }: { formation: SheetFormation | null }) {
  const { t, i18n } = useTranslation('sheets');
  const cerfa = useQuery(cerfaParamsQueryOptions(useSheetId())).data?.formation;
  // Dates checked before use: the sheet's own copy of the training shows when the parameters say nothing usable.
  const shown = typeof cerfa?.trainingStart === 'string' && typeof cerfa.trainingEnd === 'string'
    ? { libelle: cerfa.libelle, school: cerfa.school, start: cerfa.trainingStart, end: cerfa.trainingEnd }
    : formation
      ? { libelle: formation.libelle, school: formation.school, start: formation.dateDebutFormation, end: formation.dateFinFormation }
      : null;
  if (!shown) return null;
  return (
    <Alert severity="info" icon={false} sx={{ bgcolor: 'action.hover', color: 'text.primary' }}>
      <AlertTitle sx={{ mb: 0.25 }}>{shown.libelle}</AlertTitle>
      {t('formation.summary', {
        school: shown.school,
        start: formatDate(shown.start, i18n.language),
        end: formatDate(shown.end, i18n.language),
      })}
    </Alert>
  );
}
