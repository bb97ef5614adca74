import UploadFile from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ApplicantImportResponse } from '@passerelle/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../../components/use-error-text';
import { visuallyHidden } from '../../../../components/visually-hidden';
import { ApiError } from '../../../../lib/api-client';
import { useImportApplicants, useInviteApplicants } from '../api/applicants';

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The import in three steps (issue 12): choosing a file checks it at once (a dry run) and shows every wrong line, or
 * how many applicants are ready; then the import, all lines or none; then the invitation of the imported applicants.
 */
export function ImportDialog({ open, onClose }: ImportDialogProps) {
  const { t } = useTranslation('staff-applicants');
  const errorText = useErrorText();
  const titleId = useId();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ApplicantImportResponse | null>(null);
  const [imported, setImported] = useState<ApplicantImportResponse | null>(null);
  const check = useImportApplicants();
  const store = useImportApplicants();
  const invite = useInviteApplicants();
  const isBusy = check.isPending || store.isPending || invite.isPending;
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  function reset() {
    setFile(null);
    setPreview(null);
    setImported(null);
    check.reset();
    store.reset();
    invite.reset();
  }

  function choose(chosen: File | undefined) {
    if (!chosen) return;
    reset();
    setFile(chosen);
    check.mutate({ file: chosen, dryRun: true }, { onSuccess: setPreview });
  }

  /** The API words a refusal of the whole file (its size, its columns) for the person: shown as it is. */
  const failureText = (error: unknown) =>
    error instanceof ApiError && error.errors['file']?.[0] ? error.errors['file'][0] : errorText(error);
  const failure = check.error ?? store.error;
  const canImport = preview !== null && preview.errors.length === 0 && imported === null;

  return (
    <Dialog
      open={open}
      onClose={isBusy ? undefined : onClose}
      slotProps={{ transition: { onExited: reset } }}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={isPhone}
    >
      <DialogTitle id={titleId}>{t('import.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography>{t('import.intro')}</Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept=".csv,text/csv,text/plain"
            // The button below opens it: one control in the tab order, named by the button.
            tabIndex={-1}
            aria-hidden
            aria-label={t('import.choose')}
            style={visuallyHidden}
            disabled={isBusy}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button variant="outlined" startIcon={<UploadFile />} disabled={isBusy} onClick={() => inputRef.current?.click()}>
            {file ? t('import.chooseOther') : t('import.choose')}
          </Button>
          {file ? <Typography sx={{ overflowWrap: 'anywhere' }}>{t('import.chosen', { name: file.name })}</Typography> : null}
        </Box>

        <Box role="status" aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {check.isPending ? (
            <>
              <Typography>{t('import.checking')}</Typography>
              <LinearProgress aria-hidden />
            </>
          ) : null}
          {failure ? <Alert severity="error">{failureText(failure)}</Alert> : null}
          {preview && preview.errors.length === 0 && !imported ? (
            <Alert severity="success">{t('import.ready', { count: preview.rows })}</Alert>
          ) : null}
          {preview && preview.errors.length > 0 ? (
            <Alert severity="warning">{t('import.errorsTitle', { count: preview.errors.length, rows: preview.rows })}</Alert>
          ) : null}
          {imported ? <Alert severity="success">{t('import.imported', { count: imported.imported })}</Alert> : null}
          {invite.data ? <Alert severity="success">{t('import.invited', { count: invite.data.invited })}</Alert> : null}
          {invite.error ? <Alert severity="error">{errorText(invite.error)}</Alert> : null}
        </Box>

        {preview && preview.errors.length > 0 && isPhone ? (
          <Box
            component="ul"
            aria-label={t('import.errorsTable')}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
          >
            {preview.errors.map((error, index) => (
              <Box component="li" key={`${error.line}-${error.field}-${index}`} sx={{ borderLeft: 3, borderColor: 'warning.main', pl: 1.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t('import.where', { line: error.line, column: t(`import.columns.${error.field}`) })}
                </Typography>
                <Typography variant="body2">{error.message}</Typography>
              </Box>
            ))}
          </Box>
        ) : null}
        {preview && preview.errors.length > 0 && !isPhone ? (
          <Box sx={{ overflow: 'auto', maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" stickyHeader aria-label={t('import.errorsTable')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 700 }}>{t('import.line')}</TableCell>
                  <TableCell sx={{ fontWeight: 700 }}>{t('import.column')}</TableCell>
                  <TableCell sx={{ fontWeight: 700 }}>{t('import.message')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.errors.map((error, index) => (
                  <TableRow key={`${error.line}-${error.field}-${index}`}>
                    <TableCell>{error.line}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`import.columns.${error.field}`)}</TableCell>
                    <TableCell>{error.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={isBusy}>
          {t('import.close')}
        </Button>
        {canImport && file ? (
          <Button
            variant="contained"
            loading={store.isPending}
            onClick={() => store.mutate({ file, dryRun: false }, { onSuccess: setImported })}
          >
            {t('import.submit', { count: preview.rows })}
          </Button>
        ) : null}
        {imported && imported.imported > 0 && !invite.data ? (
          <Button
            variant="contained"
            loading={invite.isPending}
            onClick={() => invite.mutate({ ids: imported.ids, notInvitedOnly: true })}
          >
            {t('import.invite', { count: imported.imported })}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
