import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { SheetFormation } from '@passerelle/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from './dates';

/** The training the dossier is for, as the school holds it (its own file: the funding page needs it without the sheet frame). */
export function FormationSummary({ formation }: { formation: SheetFormation | null }) {
  const { t, i18n } = useTranslation('sheets');
  if (!formation) return null;
  return (
    <Alert severity="info" icon={false} sx={{ bgcolor: 'action.hover', color: 'text.primary' }}>
      <AlertTitle sx={{ mb: 0.25 }}>{formation.libelle}</AlertTitle>
      {t('formation.summary', {
        school: formation.school,
        start: formatDate(formation.dateDebutFormation, i18n.language),
        end: formatDate(formation.dateFinFormation, i18n.language),
      })}
    </Alert>
  );
}
