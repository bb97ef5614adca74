import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { OutlinedField } from '../../../components/form/outlined-field';
import { useErrorText } from '../../../components/use-error-text';
import { ApiError } from '../../../lib/api-client';
import { useRequestKey } from '../../../lib/request-key';
import { useTranslation } from 'react-i18next';
import { refuseSignature, signatureQueryKey } from '../api/signature';
import { useMessageText } from '../utils/messages';

export interface RefuseDialogProps {
  id: number;
  open: boolean;
  onClose: () => void;
  onRefused: () => void;
}

/** SPEC 2 "Signature": refusing asks for a reason, which staff read when the case comes back to them. */
export function RefuseDialog({ id, open, onClose, onRefused }: RefuseDialogProps) {
  const { t } = useTranslation(['signature', 'common']);
  const errorText = useErrorText();
  const messageText = useMessageText();
  const queryClient = useQueryClient();
  const titleId = useId();
  const textId = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const requestKey = useRequestKey();
  const refusal = useMutation({
    mutationFn: (text: string) => refuseSignature(id, text, requestKey.get()),
    onSuccess: async () => {
      requestKey.renew();
      onRefused();
      await queryClient.invalidateQueries({ queryKey: signatureQueryKey(id) });
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.errors['reason']?.[0] : undefined;
      if (message) setReasonError(messageText(message) ?? message);
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setReasonError(t('refuse.reasonRequired'));
      reasonRef.current?.focus();
      return;
    }
    refusal.mutate(text);
  }

  const close = () => {
    if (refusal.isPending) return;
    refusal.reset();
    setReasonError(null);
    onClose();
  };
  const otherError = refusal.isError && !(refusal.error instanceof ApiError && refusal.error.errors['reason']?.length);
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={textId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t('refuse.title')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText id={textId}>{t('refuse.intro')}</DialogContentText>
          <OutlinedField
            id="field-reason"
            label={t('refuse.reason')}
            required
            error={Boolean(reasonError)}
            helperText={reasonError ?? undefined}
            input={{
              multiline: true,
              minRows: 4,
              name: 'reason',
              value: reason,
              autoFocus: true,
              inputRef: reasonRef,
              onChange: (event) => {
                setReason(event.target.value);
                if (reasonError) setReasonError(null);
              },
              inputProps: { maxLength: 2000 },
            }}
          />
          {otherError ? (
            <Alert severity="error" role="alert">
              {errorText(refusal.error)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={refusal.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={refusal.isPending}>
            {t('refuse.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
