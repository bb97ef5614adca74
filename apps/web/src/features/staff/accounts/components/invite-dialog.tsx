import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { inviteStaffBody } from '@passerelle/contract/staff-accounts';
import type { InviteStaffBody, InviteStaffInput, InviteStaffResponse } from '@passerelle/contract/staff-accounts';
import { useId } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import { OutlinedField } from '../../../../components/form/outlined-field';
import { TextFieldElement } from '../../../../components/form/text-field-element';
import { contractResolver } from '../../../../components/form/contract-resolver';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
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
  const invite = useInviteStaff();
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
  return (
    <FormDialog
      title={t('invite.title')}
      intro={t('invite.intro')}
      form={form}
      fields={['email', 'prenom', 'nom', 'admin', 'lang']}
      onSave={async (body) => onInvited(await invite.mutateAsync(body))}
      onClose={onClose}
      isPending={invite.isPending}
      submitLabel={t('invite.send')}
      pendingLabel={t('invite.sending')}
      failedText={t('invite.failed')}
      maxWidth="sm"
    >
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
    </FormDialog>
  );
}
