import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import type { StaffSchool } from '@passerelle/contract/staff-formations';
import { workshopBody } from '@passerelle/contract/staff-workshops';
import type { StaffWorkshop, WorkshopBody, WorkshopInput } from '@passerelle/contract/staff-workshops';
import { useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { TextFieldElement } from '../../../../components/form/text-field-element';
import { contractResolver } from '../../../../components/form/contract-resolver';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { SchoolSelect } from '../../components/school-select';
import { useSaveWorkshop } from '../api/workshops';

const fieldNames = [
  'schoolId',
  'title',
  'date',
  'startHour',
  'endHour',
  'quota',
  'registrationOpensAt',
  'registrationClosesAt',
] as const;

/** A datetime-local input's value (the browser's local time) for an ISO instant, and back. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
function fromLocalInput(value: unknown): unknown {
  if (typeof value !== 'string' || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

function defaultsOf(workshop: StaffWorkshop | undefined): WorkshopInput {
  if (!workshop) {
    return {
      schoolId: '' as unknown as number,
      title: '',
      date: '',
      startHour: '',
      endHour: '',
      quota: '' as unknown as number,
      registrationOpensAt: '',
      registrationClosesAt: '',
    };
  }
  return {
    schoolId: workshop.school?.id ?? ('' as unknown as number),
    title: workshop.title,
    date: workshop.date,
    startHour: workshop.startHour,
    endHour: workshop.endHour,
    quota: workshop.quota,
    registrationOpensAt: toLocalInput(workshop.registrationOpensAt),
    registrationClosesAt: toLocalInput(workshop.registrationClosesAt),
  };
}

const schemaResolver = contractResolver(workshopBody);
/** The form holds local date-times; the API reads instants. */
const resolver: Resolver<WorkshopInput, unknown, WorkshopBody> = (values, context, options) =>
  schemaResolver(
    {
      ...values,
      registrationOpensAt: fromLocalInput(values.registrationOpensAt),
      registrationClosesAt: fromLocalInput(values.registrationClosesAt),
    },
    context,
    options,
  );

const columns = (n: number) =>
  ({ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: `repeat(${n}, 1fr)` } }) as const;

/**
 * Creating or editing a workshop. A quota under the registered count comes back from the server under its field, saying
 * how many are registered.
 */
export function WorkshopDialog({
  workshop,
  schools,
  onClose,
  onSaved,
}: {
  workshop?: StaffWorkshop;
  schools: StaffSchool[];
  onClose: () => void;
  onSaved: (workshop: StaffWorkshop) => void;
}) {
  const { t } = useTranslation(['staff-workshops', 'common']);
  const windowHintId = useId();
  const save = useSaveWorkshop();
  const form = useForm<WorkshopInput, unknown, WorkshopBody>({ defaultValues: defaultsOf(workshop), resolver });

  return (
    <FormDialog
      title={workshop ? t('form.editTitle') : t('form.createTitle')}
      form={form}
      fields={fieldNames}
      onSave={async (body) => onSaved((await save.mutateAsync({ id: workshop?.id, body })).workshop)}
      onClose={onClose}
      isPending={save.isPending}
      submitLabel={workshop ? t('form.saveChanges') : t('form.create')}
      pendingLabel={t('form.saving')}
      failedText={t('form.failed')}
      maxWidth="sm"
    >
      <SchoolSelect
        control={form.control}
        name="schoolId"
        schools={schools}
        label={t('form.school')}
        placeholder={t('form.chooseSchool')}
      />
      <TextFieldElement name="title" control={form.control} label={t('form.title')} required />
      <Box sx={columns(3)}>
        <TextFieldElement name="date" control={form.control} label={t('form.date')} type="date" required />
        <TextFieldElement name="startHour" control={form.control} label={t('form.startHour')} type="time" required />
        <TextFieldElement name="endHour" control={form.control} label={t('form.endHour')} type="time" required />
      </Box>
      <TextFieldElement
        name="quota"
        control={form.control}
        label={t('form.quota')}
        type="number"
        asNumber
        required
        helperText={workshop ? t('form.quotaHintRegistered', { count: workshop.registered }) : t('form.quotaHint')}
      />
      <Box
        component="fieldset"
        aria-describedby={windowHintId}
        sx={{ border: 0, p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        <Box component="legend" sx={{ typography: 'subtitle2', mb: 0.5 }}>
          {t('form.window')}
        </Box>
        <FormHelperText id={windowHintId} sx={{ mt: -1 }}>
          {t('form.windowHint')}
        </FormHelperText>
        <Box sx={columns(2)}>
          <TextFieldElement
            name="registrationOpensAt"
            control={form.control}
            label={t('form.opensAt')}
            type="datetime-local"
          />
          <TextFieldElement
            name="registrationClosesAt"
            control={form.control}
            label={t('form.closesAt')}
            type="datetime-local"
          />
        </Box>
      </Box>
    </FormDialog>
  );
}
