import CloudUpload from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { UploadField } from '@passerelle/contract';
import { formatValidationText, isValidationTextCode } from '@passerelle/contract/rules/validation-texts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from 'react-i18next';
import { useUploadDocuments } from '../api/infos';
import { acceptOf, checkFile } from '../utils/file-check';
import { useErrorText } from '../../../components/use-error-text';
import { OutlinedField } from '../../../components/form/outlined-field';

export interface DocumentUploadProps {
  field: UploadField;
  /** Label of the file input. */
  label: string;
  /** The CVEC certificate goes with its number. */
  withCvecNumber?: boolean;
  initialCvecNumber?: string | null;
  onUploaded?: () => void;
}

/**
 * One document to send: a file input checked in the browser against the contract's rules (the wrong-type message of
 * SPEC section 5 under the input, the input cleared), then the server's `errors.<field>` under the same input.
 */
export function DocumentUpload({ field, label, withCvecNumber = false, initialCvecNumber, onUploaded }: DocumentUploadProps) {
  const { t, i18n } = useTranslation('portal');
  const errorText = useErrorText();
  const inputId = useId();
  const messageId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [cvecNumber, setCvecNumber] = useState(initialCvecNumber ?? '');
  const [fileError, setFileError] = useState<string | null>(null);
  const [isSent, setIsSent] = useState(false);
  const upload = useUploadDocuments();

  const serverErrors = upload.error instanceof ApiError ? upload.error.errors : {};
  // The server sends rule codes (`file.malware_detected`) or, for the checks of SPEC section 5, French sentences.
  const shown = (messages: string[] | undefined) =>
    messages?.map((message) => (isValidationTextCode(message) ? formatValidationText(message, i18n.language.startsWith('en') ? 'en-US' : 'fr-FR') : message)).join(' ');
  const serverFieldError = shown(serverErrors[field]);
  const numberError = shown(serverErrors['numCvec']);
  const otherError = upload.error && !serverFieldError && !numberError ? errorText(upload.error) : null;
  const inputError = fileError ?? serverFieldError ?? null;

  function clearInput() {
    if (inputRef.current) inputRef.current.value = '';
    setFile(null);
  }

  function onFileChange() {
    upload.reset();
    setIsSent(false);
    const chosen = inputRef.current?.files?.[0] ?? null;
    if (!chosen) {
      setFile(null);
      setFileError(null);
      return;
    }
    const problem = checkFile(field, chosen);
    if (problem) {
      clearInput();
      setFileError(problem.kind === 'type' ? t('upload.wrongType', { extensions: problem.extensions }) : t('upload.tooLarge', { max: problem.maxMegabytes }));
      return;
    }
    setFileError(null);
    setFile(chosen);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    upload.mutate(
      { [field]: file, ...(withCvecNumber ? { numCvec: cvecNumber.trim() } : {}) },
      {
        onSuccess: () => {
          clearInput();
          setIsSent(true);
          onUploaded?.();
        },
      },
    );
  }

  return (
    <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {withCvecNumber ? (
        <OutlinedField
          label={t('documents.cvecNumber')}
          error={Boolean(numberError)}
          helperText={numberError ?? t('documents.cvecNumberHelp')}
          input={{ value: cvecNumber, onChange: (event) => setCvecNumber(event.target.value), inputProps: { maxLength: 50, autoComplete: 'off' } }}
        />
      ) : null}
      <Box>
        <FormLabel htmlFor={inputId} error={Boolean(inputError)} sx={{ display: 'block', mb: 0.5, fontWeight: 600, color: 'text.primary' }}>
          {label}
        </FormLabel>
        <Box
          component="input"
          ref={inputRef}
          id={inputId}
          type="file"
          accept={acceptOf(field)}
          onChange={onFileChange}
          aria-invalid={Boolean(inputError)}
          aria-describedby={messageId}
          sx={{
            display: 'block',
            width: '100%',
            maxWidth: '100%',
            p: 1,
            border: 1,
            borderStyle: 'dashed',
            borderColor: inputError ? 'error.main' : 'divider',
            borderRadius: 1,
            font: 'inherit',
            fontSize: '0.875rem',
            color: 'text.primary',
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
            '&::file-selector-button': { mr: 1.5, px: 1.5, py: 0.5, border: 0, borderRadius: 1, font: 'inherit', cursor: 'pointer' },
          }}
        />
        <FormHelperText id={messageId} error={Boolean(inputError)} role={inputError ? 'alert' : undefined}>
          {inputError ?? t('upload.allowed', { extensions: acceptOf(field).split(',').filter((part) => part.startsWith('.')).join(', ') })}
        </FormHelperText>
      </Box>
      {otherError ? (
        <FormHelperText error role="alert">
          {otherError}
        </FormHelperText>
      ) : null}
      {isSent ? (
        <FormHelperText role="status" sx={{ color: 'success.main', fontWeight: 600 }}>
          {t('upload.sent')}
        </FormHelperText>
      ) : null}
      <Box>
        <Button type="submit" variant="contained" startIcon={<CloudUpload />} disabled={!file || upload.isPending}>
          {upload.isPending ? t('upload.sending') : t('upload.send')}
        </Button>
      </Box>
    </Box>
  );
}
