import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { schoolBody } from '@passerelle/contract/staff-formations';
import type { SchoolBody, StaffSchool } from '@passerelle/contract/staff-formations';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerErrors } from '../../../../components/form/server-errors';
import { TextFieldElement } from '../../../../components/form/text-field-element';
import { contractResolver } from '../../../../components/form/contract-resolver';
import { useErrorText } from '../../../../components/use-error-text';
import { useTranslation } from 'react-i18next';
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
  const errorText = useErrorText();
  const titleId = useId();
  const textId = useId();
  const save = useSaveSchool();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<SchoolBody>({
    defaultValues: { code: school?.code ?? '', name: school?.name ?? '' },
    resolver: contractResolver(schoolBody),
  });
  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      onSaved((await save.mutateAsync({ id: school?.id, body })).school);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['code', 'name'])) setFailure(error);
    }
  });
  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{school ? t('schools.editTitle') : t('schools.createTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <DialogContentText id={textId}>{t('schools.intro')}</DialogContentText>
          <TextFieldElement
            name="code"
            control={form.control}
            label={t('schools.code')}
            required
            helperText={t('schools.codeHint')}
          />
          <TextFieldElement name="name" control={form.control} label={t('schools.name')} required />
          {failure ? (
            <Alert severity="error" role="alert">
              {t('form.failed')} {errorText(failure)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? t('form.saving') : school ? t('form.saveChanges') : t('schools.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
