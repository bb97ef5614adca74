import AttachFile from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useErrorText } from '../../../components/use-error-text';
import { ApiError } from '../../../lib/api-client';
import { formatFileSize } from '../../../lib/file-size';
import { useRequestKey } from '../../../lib/request-key';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { signatureQueryKey, uploadSignedScan } from '../api/signature';
import { useMessageText } from '../utils/messages';
import { checkScan } from '../utils/signers';

/** The server's refusal of the file, under the input: its message for `file`, or the code's text for 413 and 415. */
function fileRefusal(
  error: unknown,
  messageText: (message: string | undefined) => string | undefined,
  t: TFunction<'signature'>,
) {
  if (!(error instanceof ApiError)) return null;
  const message = error.errors['file']?.[0];
  if (message) return messageText(message) ?? message;
  if (error.status === 413 || error.code === 'PAYLOAD_TOO_LARGE') return t('manual.tooLarge');
  if (error.status === 415 || error.code === 'UNSUPPORTED_FILE_TYPE') return t('manual.wrongType');
  return null;
}

export interface ManualSigningProps {
  id: number;
  /** Why staff rejected this signer's last scan, while another is expected. */
  rejectedReason?: string | null;
  onSubmitted: () => void;
}

/** Issue 11, on paper: print, sign by hand, upload the scan (SPEC 5: .pdf, 10 MB); the school checks it. */
export function ManualSigning({ id, rejectedReason = null, onSubmitted }: ManualSigningProps) {
  const { t, i18n } = useTranslation('signature');
  const errorText = useErrorText();
  const messageText = useMessageText();
  const queryClient = useQueryClient();
  const titleId = useId();
  const inputId = useId();
  const helperId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const requestKey = useRequestKey();
  const upload = useMutation({
    mutationFn: (scan: File) => uploadSignedScan(id, scan, requestKey.get()),
    onSuccess: async () => {
      requestKey.renew();
      onSubmitted();
      await queryClient.invalidateQueries({ queryKey: signatureQueryKey(id) });
    },
    onError: (error) => {
      const refusal = fileRefusal(error, messageText, t);
      if (refusal) {
        setFileError(refusal);
        setFile(null);
        if (inputRef.current) inputRef.current.value = '';
      }
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: signatureQueryKey(id) });
    },
  });

  function onChange(chosen: File | undefined) {
    upload.reset();
    setFileError(null);
    setFile(null);
    if (!chosen) return;
    const problem = checkScan(chosen);
    if (problem) {
      // SPEC 5: the wrong file is not kept.
      if (inputRef.current) inputRef.current.value = '';
      setFileError(t(`manual.${problem}`));
      return;
    }
    setFile(chosen);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setFileError(t('manual.required'));
      inputRef.current?.focus();
      return;
    }
    upload.mutate(file);
  }

  const otherError = upload.isError && !fileRefusal(upload.error, messageText, t);
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
        {t('manual.title')}
      </Typography>
      {rejectedReason !== null ? (
        <Alert severity="warning">
          <Typography sx={{ fontWeight: 600 }}>{t('manual.rejectedTitle')}</Typography>
          {rejectedReason ? (
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {t('manual.rejectedReason', { reason: rejectedReason })}
            </Typography>
          ) : null}
          <Typography>{t('manual.rejectedAgain')}</Typography>
        </Alert>
      ) : null}
      <Box component="ol" sx={{ m: 0, pl: 3, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        {(['download', 'print', 'scan', 'upload'] as const).map((step) => (
          <li key={step}>
            <Typography>{t(`manual.steps.${step}`)}</Typography>
          </li>
        ))}
      </Box>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography component="label" htmlFor={inputId} sx={{ fontWeight: 600 }}>
          {t('manual.file')}
        </Typography>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept=".pdf,application/pdf"
          aria-describedby={helperId}
          aria-invalid={fileError ? true : undefined}
          onChange={(event) => onChange(event.target.files?.[0])}
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
        />
        <Box>
          <Button
            component="label"
            htmlFor={inputId}
            variant="outlined"
            startIcon={<AttachFile />}
            disabled={upload.isPending}
          >
            {file ? t('manual.replace') : t('manual.choose')}
          </Button>
        </Box>
        <FormHelperText id={helperId} error={Boolean(fileError)} role={fileError ? 'alert' : undefined} sx={{ mx: 0 }}>
          {fileError ??
            (file
              ? t('manual.chosen', { name: file.name, size: formatFileSize(file.size, i18n.language) })
              : t('manual.fileHint'))}
        </FormHelperText>
        {otherError ? (
          <Alert severity="error" role="alert">
            {errorText(upload.error)}
          </Alert>
        ) : null}
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={upload.isPending}
            startIcon={upload.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {t('manual.submit')}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
