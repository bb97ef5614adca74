import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import type { ReferenceTableName } from '@passerelle/contract/reference-tables';
import { useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextFieldElement } from '../../../components/form/text-field-element';
import { FormDialog } from '../components/form-dialog';
import { SourceField } from '../components/source-field';
import { useReplaceReferenceTable } from './api/reference-tables';

interface UploadForm {
  file: File | null;
  source: string;
  sourceDate: string;
}

/**
 * Loading a newer version of one reference table: its CSV, where it comes from and the date of its data. The server
 * checks every line and replaces the table whole, or refuses the file with the lines at fault under the file's field.
 */
export function ReferenceTableDialog({
  table,
  onClose,
  onSaved,
}: {
  table: ReferenceTableName;
  onClose: () => void;
  onSaved: (rowCount: number) => void;
}) {
  const { t } = useTranslation('staff-reference-tables');
  const replace = useReplaceReferenceTable();
  const inputRef = useRef<HTMLInputElement>(null);
  const fileHintId = useId();
  const form = useForm<UploadForm>({
    defaultValues: { file: null, source: '', sourceDate: '' },
    // Each missing answer said under its field; the server checks the file's lines and says which are wrong.
    resolver: (values) => {
      const errors: Partial<Record<keyof UploadForm, { type: string; message: string }>> = {};
      if (!values.file) errors.file = { type: 'required', message: t('upload.fileRequired') };
      if (values.source.trim().length < 3) errors.source = { type: 'required', message: t('upload.sourceRequired') };
      if (!/^\d{4}-\d{2}-\d{2}$/.test(values.sourceDate))
        errors.sourceDate = { type: 'required', message: t('upload.sourceDateRequired') };
      return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
    },
  });
  return (
    <FormDialog
      title={t('upload.title', { table: t(`tables.${table}.name`) })}
      intro={t(`tables.${table}.format`)}
      form={form}
      fields={['file', 'source', 'sourceDate']}
      onSave={async (values) => {
        const tables = await replace.mutateAsync({
          table,
          file: values.file as File,
          source: values.source.trim(),
          sourceDate: values.sourceDate,
        });
        onSaved(tables.find((entry) => entry.name === table)?.rowCount ?? 0);
      }}
      onClose={onClose}
      isPending={replace.isPending}
      submitLabel={t('upload.save')}
      pendingLabel={t('upload.saving')}
      failedText={t('upload.failed')}
      maxWidth="sm"
    >
      <Controller
        name="file"
        control={form.control}
        render={({ field, fieldState }) => (
          <Box>
            <input
              ref={inputRef}
              type="file"
              accept=".csv,text/csv,text/plain"
              tabIndex={-1}
              aria-hidden
              style={visuallyHidden}
              onChange={(event) => {
                field.onChange(event.target.files?.[0] ?? null);
                event.target.value = '';
              }}
            />
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                startIcon={<UploadFile />}
                onClick={() => inputRef.current?.click()}
                aria-describedby={fileHintId}
                aria-invalid={fieldState.error ? true : undefined}
              >
                {field.value ? t('upload.chooseOther') : t('upload.choose')}
              </Button>
              {field.value ? (
                <Typography sx={{ overflowWrap: 'anywhere' }}>
                  {t('upload.chosen', { name: field.value.name })}
                </Typography>
              ) : null}
            </Box>
            <FormHelperText id={fileHintId} error={Boolean(fieldState.error)} component="div" sx={{ mx: 0 }}>
              {fieldState.error?.message ?? t('upload.fileHint')}
            </FormHelperText>
          </Box>
        )}
      />
      <SourceField control={form.control} label={t('upload.source')} hint={t('upload.sourceHint')} />
      <TextFieldElement
        name="sourceDate"
        control={form.control}
        label={t('upload.sourceDate')}
        type="date"
        required
        helperText={t('upload.sourceDateHint')}
      />
    </FormDialog>
  );
}
