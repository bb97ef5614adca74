import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { zodResolver } from '../../components/form/zod-resolver';
import { applicationTypes, relaunchMethods } from '@passerelle/contract/portal-rules';
import { trackingBody, type TrackingBody } from '@passerelle/contract/portal';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { useErrorText } from '../../components/use-error-text';
import { ApiError } from '../../lib/api-client';
import { useDeleteTracking, useSaveTracking, useTrackingEntry } from './api/tracking';
import { SelectInput, TextInput } from './components/form-fields';

const SEARCH_SCREEN = '/espace-admissible/recherche';

type FormValues = z.input<typeof trackingBody>;

const emptyValues: FormValues = {
  targetCompany: '',
  position: '',
  applicationDate: '',
  applicationType: null,
  contactLastName: null,
  contactFirstName: null,
  contactPosition: null,
  contactEmail: null,
  contactPhone: null,
  firstContactDate: null,
  interviewDate: null,
  relaunchDate: null,
  relaunchMethod: null,
  response: null,
  responseDate: null,
  offerLink: null,
};

const formFields = new Set<string>(Object.keys(emptyValues));

/** The id in the address: null for a new entry, NaN for nonsense (answered as not found). */
function parseId(raw: string | undefined): number | null {
  if (raw === undefined || raw === '') return null;
  return /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Box component="fieldset" aria-labelledby={titleId} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography id={titleId} component="legend" variant="h3" sx={{ fontSize: '1.05rem', mb: 2 }}>
        {title}
      </Typography>
      <Grid container columnSpacing={2} rowSpacing={0.5}>
        {children}
      </Grid>
    </Box>
  );
}

function Cell({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return <Grid size={{ xs: 12, sm: wide ? 12 : 6 }}>{children}</Grid>;
}

function TrackingForm({ id, initial }: { id: number | null; initial: FormValues }) {
  const { t } = useTranslation('tracking');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const save = useSaveTracking(id);
  const remove = useDeleteTracking(id ?? 0);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const form = useForm<FormValues, unknown, TrackingBody>({ resolver: zodResolver(trackingBody), defaultValues: initial, mode: 'onTouched' });
  const { control, handleSubmit, setError, setFocus } = form;
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = handleSubmit((body) => {
    setFormError(null);
    save.mutate(body, {
      onSuccess: () => void navigate(SEARCH_SCREEN, { state: { trackingSaved: id === null ? 'created' : 'updated' } }),
      onError: (error) => {
        const fieldErrors = error instanceof ApiError ? Object.entries(error.errors) : [];
        const known = fieldErrors
          .map(([path, messages]) => [path.replace(/^body\./, ''), messages.join(' ')] as const)
          .filter(([path]) => formFields.has(path));
        for (const [path, message] of known) setError(path as FieldPath<FormValues>, { type: 'server', message });
        if (known[0]) setFocus(known[0][0] as FieldPath<FormValues>);
        if (known.length === 0) setFormError(errorText(error));
      },
    });
  });

  function confirmDelete() {
    remove.mutate(undefined, {
      onSuccess: () => void navigate(SEARCH_SCREEN, { state: { trackingSaved: 'deleted' } }),
      onSettled: () => setConfirmingDelete(false),
    });
  }

  const applicationTypeOptions = [{ value: null, label: t('choose') }, ...applicationTypes.map((value) => ({ value, label: t(`applicationTypes.${value}`) }))];
  const relaunchOptions = [{ value: null, label: t('choose') }, ...relaunchMethods.map((value) => ({ value, label: t(`relaunchMethods.${value}`) }))];
  const responseOptions = [
    { value: null, label: t('responses.none') },
    { value: 1, label: t('responses.positive') },
    { value: 0, label: t('responses.negative') },
  ];

  return (
    <Box component="form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <Card>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 3, p: { xs: 2, sm: 3 } }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('requiredHint')}
          </Typography>
          <Section title={t('sections.application')}>
            <Cell>
              <TextInput control={control} name="targetCompany" label={t('fields.targetCompany')} required autoComplete="organization" maxLength={200} />
            </Cell>
            <Cell>
              <TextInput control={control} name="position" label={t('fields.position')} required autoComplete="off" maxLength={200} />
            </Cell>
            <Cell>
              <TextInput control={control} name="applicationDate" label={t('fields.applicationDate')} type="date" required />
            </Cell>
            <Cell>
              <SelectInput control={control} name="applicationType" label={t('fields.applicationType')} options={applicationTypeOptions} />
            </Cell>
            <Cell wide>
              <TextInput control={control} name="offerLink" label={t('fields.offerLink')} type="url" helperText={t('help.offerLink')} maxLength={2000} />
            </Cell>
          </Section>
          <Section title={t('sections.contact')}>
            <Cell>
              <TextInput control={control} name="contactLastName" label={t('fields.contactLastName')} autoComplete="off" maxLength={100} />
            </Cell>
            <Cell>
              <TextInput control={control} name="contactFirstName" label={t('fields.contactFirstName')} autoComplete="off" maxLength={100} />
            </Cell>
            <Cell wide>
              <TextInput control={control} name="contactPosition" label={t('fields.contactPosition')} autoComplete="off" maxLength={100} />
            </Cell>
            <Cell>
              <TextInput control={control} name="contactEmail" label={t('fields.contactEmail')} type="email" autoComplete="off" maxLength={254} />
            </Cell>
            <Cell>
              <TextInput control={control} name="contactPhone" label={t('fields.contactPhone')} type="tel" autoComplete="off" maxLength={20} />
            </Cell>
          </Section>
          <Section title={t('sections.followUp')}>
            <Cell>
              <TextInput control={control} name="firstContactDate" label={t('fields.firstContactDate')} type="date" />
            </Cell>
            <Cell>
              <TextInput control={control} name="interviewDate" label={t('fields.interviewDate')} type="date" />
            </Cell>
            <Cell>
              <TextInput control={control} name="relaunchDate" label={t('fields.relaunchDate')} type="date" />
            </Cell>
            <Cell>
              <SelectInput control={control} name="relaunchMethod" label={t('fields.relaunchMethod')} options={relaunchOptions} />
            </Cell>
          </Section>
          <Section title={t('sections.response')}>
            <Cell>
              <SelectInput control={control} name="response" label={t('fields.response')} options={responseOptions} />
            </Cell>
            <Cell>
              <TextInput control={control} name="responseDate" label={t('fields.responseDate')} type="date" />
            </Cell>
          </Section>
          {formError ? (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          ) : null}
          {remove.error ? (
            <Alert severity="error" role="alert">
              {errorText(remove.error)}
            </Alert>
          ) : null}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between', flexDirection: { xs: 'column-reverse', sm: 'row' } }}>
            {id !== null ? (
              <Button color="error" variant="outlined" startIcon={<DeleteOutline />} onClick={() => setConfirmingDelete(true)} disabled={save.isPending || remove.isPending}>
                {t('delete')}
              </Button>
            ) : (
              <span />
            )}
            <Box sx={{ display: 'flex', gap: 1, flexDirection: { xs: 'column-reverse', sm: 'row' } }}>
              <Button component={Link} to={SEARCH_SCREEN}>
                {t('cancel')}
              </Button>
              <Button type="submit" variant="contained" startIcon={<Save />} disabled={save.isPending || remove.isPending}>
                {save.isPending ? t('saving') : t('save')}
              </Button>
            </Box>
          </Box>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={isConfirmingDelete}
        title={t('confirmDeleteTitle')}
        message={t('confirmDelete')}
        onConfirm={confirmDelete}
        onClose={() => setConfirmingDelete(false)}
        isPending={remove.isPending}
        destructive
        confirmLabel={t('delete')}
      />
    </Box>
  );
}

/** SPEC "Tracking form": one application to an employer, new (no id) or edited. */
function TrackingFormPage() {
  const { t } = useTranslation('tracking');
  const params = useParams();
  const id = parseId(params['id']);
  const isValidId = id === null || Number.isInteger(id);
  const entry = useTrackingEntry(isValidId ? id : null);

  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [id]);

  let body: ReactNode;
  if (!isValidId) body = <ErrorState error={new ApiError(404, 'NOT_FOUND', 'Not found')} />;
  else if (id === null) body = <TrackingForm id={null} initial={emptyValues} />;
  else if (entry.isPending) body = <Skeleton variant="rounded" height={480} aria-label={t('loading')} />;
  else if (entry.isError) body = <ErrorState error={entry.error} onRetry={entry.error instanceof ApiError && entry.error.status === 404 ? undefined : () => void entry.refetch()} />;
  else {
    // suiviStatut is computed by the server from the answers: not a field of the form.
    const { id: entryId, suiviStatut: _computed, ...values } = entry.data;
    body = <TrackingForm key={entryId} id={entryId} initial={{ ...emptyValues, ...values }} />;
  }

  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <Button component={Link} to={SEARCH_SCREEN} startIcon={<ArrowBack />} sx={{ mb: 2 }}>
        {t('back')}
      </Button>
      <PageHeader title={id === null ? t('titleNew') : t('titleEdit')} subtitle={t('subtitle')} />
      {body}
    </Box>
  );
}

export { TrackingFormPage as Component };
