import CloudDone from '@mui/icons-material/CloudDoneOutlined';
import CloudOff from '@mui/icons-material/CloudOffOutlined';
import CloudSync from '@mui/icons-material/CloudSyncOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { formatTime } from './dates';
import type { SaveState } from './use-sheet';

/** The autosave line, announced politely to screen readers as it changes. */
export function SaveStatus({ state, announce = true }: { state: SaveState; announce?: boolean }) {
  const { t, i18n } = useTranslation('sheets');
  let icon = null;
  let text = '';
  switch (state.kind) {
    case 'idle':
      text = t('save.idle');
      icon = <CloudDone fontSize="small" />;
      break;
    case 'saving':
      text = t('save.saving');
      icon = <CloudSync fontSize="small" />;
      break;
    case 'saved':
      text = t('save.saved', { time: formatTime(state.at, i18n.language) });
      icon = <CloudDone fontSize="small" />;
      break;
    case 'retrying':
      text = t('save.retrying');
      icon = <CloudOff fontSize="small" />;
      break;
    case 'invalid':
      text = t('save.invalid');
      icon = <ErrorOutline fontSize="small" />;
      break;
  }
  const isProblem = state.kind === 'retrying' || state.kind === 'invalid';
  return (
    <Box
      role={announce ? 'status' : undefined}
      aria-live={announce ? 'polite' : undefined}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontSize: '0.875rem', color: isProblem ? 'warning.dark' : 'text.secondary' }}
    >
      <Box component="span" aria-hidden sx={{ display: 'flex' }}>
        {icon}
      </Box>
      <span>{text}</span>
    </Box>
  );
}
