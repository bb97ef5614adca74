import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  /** Defaults to "Yes". */
  confirmLabel?: string;
  /** Defaults to "Cancel". */
  cancelLabel?: string;
  /** While the confirmed action runs: both buttons disabled. */
  isPending?: boolean;
  /** Red confirm button for destructive actions (delete, unregister). */
  destructive?: boolean;
}

/**
 * The buttons' row of MUI's DialogActions (right-aligned, 8 px apart), with this dialog's wider padding. The title and
 * the text are drawn as DialogTitle and DialogContentText draw them: the screens that only confirm load MUI's Dialog
 * without its parts (docs/decisions/0028).
 */
const actionsSx = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  flex: '0 0 auto',
  pt: 1,
  px: 3,
  pb: 2,
  '& > :not(style) ~ :not(style)': { ml: 1 },
} as const;

/** SPEC: confirmation prompts (yes or cancel) before workshop changes, sending a sheet, deleting. */
export function ConfirmDialog({
  open,
  title,
  message,
  onConfirm,
  onClose,
  confirmLabel,
  cancelLabel,
  isPending = false,
  destructive = false,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const textId = useId();
  // Drawn from its first opening on, then kept for its closing animation: closed, MUI's Dialog still ran its modal's
  // hooks at each render of the card or page holding it (issue 13: 2-3 ms of a phone's first render, times four).
  const [hasOpened, setHasOpened] = useState(open);
  if (open && !hasOpened) setHasOpened(true);
  if (!hasOpened) return null;
  return (
    <Dialog
      open={open}
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <Typography id={titleId} component="h2" variant="h6" sx={{ px: 3, py: 2, flex: '0 0 auto' }}>
        {title}
      </Typography>
      <Box sx={{ flex: '1 1 auto', overflowY: 'auto', px: 3, pb: 2.5 }}>
        <Typography id={textId} component="div" sx={{ color: 'text.secondary' }}>
          {message}
        </Typography>
      </Box>
      <Box sx={actionsSx}>
        <Button onClick={onClose} disabled={isPending}>
          {cancelLabel ?? t('actions.cancel')}
        </Button>
        <Button variant="contained" color={destructive ? 'error' : 'primary'} onClick={onConfirm} disabled={isPending}>
          {confirmLabel ?? t('actions.yes')}
        </Button>
      </Box>
    </Dialog>
  );
}
