import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { formationBody } from '@passerelle/contract/staff-formations';
import { formationContractTypes } from '@passerelle/contract/formation-contract-types';
import type {
  FormationBody,
  FormationContractType,
  FormationInput,
  StaffFormation,
  StaffSchool,
} from '@passerelle/contract/staff-formations';
import { useId } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { TextFieldElement } from '../../../../components/form/text-field-element';
import { contractResolver } from '../../../../components/form/contract-resolver';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { SchoolSelect } from '../../components/school-select';
import { useSaveFormation } from '../api/formations';

const fieldNames = [
  'schoolId',
  'libelle',
  'code',
  'level',
  'year',
  'contractTypes',
  'trainingStart',
  'trainingEnd',
  'proStartAfter',
  'proEndBefore',
  'rncp',
  'rncpEndDate',
  'codeDiplome',
  'hours',
  'remoteHours',
  'rncpLevel',
] as const;

function defaultsOf(formation: StaffFormation | undefined, schoolId: number | undefined): FormationInput {
  if (!formation) {
    return {
      schoolId: schoolId ?? '',
      libelle: '',
      code: '',
      level: null,
      year: new Date().getFullYear(),
      contractTypes: ['APP'],
      trainingStart: '',
      trainingEnd: '',
      proStartAfter: '',
      proEndBefore: '',
      rncp: '',
      rncpEndDate: '',
      codeDiplome: '',
      hours: null,
      remoteHours: null,
      rncpLevel: null,
    };
  }
  return {
    schoolId: formation.school.id,
    libelle: formation.libelle,
    code: formation.code ?? '',
    level: formation.level,
    year: formation.year,
    contractTypes: formation.contractTypes,
    trainingStart: formation.trainingStart,
    trainingEnd: formation.trainingEnd,
    proStartAfter: formation.proStartAfter ?? '',
    proEndBefore: formation.proEndBefore ?? '',
    rncp: formation.rncp ?? '',
    rncpEndDate: formation.rncpEndDate ?? '',
    codeDiplome: formation.codeDiplome ?? '',
    hours: formation.hours,
    remoteHours: formation.remoteHours,
    rncpLevel: formation.rncpLevel,
  };
}

function ContractTypesField({ control }: { control: Control<FormationInput> }) {
  const { t } = useTranslation('staff-formations');
  const helperId = useId();
  const { field, fieldState } = useController({ name: 'contractTypes', control });
  const selected: FormationContractType[] = Array.isArray(field.value) ? field.value : [];
  const toggle = (type: FormationContractType, checked: boolean) =>
    field.onChange(formationContractTypes.filter((each) => (each === type ? checked : selected.includes(each))));
  return (
    <FormControl component="fieldset" required error={Boolean(fieldState.error)}>
      <FormLabel component="legend">{t('form.contractTypes')}</FormLabel>
      <FormGroup row>
        {formationContractTypes.map((type, index) => (
          <FormControlLabel
            key={type}
            label={t(`contractTypes.${type}`)}
            control={
              <Checkbox
                checked={selected.includes(type)}
                onChange={(event) => toggle(type, event.target.checked)}
                onBlur={field.onBlur}
                name={`contractTypes.${type}`}
                slotProps={{ input: { ref: index === 0 ? field.ref : undefined, 'aria-describedby': helperId } }}
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText id={helperId}>{fieldState.error?.message ?? t('form.contractTypesHint')}</FormHelperText>
    </FormControl>
  );
}

const twoColumns = { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** A start and an end date side by side, both required; their labels are `form.<name>`. */
function DatePair({
  control,
  names,
}: {
  control: Control<FormationInput>;
  names: ['trainingStart' | 'proStartAfter', 'trainingEnd' | 'proEndBefore'];
}) {
  const { t } = useTranslation('staff-formations');
  return (
    <Box sx={twoColumns}>
      {names.map((name) => (
        <TextFieldElement key={name} name={name} control={control} label={t(`form.${name}`)} type="date" required />
      ))}
    </Box>
  );
}

/** A number field labelled `form.<name>`, its hint `form.<name>Hint` under it until the field's message replaces it. */
function NumberField({
  control,
  name,
  required = false,
}: {
  control: Control<FormationInput>;
  name: 'level' | 'year' | 'hours' | 'remoteHours' | 'rncpLevel';
  required?: boolean;
}) {
  const { t } = useTranslation('staff-formations');
  return (
    <TextFieldElement
      name={name}
      control={control}
      label={t(`form.${name}`)}
      type="number"
      asNumber
      required={required}
      helperText={t(`form.${name}Hint`)}
    />
  );
}

/**
 * Creating or editing a formation. The form checks with the API's own schema; a taken code (409) or an unknown school
 * comes back under its field. The professionalisation bounds show only while PRO is offered.
 */
export function FormationDialog({
  formation,
  schools,
  schoolId,
  onClose,
  onSaved,
}: {
  formation?: StaffFormation;
  schools: StaffSchool[];
  /** The school a new formation starts in (the section its button was in). */
  schoolId?: number;
  onClose: () => void;
  onSaved: (formation: StaffFormation) => void;
}) {
  const { t } = useTranslation(['staff-formations', 'common']);
  const save = useSaveFormation();
  const form = useForm<FormationInput, unknown, FormationBody>({
    defaultValues: defaultsOf(formation, schoolId),
    resolver: contractResolver(formationBody),
  });
  const contractTypes = useWatch({ control: form.control, name: 'contractTypes' });
  const offersPro = Array.isArray(contractTypes) && contractTypes.includes('PRO');

  return (
    <FormDialog
      title={formation ? t('form.editTitle') : t('form.createTitle')}
      form={form}
      fields={fieldNames}
      onSave={async (body) => onSaved((await save.mutateAsync({ id: formation?.id, body })).formation)}
      onClose={onClose}
      isPending={save.isPending}
      submitLabel={formation ? t('form.saveChanges') : t('form.create')}
      pendingLabel={t('form.saving')}
      failedText={t('form.failed')}
    >
      <SchoolSelect
        control={form.control}
        name="schoolId"
        schools={schools}
        label={t('form.school')}
        placeholder={t('form.chooseSchool')}
      />
      <TextFieldElement
        name="libelle"
        control={form.control}
        label={t('form.libelle')}
        required
        helperText={t('form.libelleHint')}
      />
      <Box sx={{ ...twoColumns, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        <TextFieldElement name="code" control={form.control} label={t('form.code')} helperText={t('form.codeHint')} />
        <NumberField control={form.control} name="level" required />
        <NumberField control={form.control} name="year" required />
      </Box>
      <ContractTypesField control={form.control} />
      <DatePair control={form.control} names={['trainingStart', 'trainingEnd']} />
      {offersPro ? (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Box component="legend" sx={{ typography: 'subtitle2', mb: 0.5 }}>
            {t('form.proBounds')}
          </Box>
          <FormHelperText sx={{ mt: -1 }}>{t('form.proBoundsHint')}</FormHelperText>
          <DatePair control={form.control} names={['proStartAfter', 'proEndBefore']} />
        </Box>
      ) : null}
      <Box sx={twoColumns}>
        <TextFieldElement name="rncp" control={form.control} label={t('form.rncp')} helperText={t('form.rncpHint')} />
        <TextFieldElement
          name="rncpEndDate"
          control={form.control}
          label={t('form.rncpEndDate')}
          type="date"
          helperText={t('form.rncpEndDateHint')}
        />
        <TextFieldElement name="codeDiplome" control={form.control} label={t('form.codeDiplome')} />
        <NumberField control={form.control} name="hours" />
      </Box>
      <Box sx={twoColumns}>
        <NumberField control={form.control} name="remoteHours" />
        <NumberField control={form.control} name="rncpLevel" />
      </Box>
    </FormDialog>
  );
}
