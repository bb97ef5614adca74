import CheckCircle from '@mui/icons-material/CheckCircleOutlined';
import Lock from '@mui/icons-material/LockOutlined';
import Restore from '@mui/icons-material/RestoreOutlined';
import Send from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { SheetKind } from '@passerelle/contract';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { ErrorState } from '../../../components/error-state';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { PageHeader } from '../../../components/page-header';
import { useErrorText } from '../../../components/use-error-text';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from './dates';
import { DossierLine } from './dossier-line';
import { SheetFormContext } from './fields';
import { FormationSummary } from './formation-summary';
import { SaveStatus } from './sheet-status';
import { ErrorSummary, useFocusOnMount, WarningsSummary } from './summaries';
import { flattenErrors, type UseSheetResult } from './use-sheet';
import { SheetSummary, type SummaryPart } from '../../../components/sheet-summary/sheet-summary';
import { StatusNote } from './status-note';

export interface SheetFrameProps<K extends SheetKind> {
  title: string;
  subtitle?: ReactNode;
  state: UseSheetResult<K>;
  children: ReactNode;
  /** The final button and its confirmation. */
  finish: { label: string; confirmTitle: string; confirmMessage: ReactNode };
  /** Shown once the sheet is sent in this visit (what happens next, where to go). */
  done: ReactNode;
  /** Replaces the default submit bar (the information sheet puts it on its last step). */
  hideFinishBar?: boolean;
  /** Receives the opener of the confirmation, for pages that place the send button themselves. */
  renderFinish?: (open: () => void) => ReactNode;
  labels: Map<string, string>;
  /**
   * The sheet read back, section by section, when it is read-only (sent, closed, not open yet): a summary rather than
   * a greyed-out form.
   */
  summary: readonly SummaryPart[];
  /** Names the apprentice and the case under the title: on the employer's pages (issue 9). */
  namesDossier?: boolean;
}

/**
 * A sent or closed sheet shows its answers in disabled fields: MUI greys their text to 38 % black, below WCAG AA. They
 * are answers to read, not controls out of use: values in the primary text colour, labels in the secondary one.
 */
const readableWhenReadOnly = {
  '& .MuiInputBase-input.Mui-disabled': { color: 'text.primary', WebkitTextFillColor: 'currentColor' },
  '& .MuiInputLabel-root.Mui-disabled, & .MuiFormControlLabel-label.Mui-disabled, & .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' },
  '& .MuiCheckbox-root.Mui-disabled, & .MuiNativeSelect-icon.Mui-disabled': { color: 'text.secondary' },
} as const;

/** The confirmation of the send: the dialog's code loads when the person first sends, not with the sheet. */
const ConfirmDialog = lazy(() =>
  import('../../../components/confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);

/** The scroll-to-top button (app/layouts/scroll-top-button.tsx) keeps clear of elements with this attribute. */
const scrollTopClearance = { 'data-scroll-top-clearance': '' };

function DoneMessage({ children }: { children: ReactNode }) {
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <Alert ref={ref} tabIndex={-1} severity="success" icon={<CheckCircle />} sx={{ outline: 'none' }}>
      {children}
    </Alert>
  );
}

/**
 * The common frame of a sheet: title and autosave line, loading and load errors, the read-only banner, the restored
 * notice, the error and warning summaries, the form, and the final send with its confirmation.
 */
export function SheetFrame<K extends SheetKind>({
  title,
  subtitle,
  state,
  children,
  finish,
  done,
  hideFinishBar = false,
  renderFinish,
  labels,
  namesDossier = false,
  summary,
}: SheetFrameProps<K>) {
  const { t, i18n } = useTranslation('sheets');
  const errorText = useErrorText();
  const [isConfirming, setConfirming] = useState(false);
  // Mounted from the first send on, then kept: its closing transition and the focus it gives back stay MUI's.
  const [hasConfirmed, setHasConfirmed] = useState(false);
  const [isDone, setDone] = useState(false);
  const { errors } = useFormState({ control: state.form.control });
  const { sheet, query } = state;

  if (query.isPending) return <FullPageSpinner />;
  if (query.isError || !sheet)
    return (
      <>
        <PageHeader title={title} />
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </>
    );

  const issues = state.showSummary ? flattenErrors(errors) : [];
  const isSubmitted = sheet.status === 'submitted';

  async function confirm() {
    // The dialog closes first: closing gives the focus back to the send button, and a refused send then moves it on
    // to the first field to fix.
    setConfirming(false);
    if (await state.finish()) setDone(true);
  }

  // Only a sheet that can be sent is confirmed: the errors (the form's and the server's dry run) come first.
  const openConfirm = () => {
    if (state.isChecking || state.isFinishing) return;
    void state.check().then((canSend) => {
      if (canSend) {
        setHasConfirmed(true);
        setConfirming(true);
      }
    });
  };
  const sender = sheet.submittedBy;

  return (
    <SheetFormContext.Provider value={{ control: state.form.control, readOnly: state.readOnly, warnings: sheet.warnings, labels }}>
      <PageHeader
        title={title}
        subtitle={subtitle}
        context={namesDossier ? <DossierLine dossier={sheet.dossier} /> : undefined}
        actions={state.readOnly ? undefined : <SaveStatus state={state.saveState} />}
      />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {isDone ? <DoneMessage>{done}</DoneMessage> : null}
        {/* Why the sheet stands still (returned, refused, archived) comes first: it is what the person must know. */}
        {sheet.statusNote ? <StatusNote note={sheet.statusNote} /> : null}
        {isSubmitted && !isDone ? (
          <Alert severity="success" icon={<Lock />}>
            <AlertTitle>
              {sender
                ? t('readOnly.sentTitleBy', {
                    date: formatDateTime(sheet.submittedAt, i18n.language),
                    name: `${sender.prenom} ${sender.nom}`.trim(),
                    role: t(`readOnly.roles.${sender.userType}`),
                  })
                : t('readOnly.sentTitle', { date: formatDateTime(sheet.submittedAt, i18n.language) })}
            </AlertTitle>
            {sheet.statusNote ? null : t('readOnly.sentText')}
          </Alert>
        ) : null}
        {!isSubmitted && state.readOnly && !sheet.statusNote ? (
          <Alert severity="info" icon={<Lock />}>
            {t('readOnly.closed')}
          </Alert>
        ) : null}
        {state.wasRestored && !state.readOnly ? (
          <Alert severity="info" icon={<Restore />}>
            {t('restored')}
          </Alert>
        ) : null}
        <FormationSummary formation={sheet.formation} />
        <ErrorSummary issues={issues} labels={labels} onSelect={state.focusField} />
        {!state.readOnly ? <WarningsSummary warnings={sheet.warnings} labels={labels} onSelect={state.focusField} /> : null}
        {state.finishError ? <Alert severity="error">{errorText(state.finishError)}</Alert> : null}
        <Box
          component="form"
          noValidate
          onBlur={() => void state.flush()}
          onSubmit={(event) => {
            event.preventDefault();
            if (!state.readOnly) openConfirm();
          }}
        >
          <Card sx={state.readOnly ? readableWhenReadOnly : undefined}>
            <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 4, p: { xs: 2, sm: 3 } }}>
              {state.readOnly ? null : (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('autosaveHint')}
                </Typography>
              )}
              {!state.isReady ? (
                <FullPageSpinner />
              ) : state.readOnly ? (
                <SheetSummary parts={summary} data={sheet.data} context={sheet.context} />
              ) : (
                <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>
              )}
            </CardContent>
          </Card>
          {renderFinish && !state.readOnly ? <Box {...scrollTopClearance}>{renderFinish(openConfirm)}</Box> : null}
          {!hideFinishBar && !state.readOnly ? (
            <Box
              {...scrollTopClearance}
              sx={{
                display: 'flex',
                flexDirection: { xs: 'column', sm: 'row' },
                alignItems: { xs: 'stretch', sm: 'center' },
                justifyContent: 'space-between',
                gap: 2,
                mt: 2,
              }}
            >
              <SaveStatus state={state.saveState} announce={false} />
              <Button type="submit" variant="contained" size="large" startIcon={<Send />} disabled={state.isFinishing || state.isChecking}>
                {state.isChecking ? t('checking') : finish.label}
              </Button>
            </Box>
          ) : null}
        </Box>
      </Box>
      {hasConfirmed ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={isConfirming}
            title={finish.confirmTitle}
            message={finish.confirmMessage}
            confirmLabel={finish.label}
            isPending={state.isFinishing}
            onClose={() => setConfirming(false)}
            onConfirm={() => void confirm()}
          />
        </Suspense>
      ) : null}
    </SheetFormContext.Provider>
  );
}
