import Upload from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StaffPublicFile } from '@passerelle/contract/staff-content';
import { useId, useRef, useState, type FormEvent } from 'react';
import { serverFieldMessage } from '../../../../components/form/server-errors';
import { useErrorText } from '../../../../components/use-error-text';
import { ApiError } from '../../../../lib/api-client';
import { useTranslation } from 'react-i18next';
import {
  useDeletePublicFile,
  useOrderPublicFiles,
  usePublicFiles,
  useRenamePublicFile,
  useUploadPublicFile,
} from '../api/content';
import { OrderedList } from './ordered-list';
import { TextFieldDialog } from './text-field-dialog';

const kilobytes = (size: number) => Math.max(1, Math.round(size / 1024));

function fieldMessage(error: unknown, field: string): string | undefined {
  const messages = error instanceof ApiError ? error.errors[field] : undefined;
  return messages ? serverFieldMessage(messages) : undefined;
}

function UploadForm({ onDone }: { onDone: (name: string) => void }) {
  const { t } = useTranslation('staff-content');
  const errorText = useErrorText();
  const upload = useUploadPublicFile();
  const inputRef = useRef<HTMLInputElement>(null);
  const fileLabelId = useId();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setMissing(true);
      return;
    }
    upload.mutate(
      { file, name },
      {
        onSuccess: ({ file: stored }) => {
          setName('');
          setFile(null);
          if (inputRef.current) inputRef.current.value = '';
          onDone(stored.name);
        },
      },
    );
  }

  const fileError = missing ? t('files.fileRequired') : fieldMessage(upload.error, 'file');
  const otherError = upload.error && !fileError && !fieldMessage(upload.error, 'name') ? errorText(upload.error) : null;
  return (
    <Paper
      component="form"
      variant="outlined"
      onSubmit={submit}
      noValidate
      aria-label={t('files.addTitle')}
      sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
        {t('files.addTitle')}
      </Typography>
      <Box>
        <Typography
          id={fileLabelId}
          component="label"
          htmlFor={`${fileLabelId}-input`}
          variant="body2"
          sx={{ display: 'block', fontWeight: 600, mb: 0.5 }}
        >
          {t('files.file')}
        </Typography>
        <input
          id={`${fileLabelId}-input`}
          ref={inputRef}
          type="file"
          accept="application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg"
          aria-describedby={`${fileLabelId}-help`}
          aria-invalid={fileError ? true : undefined}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setMissing(false);
          }}
        />
        <Typography
          id={`${fileLabelId}-help`}
          variant="body2"
          sx={{ color: fileError ? 'error.main' : 'text.secondary', mt: 0.5 }}
        >
          {fileError ?? t('files.fileHint')}
        </Typography>
      </Box>
      <TextField
        label={t('files.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(fieldMessage(upload.error, 'name'))}
        helperText={fieldMessage(upload.error, 'name') ?? t('files.nameHint')}
      />
      {otherError ? <Alert severity="error">{otherError}</Alert> : null}
      <Box>
        <Button type="submit" variant="contained" startIcon={<Upload />} disabled={upload.isPending}>
          {upload.isPending ? t('files.uploading') : t('files.upload')}
        </Button>
      </Box>
    </Paper>
  );
}

function RenameDialog({
  file,
  onClose,
  onDone,
}: {
  file: StaffPublicFile;
  onClose: () => void;
  onDone: (name: string) => void;
}) {
  const { t } = useTranslation('staff-content');
  const rename = useRenamePublicFile();
  return (
    <TextFieldDialog
      title={t('files.renameTitle')}
      name="name"
      label={t('files.name')}
      initialValue={file.name}
      hint={t('files.nameShown')}
      submitLabel={t('actions.save')}
      check={(name) => (name ? null : t('files.nameRequired'))}
      onSubmit={async (name) => onDone((await rename.mutateAsync({ id: file.id, name })).file.name)}
      onCancel={onClose}
      isPending={rename.isPending}
    />
  );
}

/** The home's documents card: the files every applicant may download, in the order shown. */
export function PublicFilesPanel({ onFeedback }: { onFeedback: (message: string) => void }) {
  const { t } = useTranslation('staff-content');
  const errorText = useErrorText();
  const query = usePublicFiles();
  const order = useOrderPublicFiles();
  const remove = useDeletePublicFile();
  const [renaming, setRenaming] = useState<StaffPublicFile | null>(null);
  const list = query.data?.files ?? [];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <UploadForm onDone={(name) => onFeedback(t('files.uploaded', { name }))} />
      <Paper variant="outlined" component="section" aria-label={t('files.listTitle')} sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
          {t('files.listTitle')}
        </Typography>
        <OrderedList
          query={query}
          items={list}
          nameOf={(file) => file.name}
          section="files"
          isOrdering={order.isPending}
          orderError={order.error ? (fieldMessage(order.error, 'ids') ?? errorText(order.error)) : null}
          onOrder={(next) => order.mutate(next)}
          onEdit={setRenaming}
          isRemoving={remove.isPending}
          onRemove={(file, done) =>
            remove.mutate(file.id, {
              onSuccess: () => onFeedback(t('files.removed', { name: file.name })),
              onSettled: done,
            })
          }
        >
          {(file) => (
            <>
              <Typography component="h3" sx={{ fontWeight: 600, fontSize: '1rem' }}>
                {file.name}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('files.meta', {
                  type:
                    file.contentType === 'application/pdf'
                      ? 'PDF'
                      : file.contentType.replace('image/', '').toUpperCase(),
                  size: kilobytes(file.size),
                })}
              </Typography>
            </>
          )}
        </OrderedList>
      </Paper>
      {renaming ? (
        <RenameDialog
          file={renaming}
          onClose={() => setRenaming(null)}
          onDone={(name) => {
            setRenaming(null);
            onFeedback(t('files.renamed', { name }));
          }}
        />
      ) : null}
    </Box>
  );
}
