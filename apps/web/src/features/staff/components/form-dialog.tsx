import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useErrorText } from '../../../components/use-error-text';
import { useTranslation } from 'react-i18next';

/**
 * A back-office editing dialog (an offer, a workshop): the form's fields in a column, a failure that no field holds
 * under them, cancel and submit; full screen on phones; it cannot be closed while saving.
 */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  isPending,
  submitLabel,
  pendingLabel,
  failure,
  failedText,
  maxWidth = 'md',
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  isPending: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** A refusal the fields do not show (a network failure, a server error): shown after `failedText`. */
  failure: unknown;
  failedText: string;
  maxWidth?: 'sm' | 'md';
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={fullScreen}
    >
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, pt: '8px !important' }}>
          {children}
          {failure ? (
            <Alert severity="error" role="alert">
              {failedText} {errorText(failure)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
          <Button onClick={onClose} disabled={isPending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isPending}>
            {isPending ? pendingLabel : submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
