import Send from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { CaseSurveysResponse, SurveyStep } from '@passerelle/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { ErrorState } from '../../../../components/error-state';
import { useErrorText } from '../../../../components/use-error-text';
import { call } from '../../../../lib/api-client';
import { formatDate } from '../../../../lib/date-format';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

type StepState = CaseSurveysResponse['steps'][number];

/** Loaded when a send is asked for: the case page does not wait for it. */
const ConfirmDialog = lazy(() =>
  import('../../../../components/confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);

const caseSurveysKey = (id: number) => ['staff', 'dossiers', id, 'surveys'] as const;

const caseSurveysQueryOptions = (id: number) =>
  queryOptions({
    queryKey: caseSurveysKey(id),
    queryFn: ({ signal }) => call('GET /staff/dossiers/:id/surveys', { params: { id }, signal }),
  });

/** When the step was sent, how often; or why it is open without a sending (the signature survey of a signed case). */
function sentLine(step: StepState, t: TFunction<'staff-case'>): string {
  const { invitation } = step;
  if (!invitation) return step.open ? t('surveys.openOnSigning') : t('surveys.notSent');
  if (invitation.timesSent === 1) return t('surveys.sentOn', { date: formatDate(invitation.firstSentAt) });
  return t('surveys.sentAgain', {
    first: formatDate(invitation.firstSentAt),
    last: formatDate(invitation.lastSentAt),
    count: invitation.timesSent,
  });
}

interface StepItemProps {
  step: StepState;
  /** Steps are sent to signed cases only. */
  canSend: boolean;
  onSend: (step: StepState) => void;
}

function StepItem({ step, canSend, onSend }: StepItemProps) {
  const { t } = useTranslation('staff-case');
  const titleId = useId();
  const name = t(`surveys.steps.${step.etape}`);
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'flex-start' },
        justifyContent: 'space-between',
        gap: 1.5,
        py: 1.5,
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={titleId} component="h3" sx={{ fontWeight: 600, fontSize: '1rem' }}>
            {name}
          </Typography>
          <Chip
            size="small"
            color={step.open ? 'success' : 'default'}
            variant={step.open ? 'outlined' : 'filled'}
            label={step.open ? t('surveys.open') : t('surveys.closed')}
          />
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {sentLine(step, t)}
        </Typography>
        {step.respondents.length ? (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {step.respondents.map((person, index) => (
              <Typography component="li" variant="body2" key={index}>
                <Box component="span" sx={{ fontWeight: 600 }}>
                  {t(`surveys.respondents.${person.respondent}`)}
                </Box>{' '}
                {person.name}
                {' · '}
                {person.completedAt
                  ? t('surveys.completedOn', { date: formatDate(person.completedAt) })
                  : t('surveys.inProgress', { page: person.page })}
              </Typography>
            ))}
          </Box>
        ) : step.open ? (
          <Typography variant="body2">{t('surveys.noAnswer')}</Typography>
        ) : null}
      </Box>
      {canSend ? (
        <Button
          variant="outlined"
          size="small"
          startIcon={<Send />}
          onClick={() => onSend(step)}
          aria-label={t(step.invitation ? 'surveys.resendNamed' : 'surveys.sendNamed', { step: name })}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          {step.invitation ? t('surveys.resend') : t('surveys.send')}
        </Button>
      ) : null}
    </Box>
  );
}

/**
 * Issue 11, "Survey": the closing survey of a signed case, per step: open or not, sent when, who answered; staff send a
 * step's link to the applicant and the company's people (again, as a reminder). Nothing before the contract is signed.
 */
export function SurveyCard({ dossierId }: { dossierId: number }) {
  const { t } = useTranslation('staff-case');
  const errorText = useErrorText();
  const titleId = useId();
  const queryClient = useQueryClient();
  const query = useQuery(caseSurveysQueryOptions(dossierId));
  const [asked, setAsked] = useState<StepState | null>(null);
  const [sentStep, setSentStep] = useState<SurveyStep | null>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);
  const send = useMutation({
    mutationFn: (etape: SurveyStep) =>
      call('POST /staff/dossiers/:id/survey-invitations', { params: { id: dossierId }, body: { etape } }),
    onSuccess: (state, etape) => {
      queryClient.setQueryData(caseSurveysKey(dossierId), state);
      setSentStep(etape);
    },
    onSettled: () => {
      setAsked(null);
      // The button that opened the confirmation keeps its place; the outcome is read out from the status line.
      setTimeout(() => feedbackRef.current?.focus(), 0);
    },
  });

  const data = query.data;
  if (query.isError && !data)
    return (
      <Card component="section" aria-labelledby={titleId}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography id={titleId} component="h2" variant="h2" sx={{ fontSize: '1.25rem' }}>
            {t('surveys.title')}
          </Typography>
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        </CardContent>
      </Card>
    );
  if (!data || (!data.signed && data.steps.every((step) => !step.invitation && !step.respondents.length))) return null;
  const askedName = asked ? t(`surveys.steps.${asked.etape}`) : '';
  return (
    <Card component="section" aria-labelledby={titleId} data-testid="survey-card">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography id={titleId} component="h2" variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('surveys.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {data.signed ? t('surveys.intro') : t('surveys.notSigned')}
        </Typography>
        <Box ref={feedbackRef} tabIndex={-1} sx={{ outline: 'none' }}>
          {send.isError ? (
            <Alert severity="error" role="alert">
              {errorText(send.error)}
            </Alert>
          ) : sentStep ? (
            <Alert severity="success" role="status">
              {t('surveys.sentFeedback', { step: t(`surveys.steps.${sentStep}`) })}
            </Alert>
          ) : null}
        </Box>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {data.steps.map((step) => (
            <StepItem
              key={step.etape}
              step={step}
              canSend={data.signed}
              onSend={(chosen) => {
                send.reset();
                setSentStep(null);
                setAsked(chosen);
              }}
            />
          ))}
        </Box>
      </CardContent>
      {asked ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title={t('surveys.confirmTitle', { step: askedName })}
            message={
              asked?.invitation
                ? t('surveys.confirmAgain', { step: askedName, count: asked.invitation.timesSent })
                : t('surveys.confirmText', { step: askedName })
            }
            confirmLabel={t('surveys.confirm')}
            isPending={send.isPending}
            onConfirm={() => asked && send.mutate(asked.etape)}
            onClose={() => setAsked(null)}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
