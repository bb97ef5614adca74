import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { smicRateForm } from '@passerelle/contract/rules/smic';
import type { SmicRate, SmicRateForm } from '@passerelle/contract/rules/salary';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerErrors } from '../../../../components/form/server-errors';
import { TextFieldElement } from '../../../../components/form/text-field-element';
import { contractResolver } from '../../../../components/form/contract-resolver';
import { useErrorText } from '../../../../components/use-error-text';
import { useTranslation } from 'react-i18next';
import { useSaveSmic } from '../api/smic';

/** The form's fields, flat and empty at first (the contract's `smicRateForm`): Mayotte's two amounts are given together or not at all. */
type SmicForm = SmicRateForm;

/** The API's body: the form's values once checked. */
function toRate({ mayotteMonthly, mayotteHourly, validFrom, monthly, hourly }: SmicForm): SmicRate {
  const rate = { validFrom, monthly: monthly ?? 0, hourly: hourly ?? 0 };
  return mayotteMonthly !== null && mayotteHourly !== null
    ? { ...rate, mayotte: { monthly: mayotteMonthly, hourly: mayotteHourly } }
    : rate;
}

/** Adding a SMIC value in force from a date (DOMAIN 1.6): the sheets read the value in force on a contract's start. */
export function SmicDialog({ onClose, onSaved }: { onClose: () => void; onSaved: (rate: SmicRate) => void }) {
  const { t } = useTranslation(['staff-references', 'common']);
  const errorText = useErrorText();
  const titleId = useId();
  const textId = useId();
  const save = useSaveSmic();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<SmicForm>({
    defaultValues: { validFrom: '', monthly: null, hourly: null, mayotteMonthly: null, mayotteHourly: null },
    resolver: contractResolver(smicRateForm),
  });
  const submit = form.handleSubmit(async (values) => {
    const rate = toRate(values);
    setFailure(null);
    try {
      await save.mutateAsync(rate);
      onSaved(rate);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['validFrom', 'monthly', 'hourly'])) setFailure(error);
    }
  });
  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="sm"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{t('smic.add.title')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <DialogContentText id={textId}>{t('smic.add.intro')}</DialogContentText>
          <TextFieldElement
            name="validFrom"
            control={form.control}
            label={t('smic.validFrom')}
            type="date"
            required
            helperText={t('smic.add.validFromHint')}
          />
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextFieldElement
              name="monthly"
              control={form.control}
              label={t('smic.monthly')}
              type="number"
              asNumber
              required
              helperText={t('smic.add.monthlyHint')}
            />
            <TextFieldElement
              name="hourly"
              control={form.control}
              label={t('smic.hourly')}
              type="number"
              asNumber
              required
              helperText={t('smic.add.hourlyHint')}
            />
          </Box>
          <Typography component="h3" variant="subtitle2">
            {t('smic.add.mayotte')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextFieldElement
              name="mayotteMonthly"
              control={form.control}
              label={t('smic.mayotteMonthly')}
              type="number"
              asNumber
            />
            <TextFieldElement
              name="mayotteHourly"
              control={form.control}
              label={t('smic.mayotteHourly')}
              type="number"
              asNumber
            />
          </Box>
          {failure ? (
            <Alert severity="error" role="alert">
              {t('smic.add.failed')} {errorText(failure)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? t('smic.add.saving') : t('smic.add.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
