import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DefinitionItem, DefinitionList } from '../definition-list';
import { formatDate } from '../../lib/date-format';
import { formatNumber, numberFormat } from '../../lib/number-format';
import { valueAt } from './value-at';

type Entry = {
  ordre: string;
  dateDebut: string;
  dateFin: string;
  typeSalaire: string;
  taux?: number;
  montant?: number;
};

/** The periods of `contrat.remunerationsAnnuelles` that say what they pay. */
function entriesOf(source: unknown): Entry[] {
  const value = valueAt(source, 'contrat.remunerationsAnnuelles');
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (item === null || typeof item !== 'object') return [];
    const row = item as Record<string, unknown>;
    if (typeof row['ordre'] !== 'string' || typeof row['dateDebut'] !== 'string' || typeof row['dateFin'] !== 'string')
      return [];
    if (typeof row['taux'] !== 'number' && typeof row['montant'] !== 'number') return [];
    return [
      {
        ordre: row['ordre'],
        dateDebut: row['dateDebut'],
        dateFin: row['dateFin'],
        typeSalaire: row['typeSalaire'] === 'SMC' ? 'SMC' : 'SMIC',
        ...(typeof row['taux'] === 'number' ? { taux: row['taux'] } : {}),
        ...(typeof row['montant'] === 'number' ? { montant: row['montant'] } : {}),
      },
    ];
  });
}

/**
 * The pay agreed for each period of an apprenticeship contract (issue 28), read-only: the sent information sheet, the
 * applicant's view of the employer's part, the staff's case page. Nothing when the sheet holds no period.
 */
export function AgreedPayValues({ source }: { source: unknown }) {
  const { t, i18n } = useTranslation('sheets');
  const titleId = useId();
  const entries = entriesOf(source);
  if (entries.length === 0 || valueAt(source, 'contrat.typeContrat') === 'PRO') return null;
  const language = i18n.language;
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} component="p" sx={{ fontSize: '0.95rem', fontWeight: 600, mb: 1 }}>
        {t('salary.pay.title')}
      </Typography>
      <DefinitionList variant="summary">
        {entries.map((entry) => {
          const rate =
            entry.taux === undefined
              ? undefined
              : t('salary.pay.agreedRate', { taux: formatNumber(entry.taux, language, 2), base: entry.typeSalaire });
          const amount =
            entry.montant === undefined
              ? undefined
              : numberFormat(language, { style: 'currency', currency: 'EUR' }).format(entry.montant);
          return (
            <DefinitionItem
              key={entry.ordre}
              label={t('salary.pay.legend', {
                ordre: entry.ordre,
                from: formatDate(entry.dateDebut, language),
                to: formatDate(entry.dateFin, language),
              })}
            >
              {amount && rate ? t('salary.pay.agreedAmount', { amount, rate }) : (rate ?? amount)}
            </DefinitionItem>
          );
        })}
      </DefinitionList>
    </Box>
  );
}
