import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { SurveyResponse } from '@passerelle/contract';
// The questions as data, without the contract's zod schemas (a lighter screen).
import {
  SURVEY_PAGES,
  surveyPageQuestions,
  surveySteps,
  type SurveyAnswers,
  type SurveyStep,
} from '@passerelle/contract/survey-questions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { ErrorState } from '../../components/error-state';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { PageHeader } from '../../components/page-header';
import { useErrorText } from '../../components/use-error-text';
import { visuallyHidden } from '../../components/visually-hidden';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from 'react-i18next';
import { builtKey } from '../../lib/i18n';
import { saveSurveyPage, surveyQueryKey, surveyQueryOptions } from './api/survey';
import { SurveyQuestionField } from './components/survey-question';

/** The step and dossier of the address, or null when they are not ones the API knows. */
function useSurveyAddress(): { etape: SurveyStep; id: number } | null {
  const { etape, id } = useParams<'etape' | 'id'>();
  const value = Number(id);
  const isStep = (surveySteps as readonly string[]).includes(etape ?? '');
  if (!isStep || !/^\d+$/.test(id ?? '') || value <= 0 || value > 2_147_483_647) return null;
  return { etape: etape as SurveyStep, id: value };
}

/** The answers of one page as sent: every question of the page, null for one left empty (it clears a saved answer). */
function pageAnswers(page: number, answers: SurveyAnswers): Record<string, number | string | null> {
  return Object.fromEntries(
    surveyPageQuestions(page).map((question) => {
      const value = answers[question.id];
      const isEmpty = value === undefined || (typeof value === 'string' && value.trim() === '');
      return [question.id, isEmpty ? null : value];
    }),
  );
}

function Thanks({ isAlreadyDone }: { isAlreadyDone: boolean }) {
  const { t } = useTranslation('survey');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Card>
      <CardContent
        ref={ref}
        tabIndex={-1}
        role="status"
        sx={{
          p: { xs: 3, sm: 4 },
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 1.5,
          textAlign: 'center',
          outline: 'none',
        }}
      >
        <CheckCircleOutline color="success" sx={{ fontSize: 56 }} aria-hidden />
        <Typography variant="h2" sx={{ fontSize: '1.375rem', fontWeight: 600 }}>
          {t('thanks.title')}
        </Typography>
        <Typography>{isAlreadyDone ? t('thanks.already') : t('thanks.text')}</Typography>
      </CardContent>
    </Card>
  );
}

interface SurveyFormProps {
  etape: SurveyStep;
  id: number;
  survey: SurveyResponse;
  onFinished: () => void;
}

function SurveyForm({ etape, id, survey, onFinished }: SurveyFormProps) {
  const { t } = useTranslation('survey');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(() => Math.min(survey.page + 1, SURVEY_PAGES));
  const [answers, setAnswers] = useState<SurveyAnswers>(survey.answers);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The page's answers travel with the call: the mutation reads nothing from the render it was set up in.
  const save = useMutation({
    mutationFn: ({ current, sent }: { current: number; sent: ReturnType<typeof pageAnswers> }) =>
      saveSurveyPage(etape, id, { page: current, answers: sent }),
    onSuccess: (saved, { current }) => {
      queryClient.setQueryData(surveyQueryKey(etape, id), saved);
      if (current === SURVEY_PAGES) onFinished();
      else goTo(current + 1);
    },
  });

  function goTo(next: number) {
    setPage(next);
    save.reset();
    window.scrollTo?.({ top: 0 });
    // The page's heading takes the focus, so that a screen reader starts at the new questions.
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  const questions = surveyPageQuestions(page);
  const isLast = page === SURVEY_PAGES;
  return (
    <Card component="section" aria-labelledby="survey-page-title">
      <Box sx={{ px: { xs: 2, sm: 3 }, pt: 2 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }} aria-hidden>
          {t('progress', { page, total: SURVEY_PAGES })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={(page / SURVEY_PAGES) * 100}
          aria-label={t('progressLabel', { page, total: SURVEY_PAGES })}
          sx={{ mt: 1, height: 6, borderRadius: 3 }}
        />
      </Box>
      <CardContent
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ current: page, sent: pageAnswers(page, answers) });
        }}
        sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 3 }}
      >
        <Typography
          id="survey-page-title"
          ref={headingRef}
          tabIndex={-1}
          variant="h2"
          sx={{ fontSize: '1.25rem', fontWeight: 600, outline: 'none' }}
        >
          <Box component="span" sx={visuallyHidden}>
            {t('progress', { page, total: SURVEY_PAGES })}{' '}
          </Box>
          {t(builtKey<'survey'>(`pages.${page}.title`))}
        </Typography>
        {questions.map((question) => (
          <SurveyQuestionField
            key={question.id}
            question={question}
            value={answers[question.id]}
            disabled={save.isPending}
            onChange={(value) =>
              setAnswers((previous) => {
                const next = { ...previous };
                if (value === undefined) delete next[question.id];
                else next[question.id] = value;
                return next;
              })
            }
          />
        ))}
        {save.isError ? <Alert severity="error">{errorText(save.error)}</Alert> : null}
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column-reverse', sm: 'row' },
            justifyContent: 'space-between',
            gap: 1.5,
          }}
        >
          {page > 1 ? (
            <Button variant="text" startIcon={<ArrowBack />} disabled={save.isPending} onClick={() => goTo(page - 1)}>
              {t('back')}
            </Button>
          ) : (
            <span />
          )}
          <Button
            type="submit"
            variant="contained"
            size="large"
            endIcon={isLast ? undefined : <ArrowForward />}
            loading={save.isPending}
          >
            {isLast ? t('finish') : t('next')}
          </Button>
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('savedAsYouGo')}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** Issue 11, "Survey": `/sondage/:etape/:id`, three short pages saved as the person goes, then thanks. */
function SurveyPage() {
  const { t } = useTranslation('survey');
  const address = useSurveyAddress();
  const [isJustFinished, setJustFinished] = useState(false);
  const query = useQuery({
    ...surveyQueryOptions(address?.etape ?? 'signature', address?.id ?? 0),
    enabled: address !== null,
  });
  const header = (
    <PageHeader
      title={t('title')}
      subtitle={address ? `${t(`steps.${address.etape}`)} · ${t('caseLine', { id: address.id })}` : undefined}
    />
  );
  const frame = (content: ReactNode) => (
    <Box sx={{ maxWidth: 640, mx: 'auto', width: '100%' }}>
      {header}
      {content}
    </Box>
  );

  if (address === null) return frame(<ErrorState error={new ApiError(404, 'NOT_FOUND', 'Not found')} />);
  if (query.isPending) return <FullPageSpinner />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 403) return <Navigate to="/forbidden" replace />;
    // Not open: the signature survey before the contract is signed, another step before staff send it to this case.
    if (query.error instanceof ApiError && query.error.status === 409)
      return frame(<Alert severity="info">{address.etape === 'signature' ? t('notOpen') : t('notOpenStep')}</Alert>);
    const isMissing = query.error instanceof ApiError && query.error.status === 404;
    return frame(<ErrorState error={query.error} onRetry={isMissing ? undefined : () => void query.refetch()} />);
  }
  const survey = query.data;
  return frame(
    survey.completed ? (
      <Thanks isAlreadyDone={!isJustFinished} />
    ) : (
      <>
        <Typography sx={{ mb: 2 }}>{t('intro')}</Typography>
        <SurveyForm etape={address.etape} id={address.id} survey={survey} onFinished={() => setJustFinished(true)} />
      </>
    ),
  );
}

export { SurveyPage as Component };
