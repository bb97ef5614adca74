import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface TextFieldDialogProps {
  title: string;
  label: string;
  initialValue: string;
  hint: string;
  submitLabel: string;
  /** The message for a value not to send, or null. */
  check: (value: string) => string | null;
  onSubmit: (value: string) => void;
  onCancel: () => void;
  /** The server's message for the field, and for anything else. */
  fieldError?: string;
  formError?: string;
  isPending?: boolean;
  inputMode?: 'text' | 'url';
}

/** A dialog asking for one value (a link's address, a document's name), checked before it is sent. */
export function TextFieldDialog({
  title,
  label,
  initialValue,
  hint,
  submitLabel,
  check,
  onSubmit,
  onCancel,
  fieldError,
  formError,
  isPending = false,
  inputMode = 'text',
}: TextFieldDialogProps) {
  const { t } = useTranslation('staff-content');
  const titleId = useId();
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = value.trim();
    const problem = check(trimmed);
    setError(problem);
    if (!problem) onSubmit(trimmed);
  }

  const shown = error ?? fieldError;
  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <TextField
            fullWidth
            margin="dense"
            required
            label={label}
            value={value}
            inputMode={inputMode}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            error={Boolean(shown)}
            helperText={shown ?? hint}
          />
          {formError ? <Alert severity="error">{formError}</Alert> : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isPending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
