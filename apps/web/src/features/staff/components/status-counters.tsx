import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { STATUTS } from '../utils/pipeline-view';
import { numberFormat } from '../../../lib/number-format';

export interface StatusCountersProps {
  /** Cases per status under every filter but the status (the API's `counts`). */
  counts: Record<string, number>;
  selected: number[];
  onChange: (statuts: number[]) => void;
}

/**
 * How many cases each status holds under the other filters; pressing a counter adds or removes its status from the
 * filter. Statuses with no case are left out, unless selected, so that the row stays short.
 */
export function StatusCounters({ counts, selected, onChange }: StatusCountersProps) {
  const { t, i18n } = useTranslation('staff');
  const number = numberFormat(i18n.language);
  const total = STATUTS.reduce((sum, statut) => sum + (counts[String(statut)] ?? 0), 0);
  const shown = STATUTS.filter((statut) => (counts[String(statut)] ?? 0) > 0 || selected.includes(statut));
  const toggle = (statut: number) =>
    onChange(
      selected.includes(statut)
        ? selected.filter((value) => value !== statut)
        : [...selected, statut].sort((a, b) => a - b),
    );
  return (
    <Box
      component="ul"
      aria-label={t('counters.label')}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'flex',
        gap: 1,
        // One scrolling row on phones, where thirteen counters would fill the screen before the first case.
        flexWrap: { xs: 'nowrap', sm: 'wrap' },
        overflowX: { xs: 'auto', sm: 'visible' },
        pb: { xs: 0.5, sm: 0 },
        '& > li': { flexShrink: 0 },
      }}
    >
      <li>
        <Chip
          component="button"
          type="button"
          label={t('counters.count', { label: t('counters.all'), count: number.format(total) })}
          aria-pressed={selected.length === 0}
          color={selected.length === 0 ? 'primary' : 'default'}
          variant={selected.length === 0 ? 'filled' : 'outlined'}
          onClick={() => onChange([])}
        />
      </li>
      {shown.map((statut) => {
        const isSelected = selected.includes(statut);
        return (
          <li key={statut}>
            <Chip
              component="button"
              type="button"
              label={t('counters.count', {
                label: t(`statuts.${statut}`),
                count: number.format(counts[String(statut)] ?? 0),
              })}
              aria-pressed={isSelected}
              color={isSelected ? 'primary' : 'default'}
              variant={isSelected ? 'filled' : 'outlined'}
              onClick={() => toggle(statut)}
            />
          </li>
        );
      })}
    </Box>
  );
}
