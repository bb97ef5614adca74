import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import {
  cfaSettingsBody,
  cfaSettingsFields,
  type CfaSettingsBody,
  type CfaSettingsValues,
} from '@passerelle/contract/staff-settings';
import { useState } from 'react';
import { useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../../../components/form/contract-resolver';
import { applyServerErrors } from '../../../../components/form/server-errors';
import { TextFieldElement } from '../../../../components/form/text-field-element';
import { useErrorText } from '../../../../components/use-error-text';
import { useSaveCfaSettings } from '../api/cfa-settings';
import { SettingsSection } from './settings-section';

type Field = keyof CfaSettingsBody;

const columns = (sm: string) => ({ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm } }) as const;

/** Fields whose hint says what to type; the others are plain. */
const hinted: readonly Field[] = ['uai', 'siret', 'representativeTitle', 'contactHoursFr', 'contactHoursEn'];
const optional: readonly Field[] = ['representativeTitle'];
const autoCompletes: Partial<Record<Field, string>> = {
  denomination: 'organization',
  street: 'address-line1',
  postcode: 'postal-code',
  city: 'address-level2',
  representativeName: 'name',
  representativeTitle: 'organization-title',
  contactEmail: 'email',
  contactPhone: 'tel',
};

function Input({ control, name, type }: { control: Control<CfaSettingsBody>; name: Field; type?: string }) {
  const { t } = useTranslation('staff-settings');
  return (
    <TextFieldElement
      name={name}
      control={control}
      label={t(`fields.${name}`)}
      required={!optional.includes(name)}
      type={type}
      autoComplete={autoCompletes[name] ?? 'off'}
      helperText={hinted.includes(name) ? t(`hints.${name as 'uai'}`) : undefined}
    />
  );
}

/**
 * The CFA's identity as one form (the contract's `cfaSettingsBody`): checked here as the API checks it (the UAI's
 * letter, the SIRET's Luhn key), the server's refusals under their fields.
 */
export function CfaIdentityForm({
  values,
  onSaved,
  onChange,
}: {
  values: CfaSettingsValues;
  onSaved: () => void;
  onChange: () => void;
}) {
  const { t } = useTranslation('staff-settings');
  const errorText = useErrorText();
  const save = useSaveCfaSettings();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<CfaSettingsBody>({ defaultValues: values, resolver: contractResolver(cfaSettingsBody) });
  const { control } = form;

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await save.mutateAsync(body);
      onSaved();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, cfaSettingsFields)) setFailure(error);
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      onChange={onChange}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
    >
      <SettingsSection title={t('sections.identity')} intro={t('intros.identity')}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <Input control={control} name="denomination" />
          <Box sx={columns('1fr 1fr')}>
            <Input control={control} name="uai" />
            <Input control={control} name="siret" />
          </Box>
        </Box>
      </SettingsSection>
      <SettingsSection title={t('sections.address')}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <Input control={control} name="street" />
          <Box sx={columns('minmax(0, 1fr) minmax(0, 2fr)')}>
            <Input control={control} name="postcode" />
            <Input control={control} name="city" />
          </Box>
        </Box>
      </SettingsSection>
      <SettingsSection title={t('sections.representative')} intro={t('intros.representative')}>
        <Box sx={columns('1fr 1fr')}>
          <Input control={control} name="representativeName" />
          <Input control={control} name="representativeTitle" />
        </Box>
      </SettingsSection>
      <SettingsSection title={t('sections.contact')} intro={t('intros.contact')}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <Box sx={columns('1fr 1fr')}>
            <Input control={control} name="contactEmail" type="email" />
            <Input control={control} name="contactPhone" type="tel" />
          </Box>
          <Input control={control} name="contactHoursFr" />
          <Input control={control} name="contactHoursEn" />
        </Box>
      </SettingsSection>
      {failure ? (
        <Alert severity="error" role="alert">
          {t('failed')} {errorText(failure)}
        </Alert>
      ) : null}
      <Box>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {save.isPending ? t('saving') : t('save')}
        </Button>
      </Box>
    </Box>
  );
}
