import AttachFile from '@mui/icons-material/AttachFile';
import Description from '@mui/icons-material/DescriptionOutlined';
import Home from '@mui/icons-material/HomeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatFileSize } from '../../lib/file-size';
import { useErrorText } from '../../components/use-error-text';
import { ApiError, downloadFile } from '../../lib/api-client';
import { useTranslation } from 'react-i18next';
import { uploadJobDescription } from './api/sheets';
import { valueAt } from './common/contract-mirrors';
import { formatDateTime } from './common/dates';
import { Cell, FieldGroup, SheetTextField } from './common/fields';
import { fieldMessage } from './common/messages';
import { HelperText } from '../../components/form/helper-text';
import { SheetFrame } from './common/sheet-frame';
import { missionsSpecs } from '../../components/sheet-summary/missions-parts';
import type { SummaryPart } from '../../components/sheet-summary/sheet-summary';
import { useSheet, type UseSheetResult } from './common/use-sheet';
import { useSheetId } from './common/use-sheet-id';

/** SPEC 5: the job description is optional, .pdf, .doc or .docx, 5 MB at most. */
const ALLOWED_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const;
const MAX_BYTES = 5 * 1024 * 1024;

/**
 * The server checks the content too: a PNG renamed .pdf is told its content is not a PDF or Word document
 * (`file.content_not_document`); any other refusal of the type reads as the extension check's, SPEC 5's text.
 */
function isUnsupportedType(err: unknown): boolean {
  return (
    err instanceof ApiError &&
    (err.code === 'UNSUPPORTED_FILE_TYPE' || err.errors['file']?.[0] === 'file.unsupported_type')
  );
}

/** "Prénom Nom" of the apprentice, from the first contact the company reads here; null when not given. */
function apprenticeName(context: Record<string, unknown>): string | null {
  const part = (path: string) => {
    const value = valueAt(context, path);
    return typeof value === 'string' ? value.trim() : '';
  };
  const name = [part('apprenti.prenom'), part('apprenti.nom')].filter(Boolean).join(' ');
  return name === '' ? null : name;
}

function JobDescriptionUpload({ id, state }: { id: number; state: UseSheetResult<'missions'> }) {
  const { t, i18n } = useTranslation('sheets');
  const errorText = useErrorText();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const helperId = useId();
  const [error, setError] = useState<string | null>(null);
  const [isUploading, setUploading] = useState(false);
  const attachment = state.sheet?.attachment ?? null;

  const unsupportedType = `${t('missions.unsupportedType')}${ALLOWED_EXTENSIONS.join(', ')}`;

  async function onChange(file: File | undefined) {
    setError(null);
    if (!file) return;
    const name = file.name.toLowerCase();
    if (!ALLOWED_EXTENSIONS.some((extension) => name.endsWith(extension))) {
      // SPEC 5: the wrong file is not kept.
      if (inputRef.current) inputRef.current.value = '';
      setError(unsupportedType);
      return;
    }
    if (file.size > MAX_BYTES) {
      if (inputRef.current) inputRef.current.value = '';
      setError(fieldMessage('file.too_large', i18n.language) ?? '');
      return;
    }
    setUploading(true);
    try {
      state.replaceSheet(await uploadJobDescription(id, file));
    } catch (err) {
      const fieldError = err instanceof ApiError ? err.errors['file']?.[0] : undefined;
      if (fieldError === 'file.content_not_document') setError(fieldMessage(fieldError, i18n.language) ?? fieldError);
      else if (isUnsupportedType(err)) setError(unsupportedType);
      else setError(fieldError ? (fieldMessage(fieldError, i18n.language) ?? fieldError) : errorText(err));
    } finally {
      setUploading(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {attachment ? (
        <Alert
          severity="success"
          icon={<Description />}
          action={
            <Button color="inherit" size="small" onClick={() => void downloadFile(attachment.url)}>
              {t('missions.open')}
            </Button>
          }
        >
          {t('missions.attached', {
            name: attachment.filename,
            size: formatFileSize(attachment.size, i18n.language),
            date: formatDateTime(attachment.uploadedAt, i18n.language),
          })}
        </Alert>
      ) : null}
      {state.readOnly ? null : (
        <Box>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            aria-describedby={helperId}
            aria-invalid={error ? true : undefined}
            onChange={(event) => void onChange(event.target.files?.[0])}
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
          />
          <Button
            component="label"
            htmlFor={inputId}
            variant="outlined"
            startIcon={isUploading ? <CircularProgress size={16} aria-hidden /> : <AttachFile />}
            disabled={isUploading}
          >
            {attachment ? t('missions.replace') : t('missions.choose')}
          </Button>
          <HelperText id={helperId} error={Boolean(error)} role={error ? 'alert' : undefined}>
            {error ?? t('missions.fileHint')}
          </HelperText>
        </Box>
      )}
    </Box>
  );
}

/** Issue 4: the employer clarifies the missions, with an optional job description. */
function MissionsPage() {
  const { t } = useTranslation('sheets');
  const id = useSheetId();
  const state = useSheet('missions', id);
  const [labels] = useState(() => new Map<string, string>());
  const name = apprenticeName(state.sheet?.context ?? {});
  // Read back once sent: the missions, and the job description to open.
  const summary: SummaryPart[] = [
    {
      sections: [
        {
          title: 'missions',
          specs: missionsSpecs,
        },
        ...(state.sheet?.attachment
          ? [{ title: 'jobDescription', extra: <JobDescriptionUpload id={id} state={state} /> }]
          : []),
      ],
    },
  ];
  return (
    <SheetFrame
      title={t('missions.title')}
      subtitle={name ? t('missions.subtitleFor', { name }) : t('missions.subtitle')}
      state={state}
      labels={labels}
      summary={summary}
      namesDossier
      finish={{
        label: t('missions.submit'),
        confirmTitle: t('missions.confirmTitle'),
        confirmMessage: t('missions.confirmText'),
      }}
      done={
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
          <span>{t('missions.done')}</span>
          <Button component={Link} to="/" variant="contained" size="small" startIcon={<Home />}>
            {t('actions.employerHome')}
          </Button>
        </Box>
      }
    >
      <FieldGroup title={t('sections.missions')}>
        <Cell wide>
          <SheetTextField
            name="missions.description"
            label={t('fields.missionsDescription')}
            multiline
            minRows={6}
            maxLength={5000}
            hint={t('hints.missions')}
          />
        </Cell>
        <Cell wide>
          <SheetTextField
            name="missions.competencesVisees"
            label={t('fields.competencesVisees')}
            multiline
            minRows={4}
            maxLength={3000}
          />
        </Cell>
      </FieldGroup>
      <FieldGroup title={t('sections.jobDescription')} description={t('missions.jobDescriptionHelp')}>
        <Cell wide>
          <JobDescriptionUpload id={id} state={state} />
        </Cell>
      </FieldGroup>
    </SheetFrame>
  );
}

export { MissionsPage as Component };
