import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { contractResolver } from './form/contract-resolver';
import type { LoginLinkBody } from '@passerelle/contract/auth';
import { languages } from '@passerelle/contract/languages';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { ApiError, call } from '../lib/api-client';
import { TextFieldElement } from './form/text-field-element';
import { applyServerErrors } from './form/server-errors';
import { useErrorText } from './use-error-text';

type LoginLinkForm = Pick<LoginLinkBody, 'email'>;

/** Field messages go under the input; only other failures get the general alert. */
/** The API's own schema, imported with the first check: the visitor home opens without zod. */
const resolver = contractResolver<LoginLinkForm, LoginLinkForm>(() =>
  import('@passerelle/contract/auth').then(({ loginLinkBody }) => loginLinkBody.pick({ email: true })),
);

const hasFieldErrors = (error: unknown) => error instanceof ApiError && Object.keys(error.errors).length > 0;

/**
 * "Receive my personal link": asks the API to mail a sign-in link. The answer is the same whether the address is
 * known or not (the API never tells), so the confirmation says "if this address is known".
 */
export function LoginLinkForm() {
  const { t, i18n } = useTranslation('common');
  const errorText = useErrorText();
  const { control, handleSubmit, setError, reset } = useForm<LoginLinkForm>({
    resolver,
    defaultValues: { email: '' },
  });
  const send = useMutation({
    mutationFn: (values: LoginLinkForm) => {
      const lang = languages.find((code) => code === i18n.language);
      return call('POST /auth/login-link', {
        body: { email: values.email.trim(), lang },
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
