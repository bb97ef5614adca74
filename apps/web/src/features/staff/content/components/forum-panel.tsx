import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ForumBody } from '@passerelle/contract/staff-content';
import { useState, type FormEvent } from 'react';
import { ErrorState } from '../../../../components/error-state';
import { serverFieldMessage } from '../../../../components/form/server-errors';
import { useErrorText } from '../../../../components/use-error-text';
import { ApiError } from '../../../../lib/api-client';
import { useTranslation } from 'react-i18next';
import { useForum, useSaveForum } from '../api/content';

type Field = 'name' | 'date' | 'link';
const empty: ForumBody = { name: '', date: '', link: 'https://', active: true };

/** The search screen's forum card: shown to applicants only while the invitation is on. */
export function ForumPanel({ onFeedback }: { onFeedback: (message: string) => void }) {
  const { t } = useTranslation('staff-content');
  const query = useForum();
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <LinearProgress aria-label={t('loading')} />;
  return <ForumForm initial={query.data.forum ?? empty} onFeedback={onFeedback} />;
}

function ForumForm({ initial, onFeedback }: { initial: ForumBody; onFeedback: (message: string) => void }) {
  const { t } = useTranslation('staff-content');
  const errorText = useErrorText();
  const save = useSaveForum();
  const [draft, setDraft] = useState<ForumBody>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = (field: keyof ForumBody, value: string | boolean) =>
    setDraft((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const found: Partial<Record<Field, string>> = {};
    if (!draft.name.trim()) found.name = t('forum.nameRequired');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) found.date = t('forum.dateRequired');
    if (!/^https:\/\/[^\s/]+\.[^\s]+$/.test(draft.link.trim())) found.link = t('forum.linkInvalid');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { ...draft, name: draft.name.trim(), link: draft.link.trim() },
      {
        onSuccess: ({ forum: saved }) => onFeedback(saved?.active ? t('forum.savedShown') : t('forum.savedHidden')),
        onError: (error) => {
          const server = error instanceof ApiError ? error.errors : {};
          const placed = Object.fromEntries(
            (['name', 'date', 'link'] as const)
              .filter((f) => server[f])
              .map((f) => [f, serverFieldMessage(server[f] ?? [])]),
          );
          setErrors(placed);
          if (Object.keys(placed).length === 0) setFormError(errorText(error));
        },
      },
    );
  }

  return (
    <Paper
      component="form"
      variant="outlined"
      onSubmit={submit}
      noValidate
      aria-label={t('forum.title')}
      sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 720 }}
    >
      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
        {t('forum.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('forum.intro')}
      </Typography>
      <FormControlLabel
        control={<Switch checked={draft.active} onChange={(e) => set('active', e.target.checked)} />}
        label={t('forum.active')}
      />
      <TextField
        required
        label={t('forum.name')}
        value={draft.name}
        onChange={(e) => set('name', e.target.value)}
        error={Boolean(errors.name)}
        helperText={errors.name ?? ' '}
      />
      <TextField
        required
        type="date"
        label={t('forum.date')}
        value={draft.date}
        onChange={(e) => set('date', e.target.value)}
        error={Boolean(errors.date)}
        helperText={errors.date ?? ' '}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        required
        label={t('forum.link')}
        value={draft.link}
        inputMode="url"
        onChange={(e) => set('link', e.target.value)}
        error={Boolean(errors.link)}
        helperText={errors.link ?? t('forum.linkHint')}
      />
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      <Box>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('actions.save')}
        </Button>
      </Box>
    </Paper>
  );
}
