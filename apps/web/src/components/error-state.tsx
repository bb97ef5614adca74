import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useErrorText } from './use-error-text';

export interface ErrorStateProps {
  /** The failure: an ApiError shows its code's text, anything else the generic one. */
  error: unknown;
  /** Shown as a "Try again" button when given (queries: `() => void query.refetch()`). */
  onRetry?: () => void;
  /** Heading above the message; defaults to "Something went wrong". */
  title?: string;
}

/** Inline error of a query or a screen, with a retry. */
export function ErrorState({ error, onRetry, title }: ErrorStateProps) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  return (
    <Alert
      severity="error"
      variant="outlined"
      icon={<ErrorOutline />}
      action={
        onRetry ? (
          <Button color="inherit" size="small" startIcon={<Refresh />} onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        ) : undefined
      }
      sx={{ alignItems: 'center' }}
    >
      <AlertTitle>{title ?? t('errorState.title')}</AlertTitle>
      {errorText(error)}
    </Alert>
  );
}
