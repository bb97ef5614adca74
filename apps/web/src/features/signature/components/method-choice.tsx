import Draw from '@mui/icons-material/DrawOutlined';
import Print from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { SignatureMethod } from '@passerelle/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useErrorText } from '../../../components/use-error-text';
import { useRequestKey } from '../../../lib/request-key';
import { useTranslation } from 'react-i18next';
import { chooseSignatureMethod, signatureQueryKey } from '../api/signature';

// The contract's list, written here: importing it would bring zod into the screen's chunk.
const signatureMethods: readonly SignatureMethod[] = ['online', 'manual'];

const methodIcons: Record<SignatureMethod, ReactNode> = { online: <Draw />, manual: <Print /> };

export interface MethodChoiceProps {
  id: number;
  current: SignatureMethod | null;
  /** Shown when the method is being changed: keeps the current one. */
  onCancel?: () => void;
  onChosen?: () => void;
}

/** SPEC 2 "Signature": the first signer chooses online or on paper for the case; reversible until the first signature. */
export function MethodChoice({ id, current, onCancel, onChosen }: MethodChoiceProps) {
  const { t } = useTranslation('signature');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const titleId = useId();
  const helperId = useId();
  const [method, setMethod] = useState<SignatureMethod | null>(current);
  const [missing, setMissing] = useState(false);
  const requestKey = useRequestKey();
  const mutation = useMutation({
    mutationFn: (chosen: SignatureMethod) => chooseSignatureMethod(id, chosen, requestKey.get()),
    onSuccess: async () => {
      requestKey.renew();
      await queryClient.invalidateQueries({ queryKey: signatureQueryKey(id) });
      onChosen?.();
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!method) {
      setMissing(true);
      return;
    }
    mutation.mutate(method);
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
          {t('method.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{t('method.intro')}</Typography>
      </Box>
      <FormControl error={missing}>
        <RadioGroup
          aria-labelledby={titleId}
          aria-describedby={missing ? helperId : undefined}
          name="method"
          value={method ?? ''}
          onChange={(event) => {
            setMissing(false);
            setMethod(event.target.value as SignatureMethod);
          }}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}
        >
          {signatureMethods.map((value) => {
            const selected = method === value;
            return (
              <Box
                key={value}
                component="label"
                sx={{
                  display: 'flex',
                  gap: 1,
                  alignItems: 'flex-start',
                  p: 2,
                  pl: 1,
                  border: 2,
                  borderColor: selected ? 'primary.main' : 'divider',
                  borderRadius: 2,
                  cursor: 'pointer',
                  bgcolor: selected ? 'action.selected' : 'background.paper',
                  '&:hover': { borderColor: selected ? 'primary.main' : 'text.secondary' },
                  '&:has(input:focus-visible)': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
                }}
              >
                <Radio value={value} sx={{ mt: -0.75 }} />
                <Box sx={{ minWidth: 0 }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.main' }}>
                    <Box aria-hidden sx={{ display: 'flex' }}>
                      {methodIcons[value]}
                    </Box>
                    <Typography component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
                      {t(`method.${value}.label`)}
                    </Typography>
                  </Box>
                  <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                    {t(`method.${value}.help`)}
                  </Typography>
                </Box>
              </Box>
            );
          })}
        </RadioGroup>
        {missing ? (
          <FormHelperText id={helperId} role="alert">
            {t('method.chooseOne')}
          </FormHelperText>
        ) : null}
      </FormControl>
      {mutation.isError ? <Alert severity="error">{errorText(mutation.error)}</Alert> : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
          {t('method.submit')}
        </Button>
        {onCancel ? (
          <Button size="large" onClick={onCancel} disabled={mutation.isPending}>
            {t('method.cancelChange')}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}
