import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import { ErrorState } from '../../../components/error-state';
import { useTranslation } from 'react-i18next';

/** Placeholder lines while a card's data loads. */
export function LoadingLines({ lines = 3 }: { lines?: number }) {
  const { t } = useTranslation('portal');
  return (
    <Box role="status" aria-label={t('loading')}>
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} height={28} width={index === lines - 1 ? '60%' : '100%'} />
      ))}
    </Box>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
      <CircularProgress size={32} aria-label={label} />
    </Box>
  );
}

/** A failed query: the inline error with its retry. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <ErrorState error={error} onRetry={onRetry} />;
}
