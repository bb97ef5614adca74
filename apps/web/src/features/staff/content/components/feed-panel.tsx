import Save from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Language } from '@passerelle/contract';
import type { CmsSectionName } from '@passerelle/contract/staff-content';
import { CMS_HTML_MAX, CMS_TITLE_MAX } from '@passerelle/contract/staff-content-limits';
import { useEffect, useId, useState, type ComponentType, type FormEvent } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { ErrorState } from '../../../../components/error-state';
import { serverFieldMessage } from '../../../../components/form/server-errors';
import { useErrorText } from '../../../../components/use-error-text';
import { ApiError } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/date-format';
import { useTranslation } from 'react-i18next';
import { useCmsSection, useSaveCmsSection } from '../api/content';
import { RichTextEditor } from './rich-text-editor';

/** The applicant's own card for a section, given by the route (features do not import each other). */
export type CmsPreview = ComponentType<{ section: CmsSectionName; title: string; html: string; lang: Language }>;

/** The feed's sections in the order of the portal's screens; the contract's `cmsSectionNames`, without loading zod. */
const sectionNames = [
  'news',
  'information',
  'links',
  'platforms',
  'coaching',
  'process',
] as const satisfies readonly CmsSectionName[];
// Fails to compile when the contract gains a section this list lacks.
const hasEverySection: Exclude<CmsSectionName, (typeof sectionNames)[number]> extends never ? true : never = true;

type Target = { section: CmsSectionName; lang: Language };
type FieldErrors = Partial<Record<'title' | 'text', string>>;

function checkDraft(title: string, html: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!title.trim()) errors.title = 'required';
  else if (title.trim().length > CMS_TITLE_MAX) errors.title = 'titleTooLong';
  if (html.length > CMS_HTML_MAX) errors.text = 'textTooLong';
  return errors;
}

/** One section in one language: the editor, the applicant's view of it, and saving with an unsaved-change guard. */
export function FeedPanel({ Preview }: { Preview: CmsPreview }) {
  const { t, i18n } = useTranslation('staff-content');
  const errorText = useErrorText();
  const [target, setTarget] = useState<Target>({
    section: 'news',
    lang: i18n.language.startsWith('en') ? 'en-US' : 'fr-FR',
  });
  const [pending, setPending] = useState<Target | null>(null);
  const query = useCmsSection(target.section, target.lang);
  const save = useSaveCmsSection();
  // What staff typed, for the section and language it was typed in; none means the saved text.
  const [draft, setDraft] = useState<{ key: string; title: string; html: string } | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const previewId = useId();

  const data = query.data;
  const key = `${target.section}-${target.lang}`;
  const current = draft?.key === key ? draft : null;
  const title = current?.title ?? data?.title ?? '';
  const html = current?.html ?? data?.text ?? '';
  const edit = (change: { title?: string; html?: string }) => {
    setSavedAt(null);
    setDraft({ key, title, html, ...change });
  };

  const isDirty = Boolean(data && current) && (title !== data?.title || html !== data?.text);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  function choose(next: Target) {
    if (next.section === target.section && next.lang === target.lang) return;
    if (isDirty) setPending(next);
    else switchTo(next);
  }

  function switchTo(next: Target) {
    setPending(null);
    setDraft(null);
    setErrors({});
    setSavedAt(null);
    setFormError(null);
    setTarget(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSavedAt(null);
    setFormError(null);
    const found = checkDraft(title, html);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { ...target, body: { title: title.trim(), text: html } },
      {
        onSuccess: (saved) => {
          // What the server kept (cleaned, now in the query's cache) is what the editor and the preview show.
          setDraft(null);
          setSavedAt(saved.updatedAt);
        },
        onError: (error) => {
          if (error instanceof ApiError && (error.errors['title'] || error.errors['text'])) {
            setErrors({
              title: error.errors['title'] ? serverFieldMessage(error.errors['title']) : undefined,
              text: error.errors['text'] ? serverFieldMessage(error.errors['text']) : undefined,
            });
          } else setFormError(errorText(error));
        },
      },
    );
  }

  const fieldError = (field: keyof FieldErrors) => {
    const value = errors[field];
    if (!value) return undefined;
    const local: Record<string, string> = {
      required: t('feed.titleRequired'),
      titleTooLong: t('feed.titleTooLong', { max: CMS_TITLE_MAX }),
      textTooLong: t('feed.textTooLong', { max: CMS_HTML_MAX }),
    };
    return local[value] ?? value;
  };
  const sectionLabel = (name: CmsSectionName) => t(`sections.${name}`);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          select
          label={t('feed.section')}
          value={target.section}
          onChange={(event) => choose({ ...target, section: event.target.value as CmsSectionName })}
          sx={{ minWidth: 240 }}
          size="small"
          // The browser's own list: lighter than a menu, and as usable with a keyboard and a screen reader.
          slotProps={{ select: { native: true } }}
        >
          {hasEverySection
            ? sectionNames.map((name) => (
                <option key={name} value={name}>
                  {sectionLabel(name)}
                </option>
              ))
            : null}
        </TextField>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={target.lang}
          aria-label={t('feed.language')}
          // The default grey of an unselected button is just under AA contrast on this background.
          sx={{ '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
          onChange={(_event, lang: Language | null) => {
            if (lang) choose({ ...target, lang });
          }}
        >
          <ToggleButton value="fr-FR" lang="fr">
            {t('feed.french')}
          </ToggleButton>
          <ToggleButton value="en-US" lang="en">
            {t('feed.english')}
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>

      {query.error ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isPending ? <LinearProgress aria-label={t('loading')} /> : null}
      {data ? (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
            gap: 3,
            alignItems: 'start',
          }}
        >
          <Paper
            component="form"
            variant="outlined"
            onSubmit={submit}
            noValidate
            aria-label={t('feed.formLabel', {
              section: sectionLabel(target.section),
              language: t(target.lang === 'fr-FR' ? 'feed.french' : 'feed.english'),
            })}
            sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}
          >
            <TextField
              label={t('feed.title')}
              value={title}
              required
              onChange={(event) => edit({ title: event.target.value })}
              error={Boolean(errors.title)}
              helperText={fieldError('title') ?? t('feed.titleHint')}
              slotProps={{ htmlInput: { maxLength: CMS_TITLE_MAX + 20 } }}
            />
            <RichTextEditor
              key={`${target.section}-${target.lang}`}
              label={t('feed.text')}
              initialHtml={data.text}
              onChange={(value) => edit({ html: value })}
              error={fieldError('text')}
            />
            <Box role="status" aria-live="polite">
              {savedAt ? <Alert severity="success">{t('feed.saved', { date: formatDateTime(savedAt) })}</Alert> : null}
              {!savedAt && isDirty ? (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('feed.unsaved')}
                </Typography>
              ) : null}
            </Box>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button type="submit" variant="contained" startIcon={<Save />} disabled={save.isPending}>
                {save.isPending ? t('feed.saving') : t('feed.save')}
              </Button>
            </Box>
          </Paper>
          <Box component="section" aria-labelledby={previewId}>
            <Typography id={previewId} variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 0.5 }}>
              {t('feed.preview')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
              {t('feed.previewHint')}
            </Typography>
            {html.trim() ? (
              <Box lang={target.lang === 'fr-FR' ? 'fr' : 'en'}>
                <Preview section={target.section} title={title} html={html} lang={target.lang} />
              </Box>
            ) : (
              <Alert severity="info">{t('feed.previewEmpty')}</Alert>
            )}
          </Box>
        </Box>
      ) : null}

      <ConfirmDialog
        open={pending !== null || blocker.state === 'blocked'}
        title={t('feed.leaveTitle')}
        message={t('feed.leaveMessage')}
        confirmLabel={t('feed.leaveConfirm')}
        cancelLabel={t('feed.leaveCancel')}
        destructive
        onConfirm={() => {
          if (pending) switchTo(pending);
          else blocker.proceed?.();
        }}
        onClose={() => {
          setPending(null);
          blocker.reset?.();
        }}
      />
    </Box>
  );
}
