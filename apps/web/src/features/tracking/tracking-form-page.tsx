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
import { contractResolver } from '../../components/form/contract-resolver';
import { applicationTypes, relaunchMethods } from '@passerelle/contract/portal-rules';
import { trackingBody, type TrackingBody } from '@passerelle/contract/portal';
import { todayIso } from '@passerelle/contract/rules/dates';
import { typedMaxLength } from '@passerelle/contract/rules/schemas';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { Link, useBlocker, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorState } from '../../components/error-state';
import { serverFieldMessage } from '../../components/form/server-errors';
import { PageHeader } from '../../components/page-header';
import { useErrorText } from '../../components/use-error-text';
import { ApiError } from '../../lib/api-client';
import { rememberReturnPath, useAuth } from '../../lib/auth-store';
import { useTranslation } from 'react-i18next';
import {
  clearPendingTracking,
  keepPendingTracking,
  takePendingTracking,
  readPendingTracking,
  TRACKING_FORM_PATH,
} from '../../lib/pending-tracking';
import { useDeleteTracking, useSaveTracking, useTrackingEntry } from './api/tracking';
import { SelectInput, TextInput, type SelectOption } from './components/form-fields';

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
const isFormField = (path: string): path is FieldPath<FormValues> => formFields.has(path);
type FieldName = keyof FormValues;
type TextFieldProps = Pick<
  Parameters<typeof TextInput<FormValues>>[0],
  'required' | 'helperText' | 'type' | 'autoComplete' | 'maxLength' | 'max'
> & { wide?: boolean };

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

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/** Loaded when a visitor saves: most people filling the form are signed in. */
const SignInToSave = lazy(() => import('./components/sign-in-to-save'));

function TrackingForm({
  id,
  initial,
  saveAtOnce = false,
}: {
  id: number | null;
  initial: FormValues;
  saveAtOnce?: boolean;
}) {
  const { t } = useTranslation('tracking');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { token, user } = useAuth();
  const isApplicant = Boolean(token) && user?.userType === 'admissible';
  const save = useSaveTracking(id);
  const remove = useDeleteTracking(id ?? 0);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const [isAskingSignIn, setAskingSignIn] = useState(false);
  const form = useForm<FormValues, unknown, TrackingBody>({
    resolver: contractResolver(trackingBody),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { control, handleSubmit, setError, setFocus, formState } = form;
  const [formError, setFormError] = useState<string | null>(null);
  // Leaving is allowed once the entry is on its way (a 401 then goes to sign-in with the entry kept) or deleted.
  const isLeaving = useRef(false);
  const { isDirty } = formState;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !isLeaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  const today = todayIso();

  function send(body: TrackingBody) {
    setFormError(null);
    // Kept until the server has it: a visitor signs in first, and an ended session loses nothing. The copy being sent
    // after sign-in was taken out first, so that another tab open on the form cannot send it a second time.
    if (id === null && !isSendingKept.current) keepPendingTracking(body);
    isSendingKept.current = false;
    if (!isApplicant) {
      rememberReturnPath(TRACKING_FORM_PATH);
      // Kept on this device: the visitor may leave for their mailbox without being asked.
      isLeaving.current = true;
      setAskingSignIn(true);
      return;
    }
    isLeaving.current = true;
    save.mutate(body, {
      onSuccess: () => {
        clearPendingTracking();
        void navigate(SEARCH_SCREEN, { state: { trackingSaved: id === null ? 'created' : 'updated' } });
      },
      onError: (error) => {
        if (isUnauthorized(error)) {
          if (id === null) keepPendingTracking(body);
          return;
        }
        isLeaving.current = false;
        clearPendingTracking();
        const fieldErrors = error instanceof ApiError ? Object.entries(error.errors) : [];
        const known = fieldErrors
          .map(([path, messages]) => [path.replace(/^body\./, ''), serverFieldMessage(messages)] as const)
          .filter((entry): entry is readonly [FieldPath<FormValues>, string] => isFormField(entry[0]));
        for (const [path, message] of known) setError(path, { type: 'server', message });
        if (known[0]) setFocus(known[0][0]);
        if (known.length === 0) setFormError(errorText(error));
      },
    });
  }

  // After sign-in, the entry kept for the visitor is sent at once (once, even under StrictMode), by the one tab that
  // takes it out of storage.
  const hasSavedAtOnce = useRef(false);
  const isSendingKept = useRef(false);
  useEffect(() => {
    if (!saveAtOnce || !isApplicant || hasSavedAtOnce.current) return;
    hasSavedAtOnce.current = true;
    if (!takePendingTracking()) return;
    isSendingKept.current = true;
    void handleSubmit(send)();
  });

  const signInId = useId();
  useEffect(() => {
    if (isAskingSignIn) document.getElementById(signInId)?.scrollIntoView?.({ block: 'center' });
  }, [isAskingSignIn, signInId]);

  function confirmDelete() {
    isLeaving.current = true;
    remove.mutate(undefined, {
      onSuccess: () => void navigate(SEARCH_SCREEN, { state: { trackingSaved: 'deleted' } }),
      onError: () => {
        isLeaving.current = false;
      },
      onSettled: () => setConfirmingDelete(false),
    });
  }

  const applicationTypeOptions = [
    { value: null, label: t('choose') },
    ...applicationTypes.map((value) => ({ value, label: t(`applicationTypes.${value}`) })),
  ];
  const relaunchOptions = [
    { value: null, label: t('choose') },
    ...relaunchMethods.map((value) => ({ value, label: t(`relaunchMethods.${value}`) })),
  ];
  const responseOptions = [
    { value: null, label: t('responses.none') },
    { value: 1, label: t('responses.positive') },
    { value: 0, label: t('responses.negative') },
  ];

  /** A text, date, e-mail, phone or URL input labelled `fields.<name>`, in its cell (a whole row when `wide`). */
  const text = (name: FieldName, { wide = false, ...props }: TextFieldProps = {}) => (
    <Cell wide={wide}>
      <TextInput control={control} name={name} label={t(`fields.${name}`)} {...props} />
    </Cell>
  );
  const select = (name: FieldName, options: SelectOption[]) => (
    <Cell>
      <SelectInput control={control} name={name} label={t(`fields.${name}`)} options={options} />
    </Cell>
  );

  return (
    <Box>
      <Box component="form" onSubmit={(event) => void handleSubmit(send)(event)} noValidate>
        <Card>
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 3, p: { xs: 2, sm: 3 } }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('requiredHint')}
            </Typography>
            <Section title={t('sections.application')}>
              {text('targetCompany', { required: true, autoComplete: 'organization', maxLength: 200 })}
              {text('position', { required: true, autoComplete: 'off', maxLength: 200 })}
              {text('applicationDate', { type: 'date', required: true, max: today })}
              {select('applicationType', applicationTypeOptions)}
              {text('offerLink', { wide: true, type: 'url', helperText: t('help.offerLink'), maxLength: 2000 })}
            </Section>
            <Section title={t('sections.contact')}>
              {text('contactLastName', { autoComplete: 'off', maxLength: 100 })}
              {text('contactFirstName', { autoComplete: 'off', maxLength: 100 })}
              {text('contactPosition', { wide: true, autoComplete: 'off', maxLength: 100 })}
              {text('contactEmail', { type: 'email', autoComplete: 'off', maxLength: 254 })}
              {text('contactPhone', { type: 'tel', autoComplete: 'off', maxLength: typedMaxLength(20) })}
            </Section>
            <Section title={t('sections.followUp')}>
              {text('firstContactDate', { type: 'date', max: today })}
              {text('interviewDate', { type: 'date' })}
              {text('relaunchDate', { type: 'date' })}
              {select('relaunchMethod', relaunchOptions)}
            </Section>
            <Section title={t('sections.response')}>
              {select('response', responseOptions)}
              {text('responseDate', { type: 'date', max: today })}
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
            <Box
              sx={{
                display: 'flex',
                gap: 1,
                flexWrap: 'wrap',
                justifyContent: 'space-between',
                flexDirection: { xs: 'column-reverse', sm: 'row' },
              }}
            >
              {id !== null ? (
                <Button
                  color="error"
                  variant="outlined"
                  startIcon={<DeleteOutline />}
                  onClick={() => setConfirmingDelete(true)}
                  disabled={save.isPending || remove.isPending}
                >
                  {t('delete')}
                </Button>
              ) : (
                <span />
              )}
              <Box sx={{ display: 'flex', gap: 1, flexDirection: { xs: 'column-reverse', sm: 'row' } }}>
                <Button
                  component={Link}
                  to={SEARCH_SCREEN}
                  onClick={() => {
                    if (id === null && !isDirty) clearPendingTracking();
                  }}
                >
                  {t('cancel')}
                </Button>
                <Button
                  type="submit"
                  variant="contained"
                  startIcon={<Save />}
                  disabled={save.isPending || remove.isPending}
                >
                  {save.isPending ? t('saving') : t('save')}
                </Button>
              </Box>
            </Box>
          </CardContent>
        </Card>
      </Box>
      {/* Outside the entry's form: the personal-link form is a form of its own. */}
      {isAskingSignIn && !isApplicant ? (
        <Box id={signInId} sx={{ mt: 2 }}>
          <Suspense fallback={<Skeleton variant="rounded" height={200} />}>
            <SignInToSave />
          </Suspense>
        </Box>
      ) : null}
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
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('confirmLeaveTitle')}
        message={t('confirmLeave')}
        confirmLabel={t('leave')}
        cancelLabel={t('stay')}
        onConfirm={() => {
          if (id === null) clearPendingTracking();
          blocker.proceed?.();
        }}
        onClose={() => blocker.reset?.()}
        destructive
      />
    </Box>
  );
}

/** SPEC "Tracking form": one application to an employer, new (no id) or edited. */
function TrackingFormPage() {
  const { t } = useTranslation('tracking');
  const params = useParams<'id'>();
  const id = parseId(params['id']);
  const isValidId = id === null || Number.isInteger(id);
  const entry = useTrackingEntry(isValidId ? id : null);
  // An entry typed before signing in: shown again, and sent at once when the applicant is signed in.
  const [pending] = useState(() => (id === null ? (readPendingTracking() as Partial<FormValues> | null) : null));

  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [id]);

  let body: ReactNode;
  if (!isValidId) body = <ErrorState error={new ApiError(404, 'NOT_FOUND', 'Not found')} />;
  else if (id === null)
    body = (
      <TrackingForm
        id={null}
        initial={pending ? { ...emptyValues, ...pending } : emptyValues}
        saveAtOnce={pending !== null}
      />
    );
  else if (entry.isPending) body = <Skeleton variant="rounded" height={480} aria-label={t('loading')} />;
  else if (entry.isError)
    body = (
      <ErrorState
        error={entry.error}
        onRetry={entry.error instanceof ApiError && entry.error.status === 404 ? undefined : () => void entry.refetch()}
      />
    );
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
