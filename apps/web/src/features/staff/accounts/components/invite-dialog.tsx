import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { inviteStaffBody } from '@passerelle/contract/staff-accounts';
import type { InviteStaffBody, InviteStaffInput, InviteStaffResponse } from '@passerelle/contract/staff-accounts';
import { useId, useState } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import { OutlinedField } from '../../../../components/form/outlined-field';
import { applyServerErrors } from '../../../../components/form/server-errors';
import { TextFieldElement } from '../../../../components/form/text-field-element';
import { contractResolver } from '../../../../components/form/contract-resolver';
import { useErrorText } from '../../../../components/use-error-text';
import { useTranslation } from 'react-i18next';
import { useInviteStaff } from '../api/accounts';

function AdminCheckbox({ control }: { control: Control<InviteStaffInput> }) {
  const { t } = useTranslation('staff-accounts');
  const helperId = useId();
  const { field, fieldState } = useController({ name: 'admin', control });
  return (
    <Box>
      <FormControlLabel
        label={t('invite.admin')}
        control={
          <Checkbox
            name={field.name}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { ref: field.ref, 'aria-describedby': helperId } }}
          />
        }
      />
      <FormHelperText id={helperId} error={Boolean(fieldState.error)} sx={{ mt: 0 }}>
        {fieldState.error?.message ?? t('invite.adminHint')}
      </FormHelperText>
    </Box>
  );
}

function LanguageSelect({ control }: { control: Control<InviteStaffInput> }) {
  const { t } = useTranslation('staff-accounts');
  const { field, fieldState } = useController({ name: 'lang', control });
  return (
    <OutlinedField
      label={t('invite.lang')}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? t('invite.langHint')}
      select={
        <>
          <option value="fr-FR">{t('languages.fr-FR')}</option>
          <option value="en-US">{t('languages.en-US')}</option>
        </>
      }
      input={{
        name: field.name,
        value: field.value ?? 'fr-FR',
        onChange: (event) => field.onChange(event.target.value),
        onBlur: field.onBlur,
        inputRef: field.ref,
      }}
    />
  );
}

/** Inviting someone to the back office: a personal sign-in link by e-mail, in the language chosen. */
export function InviteDialog({
  onClose,
  onInvited,
}: {
  onClose: () => void;
  onInvited: (result: InviteStaffResponse) => void;
}) {
  const { t, i18n } = useTranslation(['staff-accounts', 'common']);
  const errorText = useErrorText();
  const titleId = useId();
  const textId = useId();
  const invite = useInviteStaff();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<InviteStaffInput, unknown, InviteStaffBody>({
    defaultValues: {
      email: '',
      prenom: '',
      nom: '',
      admin: false,
      lang: i18n.language.startsWith('en') ? 'en-US' : 'fr-FR',
    },
    resolver: contractResolver(inviteStaffBody),
  });
  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      onInvited(await invite.mutateAsync(body));
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['email', 'prenom', 'nom', 'admin', 'lang'])) setFailure(error);
    }
  });
  return (
    <Dialog
      open
      onClose={invite.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="sm"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{t('invite.title')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <DialogContentText id={textId}>{t('invite.intro')}</DialogContentText>
          <TextFieldElement
            name="email"
            control={form.control}
            label={t('invite.email')}
            type="email"
            autoComplete="off"
            required
          />
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextFieldElement name="prenom" control={form.control} label={t('invite.prenom')} autoComplete="off" />
            <TextFieldElement name="nom" control={form.control} label={t('invite.nom')} autoComplete="off" />
          </Box>
          <LanguageSelect control={form.control} />
          <AdminCheckbox control={form.control} />
          {failure ? (
            <Alert severity="error" role="alert">
              {t('invite.failed')} {errorText(failure)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
          <Button onClick={onClose} disabled={invite.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={invite.isPending}>
            {invite.isPending ? t('invite.sending') : t('invite.send')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
