import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../lib/i18n';
import { visuallyHidden } from './visually-hidden';

/** Waiting for a screen, the user or a sign-in; the label is read by screen readers and shown under the spinner. */
export function FullPageSpinner({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  const text = label ?? t('loading');
  return (
    <Box
      sx={{ display: 'grid', placeItems: 'center', alignContent: 'center', gap: 2, minHeight: '50vh' }}
      role="status"
      aria-live="polite"
    >
      <CircularProgress aria-hidden />
      <Typography variant="body2" sx={label ? { color: 'text.secondary' } : visuallyHidden}>
        {text}
      </Typography>
    </Box>
  );
}
