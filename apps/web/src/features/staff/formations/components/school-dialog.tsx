import { schoolBody } from '@passerelle/contract/staff-formations';
import type { SchoolBody, StaffSchool } from '@passerelle/contract/staff-formations';
import { useForm } from 'react-hook-form';
import { TextFieldElement } from '../../../../components/form/text-field-element';
import { contractResolver } from '../../../../components/form/contract-resolver';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { useSaveSchool } from '../api/formations';

/** Adding a school or renaming one; its code is what the applicants' import file names it by. */
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
    defaultValues: { code: school?.code ?? '', name: school?.name ?? '' },
    resolver: contractResolver(schoolBody),
  });
  return (
    <FormDialog
      title={school ? t('schools.editTitle') : t('schools.createTitle')}
      intro={t('schools.intro')}
      form={form}
      fields={['code', 'name']}
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
    </FormDialog>
  );
}
