import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { smicRateForm } from '@passerelle/contract/rules/smic';
import type { SmicRate, SmicRateForm } from '@passerelle/contract/rules/salary';
import { useForm, type Control } from 'react-hook-form';
import { TextFieldElement } from '../../../../components/form/text-field-element';
import { contractResolver } from '../../../../components/form/contract-resolver';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { SourceField } from '../../components/source-field';
import { useSaveSmic } from '../api/smic';

/** The form's fields, flat and empty at first (the contract's `smicRateForm`): Mayotte's two amounts are given together or not at all. */
type SmicForm = SmicRateForm;

/** The API's body: the form's values once checked. */
function toRate({ mayotteMonthly, mayotteHourly, validFrom, monthly, hourly, source }: SmicForm): SmicRate {
  const rate = { validFrom, monthly: monthly ?? 0, hourly: hourly ?? 0, source };
  return mayotteMonthly !== null && mayotteHourly !== null
    ? { ...rate, mayotte: { monthly: mayotteMonthly, hourly: mayotteHourly } }
    : rate;
}

const twoColumns = { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** One of the four amounts, labelled `smic.<name>`; the metropolitan two are required and say what they hold. */
function AmountField({
  control,
  name,
}: {
  control: Control<SmicForm>;
  name: 'monthly' | 'hourly' | 'mayotteMonthly' | 'mayotteHourly';
}) {
  const { t } = useTranslation('staff-references');
  const isRequired = name === 'monthly' || name === 'hourly';
  return (
    <TextFieldElement
      name={name}
      control={control}
      label={t(`smic.${name}`)}
      type="number"
      asNumber
      required={isRequired}
      helperText={isRequired ? t(`smic.add.${name}Hint`) : undefined}
    />
  );
}

/** Adding a SMIC value in force from a date (DOMAIN 1.6): the sheets read the value in force on a contract's start. */
export function SmicDialog({ onClose, onSaved }: { onClose: () => void; onSaved: (rate: SmicRate) => void }) {
  const { t } = useTranslation(['staff-references', 'common']);
  const save = useSaveSmic();
  const form = useForm<SmicForm>({
    defaultValues: {
      validFrom: '',
      monthly: null,
      hourly: null,
      mayotteMonthly: null,
      mayotteHourly: null,
      source: '',
    },
    resolver: contractResolver(smicRateForm),
  });
  return (
    <FormDialog
      title={t('smic.add.title')}
      intro={t('smic.add.intro')}
      form={form}
      fields={['validFrom', 'monthly', 'hourly', 'source']}
      onSave={async (values) => {
        const rate = toRate(values);
        await save.mutateAsync(rate);
        onSaved(rate);
      }}
      onClose={onClose}
      isPending={save.isPending}
      submitLabel={t('smic.add.save')}
      pendingLabel={t('smic.add.saving')}
      failedText={t('smic.add.failed')}
      maxWidth="sm"
    >
      <TextFieldElement
        name="validFrom"
        control={form.control}
        label={t('smic.validFrom')}
        type="date"
        required
        helperText={t('smic.add.validFromHint')}
      />
      <Box sx={twoColumns}>
        <AmountField control={form.control} name="monthly" />
        <AmountField control={form.control} name="hourly" />
      </Box>
      <SourceField control={form.control} label={t('smic.add.source')} hint={t('smic.add.sourceHint')} />
      <Typography component="h3" variant="subtitle2">
        {t('smic.add.mayotte')}
      </Typography>
      <Box sx={twoColumns}>
        <AmountField control={form.control} name="mayotteMonthly" />
        <AmountField control={form.control} name="mayotteHourly" />
      </Box>
    </FormDialog>
  );
}
