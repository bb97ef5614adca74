import UploadFile from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useErrorText } from '../../../components/use-error-text';
import { visuallyHidden } from '../../../components/visually-hidden';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from 'react-i18next';
import { builtKey } from '../../../lib/i18n';

/** What every CSV import answers (issue 12): the lines read, those stored, and each line's errors. */
export interface CsvImportResult {
  rows: number;
  imported: number;
  errors: { line: number; field: string; message: string }[];
  /** Of those lines, the ones that update a record already stored (the offers' import, by reference). */
  updated?: number;
  /**
   * Records already stored the file would change, with the old and new values (the applicants' import, by address):
   * changed only once staff confirm them (issue 29).
   */
  changes?: ImportChange[];
  /** Lines of stored records left as they were: their changes were not confirmed. */
  kept?: number;
}

export interface ImportChange {
  line: number;
  applicantId: number;
  email: string;
  fields: { field: 'nom' | 'prenom' | 'school' | 'formation'; from: string | null; to: string }[];
  confirmed: boolean;
}

/** What an import's mutation is given: the file, a dry run or not, and the changes of stored records staff confirmed. */
export interface CsvImportVariables {
  file: File;
  dryRun: boolean;
  confirm?: number[];
}

/**
 * The stored applicants a file would change, each with its old and new values and a box to apply it: nothing stored is
 * overwritten without staff ticking it (issue 29).
 */
function ImportChanges({
  changes,
  confirmed,
  onToggle,
  disabled,
}: {
  changes: ImportChange[];
  confirmed: ReadonlySet<number>;
  onToggle: (id: number) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('staff-applicants');
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography id={titleId} component="h3" sx={{ fontWeight: 700 }}>
        {t('import.changes.title', { count: changes.length })}
      </Typography>
      <Typography variant="body2">{t('import.changes.intro')}</Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {changes.map((change) => (
          <Box component="li" key={change.applicantId} sx={{ borderLeft: 3, borderColor: 'warning.main', pl: 1.5 }}>
            <FormControlLabel
              sx={{ '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
              control={
                <Checkbox
                  checked={confirmed.has(change.applicantId)}
                  onChange={() => onToggle(change.applicantId)}
                  disabled={disabled}
                />
              }
              label={t('import.changes.apply', { email: change.email, line: change.line })}
            />
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {change.fields.map((entry) => (
                <Typography component="li" variant="body2" key={entry.field}>
                  {t('import.changes.change', {
                    field: t(`import.columns.${entry.field}`),
                    from: entry.from ?? t('import.changes.empty'),
                    to: entry.to || t('import.changes.empty'),
                  })}
                </Typography>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** How many stored applicants the import left as they were (the applicants' namespace says it). */
function KeptNote({ count }: { count: number }) {
  const { t } = useTranslation('staff-applicants');
  return <Alert severity="info">{t('import.kept', { count })}</Alert>;
}

export interface CsvImportDialogProps<R extends CsvImportResult> {
  open: boolean;
  onClose: () => void;
  /** The screen's locale namespace: its `import.*` texts (title, intro, ready, columns.<field> ...). */
  namespace: 'staff-applicants' | 'staff-offers';
  /** The import's mutation: a dry run checks the file, the real run stores it. */
  run: UseMutationResult<R, Error, CsvImportVariables>;
  /** Another mutation of the same import, for the real run (the dry run's answer stays shown meanwhile). */
  store: UseMutationResult<R, Error, CsvImportVariables>;
  /** A step after the import (the applicants' invitation): its status line and its button. */
  after?: (imported: R) => { status: ReactNode; action: ReactNode };
  /** True while that step runs: the dialog cannot close then. */
  busy?: boolean;
  /** Called when a new file is chosen or the dialog closes, to reset that step. */
  onReset?: () => void;
}

/**
 * A CSV import in steps (issue 12): choosing a file checks it at once (a dry run) and shows every wrong line, or how
 * many lines are ready; then the import, all lines or none; then, when given, a step of the screen's own.
 */
export function CsvImportDialog<R extends CsvImportResult>({
  open,
  onClose,
  namespace,
  run: check,
  store,
  after,
  busy = false,
  onReset,
}: CsvImportDialogProps<R>) {
  const { t } = useTranslation(namespace);
  const errorText = useErrorText();
  const titleId = useId();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<R | null>(null);
  const [imported, setImported] = useState<R | null>(null);
  const [confirmed, setConfirmed] = useState<ReadonlySet<number>>(new Set());
  const isBusy = check.isPending || store.isPending || busy;
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  function reset() {
    setFile(null);
    setPreview(null);
    setImported(null);
    setConfirmed(new Set());
    check.reset();
    store.reset();
    onReset?.();
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
          <Button
            variant="outlined"
            startIcon={<UploadFile />}
            disabled={isBusy}
            onClick={() => inputRef.current?.click()}
          >
            {file ? t('import.chooseOther') : t('import.choose')}
          </Button>
          {file ? (
            <Typography sx={{ overflowWrap: 'anywhere' }}>{t('import.chosen', { name: file.name })}</Typography>
          ) : null}
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
            <Alert severity="success">
              {t('import.ready', { count: preview.rows, updated: preview.updated ?? 0 })}
            </Alert>
          ) : null}
          {preview && preview.errors.length > 0 ? (
            <Alert severity="warning">
              {t('import.errorsTitle', { count: preview.errors.length, rows: preview.rows })}
            </Alert>
          ) : null}
          {imported ? (
            <Alert severity="success">
              {t('import.imported', { count: imported.imported, updated: imported.updated ?? 0 })}
            </Alert>
          ) : null}
          {imported?.kept ? <KeptNote count={imported.kept} /> : null}
          {imported && after ? after(imported).status : null}
        </Box>

        {preview && preview.errors.length === 0 && !imported && preview.changes?.length ? (
          <ImportChanges
            changes={preview.changes}
            confirmed={confirmed}
            disabled={isBusy}
            onToggle={(id) =>
              setConfirmed((current) => {
                const next = new Set(current);
                if (next.has(id)) next.delete(id);
                else next.add(id);
                return next;
              })
            }
          />
        ) : null}

        {preview && preview.errors.length > 0 && isPhone ? (
          <Box
            component="ul"
            aria-label={t('import.errorsTable')}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
          >
            {preview.errors.map((error, index) => (
              <Box
                component="li"
                key={`${error.line}-${error.field}-${index}`}
                sx={{ borderLeft: 3, borderColor: 'warning.main', pl: 1.5 }}
              >
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t('import.where', {
                    line: error.line,
                    column: t(builtKey<'staff-applicants' | 'staff-offers'>(`import.columns.${error.field}`)),
                  })}
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
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {t(builtKey<'staff-applicants' | 'staff-offers'>(`import.columns.${error.field}`))}
                    </TableCell>
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
            onClick={() => store.mutate({ file, dryRun: false, confirm: [...confirmed] }, { onSuccess: setImported })}
          >
            {t('import.submit', { count: preview.rows })}
          </Button>
        ) : null}
        {imported && after ? after(imported).action : null}
      </DialogActions>
    </Dialog>
  );
}
