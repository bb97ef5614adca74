import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { LoginLinkBody } from '@passerelle/contract/auth';
import { formatValidationText } from '@passerelle/contract/rules/validation-texts';
import { messageLanguage } from '@passerelle/contract/rules/zod-messages';
import { useMutation } from '@tanstack/react-query';
import i18next from 'i18next';
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { regexes } from 'zod/v4/core';
import { ApiError, apiVoid } from '../lib/api-client';
import { supportedLanguages, type AppLanguage } from '../lib/i18n';
import { TextFieldElement } from './form/text-field-element';
import { applyServerErrors } from './form/server-errors';
import { useErrorText } from './use-error-text';

type LoginLinkForm = Pick<LoginLinkBody, 'email'>;

/**
 * The contract's check of the address (`loginLinkBody.email`: zod's e-mail pattern, 254 characters at most) without
 * zod's runtime: this form is the first thing a visitor sees, and zod weighs 25 KB compressed of the visitor home's
 * download (issue 13: 60 KB a screen). The API checks the body with the schema itself and its message goes under the
 * field like this one. docs/decisions/0031-applicant-screens-issue-13.md.
 */
export const isLoginEmail = (email: string) => email.length <= 254 && regexes.email.test(email);

const loginLinkResolver: Resolver<LoginLinkForm> = (values): ResolverResult<LoginLinkForm> => {
  const email = values.email.trim();
  if (isLoginEmail(email)) return { values: { email }, errors: {} };
  const message = formatValidationText('email.format', messageLanguage(i18next.language));
  return { values: {}, errors: { email: { type: 'pattern', message } } };
};

const isLanguage = (value: string): value is AppLanguage => (supportedLanguages as readonly string[]).includes(value);

/** Field messages go under the input; only other failures get the general alert. */
const hasFieldErrors = (error: unknown) => error instanceof ApiError && Object.keys(error.errors).length > 0;

/**
 * "Receive my personal link": asks the API to mail a sign-in link. The answer is the same whether the address is
 * known or not (the API never tells), so the confirmation says "if this address is known".
 */
export function LoginLinkForm() {
  const { t, i18n } = useTranslation('common');
  const errorText = useErrorText();
  const { control, handleSubmit, setError, reset } = useForm<LoginLinkForm>({
    resolver: loginLinkResolver,
    defaultValues: { email: '' },
  });
  const send = useMutation({
    mutationFn: (values: LoginLinkForm) => {
      return apiVoid('/auth/login-link', {
        method: 'POST',
        body: { email: values.email.trim(), lang: isLanguage(i18n.language) ? i18n.language : undefined },
        anonymous: true,
      });
    },
    onError: (error) => applyServerErrors(error, setError, ['email']),
  });

  if (send.isSuccess) {
    return (
      <Box>
        <Alert severity="success" icon={<MarkEmailRead />} role="status">
          {t('loginLink.sent')}
        </Alert>
        <Button
          sx={{ mt: 2 }}
          onClick={() => {
            reset();
            send.reset();
          }}
        >
          {t('loginLink.again')}
        </Button>
      </Box>
    );
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void handleSubmit((values) => send.mutate(values))(event)}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <TextFieldElement
        control={control}
        name="email"
        type="email"
        label={t('loginLink.email')}
        autoComplete="email"
        required
        disabled={send.isPending}
      />
      {send.isError && !hasFieldErrors(send.error) ? <Alert severity="error">{errorText(send.error)}</Alert> : null}
      <Button type="submit" variant="contained" size="large" disabled={send.isPending}>
        {send.isPending ? t('loginLink.sending') : t('loginLink.submit')}
      </Button>
    </Box>
  );
}
