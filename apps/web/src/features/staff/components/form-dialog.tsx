import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type ReactNode } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from '../../../components/form/server-errors';
import { useErrorText } from '../../../components/use-error-text';
import { useTranslation } from 'react-i18next';

export interface FormDialogProps<TInput extends FieldValues, TBody> {
  title: string;
  /** A sentence under the title saying what the dialog does; the dialog is described by it. */
  intro?: ReactNode;
  /** The react-hook-form form whose fields are the children; it checks the values before `onSave` gets them. */
  form: UseFormReturn<TInput, unknown, TBody>;
  /** The fields the server's refusals may name: their messages land under them. */
  fields: readonly FieldPath<TInput>[];
  /** Sends the checked values; a rejection the fields do not hold (a network failure, a server error) shows under them. */
  onSave: (body: TBody) => Promise<void>;
  onClose: () => void;
  isPending: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** What a failure the fields do not show says before the error's own text, if anything. */
  failedText?: string;
  maxWidth?: 'xs' | 'sm' | 'md';
  children: ReactNode;
}

/**
 * The back office's creating and editing dialog (an offer, a workshop, a school, an invitation): a title, an optional
 * sentence, the form's fields in a column, a failure that no field holds under them, cancel and submit; the server's
 * refusals land under their field. Full screen on phones; it cannot be closed while saving.
 */
export function FormDialog<TInput extends FieldValues, TBody>({
  title,
  intro,
  form,
  fields,
  onSave,
  onClose,
  isPending,
  submitLabel,
  pendingLabel,
  failedText,
  maxWidth = 'md',
  children,
}: FormDialogProps<TInput, TBody>) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  const titleId = useId();
  const introId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [failure, setFailure] = useState<unknown>(null);

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await onSave(body);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, fields)) setFailure(error);
    }
  });

  return (
    <Dialog
      open
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={intro ? introId : undefined}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={fullScreen}
    >
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        {/* Without a sentence first, a little room above keeps the first field's label clear of the title. */}
        <DialogContent
          sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, ...(intro ? {} : { pt: '8px !important' }) }}
        >
          {intro ? <DialogContentText id={introId}>{intro}</DialogContentText> : null}
          {children}
          {failure ? (
            <Alert severity="error" role="alert">
              {failedText ? `${failedText} ` : null}
              {errorText(failure)}
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
