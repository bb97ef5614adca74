import Box from '@mui/material/Box';
import type { StaffDossierItem } from '@passerelle/contract';
import { formatDate } from '../../../lib/date-format';
import { useTranslation } from 'react-i18next';

const DAY_MS = 86_400_000;

/** Whole days from `since` to now (0 the same day). */
export function daysSince(since: string, now = Date.now()): number {
  const time = new Date(since).getTime();
  return Number.isNaN(time) ? 0 : Math.max(0, Math.floor((now - time) / DAY_MS));
}

/** Who the case waits for, for what, and since when; nothing to say once nobody has anything to do. */
export interface WaitingForProps {
  item: Pick<StaffDossierItem, 'waitingFor' | 'waitingSince'>;
  /** Past this many days the waiting shows as an alert (the `waiting` alert's threshold). */
  thresholdDays?: number;
  /** Who and what on one line (phone cards). */
  inline?: boolean;
}

export function WaitingFor({ item, thresholdDays, inline = false }: WaitingForProps) {
  const { t, i18n } = useTranslation('staff');
  const { actor, action } = item.waitingFor;
  if (actor === 'none') {
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {t('waiting.what.none')}
      </Box>
    );
  }
  const days = daysSince(item.waitingSince);
  const isLong = thresholdDays !== undefined && days > thresholdDays;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25, lineHeight: 1.35 }}>
      <span>
        <Box component="span" sx={{ fontWeight: 600, display: inline ? 'inline' : 'block' }}>
          {t(`waiting.who.${actor}`)}
        </Box>
        {inline ? ' — ' : null}
        <Box component="span" sx={{ display: inline ? 'inline' : 'block' }}>
          {t(`waiting.what.${action}`)}
        </Box>
      </span>
      <Box
        component="span"
        sx={{
          fontSize: '0.8125rem',
          color: isLong ? 'warning.main' : 'text.secondary',
          fontWeight: isLong ? 600 : 400,
        }}
      >
        {days === 0
          ? t('waiting.sinceToday')
          : t('waiting.since', { count: days, date: formatDate(item.waitingSince, i18n.language) })}
      </Box>
    </Box>
  );
}
