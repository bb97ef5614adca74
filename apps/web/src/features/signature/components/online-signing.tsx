import MarkEmailRead from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import type { SignatureResponse, SignatureSignBody } from '@passerelle/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver, type ResolverResult } from 'react-hook-form';
import { OutlinedField } from '../../../components/form/outlined-field';
import { useErrorText } from '../../../components/use-error-text';
import { ApiError } from '../../../lib/api-client';
import { formatTime } from '../../../lib/date-format';
import { useRequestKey } from '../../../lib/request-key';
import { useTranslation } from 'react-i18next';
import { requestSignatureCode, signatureQueryKey, signDocuments, type SignatureCodeResponse } from '../api/signature';
import { useMessageText } from '../utils/messages';

interface FormValues {
  code: string;
  consent: boolean;
}

/** What the form checks; the documents shown are added when it is sent. */
type CheckedBody = Pick<SignatureSignBody, 'code' | 'consent'>;

/**
 * The contract's `signatureSignBody`, checked by hand: two fields do not justify loading zod and the contract's schemas
 * (about 23 KB compressed) into this screen, which an applicant opens on a phone from a mail. Same rules, same message
 * codes; the server checks the body with the schema itself.
 */
const resolver: Resolver<FormValues, unknown, CheckedBody> = (values): ResolverResult<FormValues, CheckedBody> => {
  const code = values.code.trim();
  const errors: FieldErrors<FormValues> = {};
  if (!/^\d{6}$/.test(code)) errors.code = { type: 'pattern', message: 'signature.code_format' };
  if (values.consent !== true) errors.consent = { type: 'literal', message: 'signature.consent_required' };
  if (errors.code || errors.consent) return { values: {}, errors };
  return { values: { code, consent: true }, errors: {} };
};

/** The fields the server may put a message under. */
const fields = ['code', 'consent'] as const;

export interface OnlineSigningProps {
  id: number;
  consent: SignatureResponse['consent'];
  /** The document versions shown on the page: the signature names them, and the server refuses other ones. */
  documents: SignatureResponse['documents'];
  /** The code asked for before the page was (re)loaded and still valid: its field is shown again, not a new request. */
  pendingCode?: SignatureResponse['me']['pendingCode'];
  onSigned: () => void;
}

/**
 * Issue 11, online: a one-time code by e-mail, consent to the documents' text, then the signature. Every step is a
 * POST from this page, so a link opened by a mail scanner signs nothing.
 */
/** The consent sentence's language: the page's, English or French. */
const consentLang = (language: string) => (language.startsWith('en') ? 'en-US' : 'fr-FR');

export function OnlineSigning({ id, consent, documents, pendingCode = null, onSigned }: OnlineSigningProps) {
  const { t, i18n } = useTranslation('signature');
  const errorText = useErrorText();
  const messageText = useMessageText();
  const queryClient = useQueryClient();
  const titleId = useId();
  // What the server says was sent survives a reload (issue 29): the code mailed stays the one to type.
  const [sent, setSent] = useState<SignatureCodeResponse | null>(pendingCode);
  const [justSent, setJustSent] = useState(false);
  // The documents changed under the page (prepared again): they are reloaded, and the consent must be given again.
  const [documentsChanged, setDocumentsChanged] = useState(false);
  const form = useForm<FormValues, unknown, CheckedBody>({
    resolver,
    defaultValues: { code: '', consent: false },
    mode: 'onTouched',
  });
  // One key per action: a double click sends one code (a second would void the first) and signs once.
  const codeKey = useRequestKey();
  const signKey = useRequestKey();
  const codeRequest = useMutation({
    mutationFn: () => requestSignatureCode(id, codeKey.get()),
    onSuccess: (answer) => {
      codeKey.renew();
      setSent(answer);
      setJustSent(true);
      form.resetField('code');
    },
  });
  // Once a code is sent, the field it is typed in has the focus: on the first code it has only just been drawn (the
  // button asking for it is gone), so the focus moves after that render rather than in onSuccess. A code read back on a
  // reload leaves the focus where the page puts it.
  useEffect(() => {
    if (sent && justSent) form.setFocus('code');
  }, [sent, justSent, form]);
  const signing = useMutation({
    mutationFn: (body: CheckedBody) =>
      signDocuments(
        id,
        {
          ...body,
          consentLang: consentLang(i18n.language),
          documents: documents.map((doc) => ({ id: doc.id, sha256: doc.sha256 })),
        },
        signKey.get(),
      ),
    onMutate: () => setDocumentsChanged(false),
    onSuccess: async () => {
      signKey.renew();
      onSigned();
      await queryClient.invalidateQueries({ queryKey: signatureQueryKey(id) });
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      // Not this person's turn any more, the documents changed, or too many wrong codes: the page shows where the case
      // stands now (the new documents to read, or why signing online is locked).
      if (error.status === 409) void queryClient.invalidateQueries({ queryKey: signatureQueryKey(id) });
      if (error.errors['documents']?.length) {
        setDocumentsChanged(true);
        form.setValue('consent', false);
      }
      let first = true;
      for (const field of fields) {
        const messages = error.errors[field];
        if (!messages?.length) continue;
        const attempts = Number(error.errors['attemptsLeft']?.[0]);
        const text = [messageText(messages[0]), Number.isFinite(attempts) && field === 'code' ? t('messages.attemptsLeft', { count: attempts }) : null]
          .filter(Boolean)
          .join(' ');
        form.setError(field, { type: 'server', message: text }, { shouldFocus: first });
        first = false;
      }
    },
  });
  const hasFieldErrors = signing.error instanceof ApiError && fields.some((field) => (signing.error as ApiError).errors[field]?.length);

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
          {t('online.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{t('online.intro')}</Typography>
      </Box>
      {/* Read out when a code is sent or cannot be: the person's eyes may be on their mail app. */}
      <Box aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {sent ? (
          // A long address breaks anywhere rather than running out of the message on a phone.
          <Alert severity="success" icon={<MarkEmailRead />} sx={{ '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}>
            {t('online.codeSent', { sentTo: sent.sentTo, time: formatTime(sent.expiresAt, i18n.language) })}
          </Alert>
        ) : null}
        {codeRequest.isError ? <Alert severity="error">{errorText(codeRequest.error)}</Alert> : null}
      </Box>
      {sent ? null : (
        <Box>
          <Button variant="contained" size="large" onClick={() => codeRequest.mutate()} disabled={codeRequest.isPending}>
            {t('online.requestCode')}
          </Button>
        </Box>
      )}
      {sent ? (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void form.handleSubmit((body) => signing.mutate(body))(event)}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          <Controller
            control={form.control}
            name="code"
            render={({ field, fieldState }) => (
              <Box sx={{ maxWidth: 280 }}>
                <OutlinedField
                  id="field-code"
                  label={t('online.code')}
                  required
                  error={Boolean(fieldState.error)}
                  helperText={messageText(fieldState.error?.message) ?? t('online.codeHint')}
                  input={{
                    name: field.name,
                    value: field.value,
                    onChange: (event) => field.onChange(event.target.value.replace(/\D/g, '').slice(0, 6)),
                    onBlur: field.onBlur,
                    inputRef: field.ref,
                    autoComplete: 'one-time-code',
                    inputProps: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 },
                    sx: { fontSize: '1.4rem', letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' },
                  }}
                />
              </Box>
            )}
          />
          <Controller
            control={form.control}
            name="consent"
            render={({ field, fieldState }) => (
              <FormControl error={Boolean(fieldState.error)} required>
                <FormControlLabel
                  control={
                    <Checkbox
                      name={field.name}
                      checked={field.value === true}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                      slotProps={{ input: { ref: field.ref, 'aria-describedby': fieldState.error ? 'field-consent-helper' : undefined } }}
                      sx={{ mt: -0.75 }}
                    />
                  }
                  label={<Typography sx={{ whiteSpace: 'pre-line' }}>{consent.texts[consentLang(i18n.language)]}</Typography>}
                  sx={{ alignItems: 'flex-start', mr: 0 }}
                />
                {fieldState.error ? <FormHelperText id="field-consent-helper">{messageText(fieldState.error.message)}</FormHelperText> : null}
              </FormControl>
            )}
          />
          {documentsChanged ? (
            <Alert severity="warning" role="alert">
              {messageText('signature.documents_changed')}
            </Alert>
          ) : signing.isError && !hasFieldErrors ? (
            <Alert severity="error" role="alert">
              {errorText(signing.error)}
            </Alert>
          ) : null}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button type="submit" variant="contained" size="large" disabled={signing.isPending}>
              {t('online.sign')}
            </Button>
            <Button onClick={() => codeRequest.mutate()} disabled={codeRequest.isPending || signing.isPending}>
              {t('online.resendCode')}
            </Button>
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}
