import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { schoolBody } from '@passerelle/contract/staff-formations';
import type { SchoolBody, StaffSchool } from '@passerelle/contract/staff-formations';
import { useId } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import { TextFieldElement } from '../../../../components/form/text-field-element';
import { contractResolver } from '../../../../components/form/contract-resolver';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { useSaveSchool } from '../api/formations';

const ruleNames = ['holdsWorkshops', 'bacAttestationOrMore'] as const;

/** The school's rules that are data (issue 28): each a check box with what it changes for the applicants. */
function RulesField({ control }: { control: Control<SchoolBody> }) {
  const { t } = useTranslation('staff-formations');
  const hintId = useId();
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">{t('schools.rules')}</FormLabel>
      <FormGroup>
        {ruleNames.map((name) => (
          <RuleCheckbox key={name} name={name} control={control} describedBy={`${hintId}-${name}`} />
        ))}
      </FormGroup>
    </FormControl>
  );
}

function RuleCheckbox({
  name,
  control,
  describedBy,
}: {
  name: (typeof ruleNames)[number];
  control: Control<SchoolBody>;
  describedBy: string;
}) {
  const { t } = useTranslation('staff-formations');
  const { field } = useController({ name, control });
  return (
    <>
      <FormControlLabel
        label={t(`schools.${name}`)}
        control={
          <Checkbox
            checked={field.value === true}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            name={name}
            slotProps={{ input: { ref: field.ref, 'aria-describedby': describedBy } }}
          />
        }
      />
      <FormHelperText id={describedBy} sx={{ mt: -0.5, mb: 1, ml: 4 }}>
        {t(`schools.${name}Hint`)}
      </FormHelperText>
    </>
  );
}

/** Adding a school or changing it; its code is what the applicants' import file names it by. */
export function SchoolDialog({
  school,
  onClose,
  onSaved,
}: {
  school?: StaffSchool;
  onClose: () => void;
  onSaved: (school: StaffSchool) => void;
}) {
  const { t } = useTranslation(['staff-formations', 'common']);
  const save = useSaveSchool();
  const form = useForm<SchoolBody>({
    // A new school's rules start unticked: what the person sees is what is saved.
    defaultValues: {
      code: school?.code ?? '',
      name: school?.name ?? '',
      ...(school
        ? { holdsWorkshops: school.holdsWorkshops, bacAttestationOrMore: school.bacAttestationOrMore }
        : { holdsWorkshops: false, bacAttestationOrMore: false }),
    },
    resolver: contractResolver(schoolBody),
  });
  return (
    <FormDialog
      title={school ? t('schools.editTitle') : t('schools.createTitle')}
      intro={t('schools.intro')}
      form={form}
      fields={['code', 'name', 'holdsWorkshops', 'bacAttestationOrMore']}
      onSave={async (body) => onSaved((await save.mutateAsync({ id: school?.id, body })).school)}
      onClose={onClose}
      isPending={save.isPending}
      submitLabel={school ? t('form.saveChanges') : t('schools.create')}
      pendingLabel={t('form.saving')}
      failedText={t('form.failed')}
      maxWidth="xs"
    >
      <TextFieldElement
        name="code"
        control={form.control}
        label={t('schools.code')}
        required
        helperText={t('schools.codeHint')}
      />
      <TextFieldElement name="name" control={form.control} label={t('schools.name')} required />
      <RulesField control={form.control} />
    </FormDialog>
  );
}
