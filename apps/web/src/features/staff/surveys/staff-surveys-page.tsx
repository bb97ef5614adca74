import Download from '@mui/icons-material/Download';
import Send from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StaffSurveyResultsResponse } from '@passerelle/contract';
import { surveySteps, type SurveyStep } from '@passerelle/contract/survey-questions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { useErrorText } from '../../../components/use-error-text';
import { call, downloadFile, fileUrl } from '../../../lib/api-client';
import { useTranslation } from 'react-i18next';
import { builtKey } from '../../../lib/i18n';
import { numberFormat } from '../../../lib/number-format';

type QuestionResult = StaffSurveyResultsResponse['questions'][number];

const surveyResultsQueryOptions = (etape: SurveyStep) =>
  queryOptions({
    queryKey: ['staff', 'surveys', etape],
    queryFn: ({ signal }) => call('GET /staff/surveys', { query: { etape }, signal }),
  });

function CountBars({ question, total }: { question: QuestionResult; total: number }) {
  const { t } = useTranslation('survey');
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
      {question.counts.map(({ value, count }) => {
        const label =
          question.type === 'scale'
            ? t(builtKey<'survey'>(`scale.${value}`))
            : t(builtKey<'survey'>(`questions.${question.id}.options.${value}`));
        return (
          <Box component="li" key={value}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="body2">{label}</Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {count}
              </Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={total ? (count / total) * 100 : 0}
              aria-hidden
              sx={{ height: 6, borderRadius: 3 }}
            />
          </Box>
        );
      })}
    </Box>
  );
}

function QuestionCard({ question }: { question: QuestionResult }) {
  const { t, i18n } = useTranslation('survey');
  const average =
    question.average === null
      ? null
      : numberFormat(i18n.language, { maximumFractionDigits: 2 }).format(question.average);
  return (
    <Card component="section" aria-labelledby={`q-${question.id}`}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography id={`q-${question.id}`} variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
          {t(builtKey<'survey'>(`questions.${question.id}.label`))}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('results.answered', { count: question.answered })}
          {average === null ? null : ` · ${t('results.average', { value: average })}`}
        </Typography>
        {question.type === 'text' ? (
          question.texts.length ? (
            <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
              {question.texts.map((text, index) => (
                <Typography component="li" key={index} sx={{ whiteSpace: 'pre-wrap' }}>
                  {text}
                </Typography>
              ))}
            </Box>
          ) : null
        ) : (
          <CountBars question={question} total={question.answered} />
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The bulk send of a step: to the signed cases not sent it yet, or to all of them as a reminder; the confirmation says
 * how many cases, and the outcome how many cases and mails.
 */
function SendToSignedCases({ results }: { results: StaffSurveyResultsResponse }) {
  const { t } = useTranslation('survey');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const scopeId = useId();
  const feedbackRef = useRef<HTMLDivElement>(null);
  const newCases = results.signedCases - results.sentCases;
  const [isOpen, setOpen] = useState(false);
  const [isOnlyNew, setOnlyNew] = useState(true);
  const send = useMutation({
    mutationFn: (onlyNew: boolean) =>
      call('POST /staff/surveys/invitations', { body: { etape: results.etape, onlyNew } }),
    onSettled: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: ['staff'] });
      setTimeout(() => feedbackRef.current?.focus(), 0);
    },
  });
  const count = isOnlyNew ? newCases : results.signedCases;
  const step = t(`steps.${results.etape}`);
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>
          {t('results.invitations', { count: results.sentCases, signed: results.signedCases })}
        </Typography>
        <Button
          variant="contained"
          startIcon={<Send />}
          disabled={results.signedCases === 0}
          onClick={() => {
            send.reset();
            setOnlyNew(newCases > 0);
            setOpen(true);
          }}
        >
          {t('results.send')}
        </Button>
      </Box>
      <Box ref={feedbackRef} tabIndex={-1} sx={{ outline: 'none' }}>
        {send.isError ? (
          <Alert severity="error" role="alert">
            {errorText(send.error)}
          </Alert>
        ) : send.data ? (
          <Alert severity="success" role="status">
            {t('results.sent', { count: send.data.cases, mails: send.data.mails })}
          </Alert>
        ) : null}
      </Box>
      <ConfirmDialog
        open={isOpen}
        title={t('results.sendTitle', { step })}
        message={
          <>
            <Typography sx={{ mb: 1.5 }}>{t('results.sendText')}</Typography>
            {newCases === 0 ? <Typography sx={{ mb: 1 }}>{t('results.nothingToSend')}</Typography> : null}
            <Typography id={scopeId} sx={{ fontWeight: 600, color: 'text.primary' }}>
              {t('results.scope')}
            </Typography>
            <RadioGroup
              aria-labelledby={scopeId}
              value={isOnlyNew ? 'new' : 'all'}
              onChange={(event) => setOnlyNew(event.target.value === 'new')}
            >
              <FormControlLabel
                value="new"
                control={<Radio />}
                disabled={newCases === 0}
                label={t('results.onlyNew', { count: newCases })}
              />
              <FormControlLabel
                value="all"
                control={<Radio />}
                label={t('results.all', { count: results.signedCases })}
              />
            </RadioGroup>
          </>
        }
        confirmLabel={t('results.sendConfirm', { count })}
        isPending={send.isPending}
        onConfirm={() => {
          if (count > 0) send.mutate(isOnlyNew);
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** Issue 11, "Survey": the back office's results per question, and the CSV export, for one survey step. */
function StaffSurveysPage() {
  const { t } = useTranslation('survey');
  const [params, setParams] = useSearchParams();
  const asked = params.get('etape');
  const etape: SurveyStep = surveySteps.find((step) => step === asked) ?? 'signature';
  const query = useQuery(surveyResultsQueryOptions(etape));
  const [isDownloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      await downloadFile(fileUrl('GET /staff/exports/surveys.csv', { query: { etape } }), `sondage-${etape}.csv`);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <>
      <PageHeader
        title={t('results.title')}
        subtitle={
          query.data
            ? t('results.summary', { count: query.data.respondents, completed: query.data.completed })
            : undefined
        }
        actions={
          <Button variant="outlined" startIcon={<Download />} loading={isDownloading} onClick={() => void download()}>
            {t('results.export')}
          </Button>
        }
      />
      <TextField
        select
        label={t('results.step')}
        value={etape}
        onChange={(event) => setParams({ etape: event.target.value }, { replace: true })}
        sx={{ mb: 3, minWidth: 240 }}
      >
        {surveySteps.map((step) => (
          <MenuItem key={step} value={step}>
            {t(`steps.${step}`)}
          </MenuItem>
        ))}
      </TextField>
      {query.data ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, mb: 3 }}>
          <SendToSignedCases key={query.data.etape} results={query.data} />
        </Box>
      ) : null}
      {query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isPending ? <LinearProgress aria-label={t('results.loading')} /> : null}
      {query.data ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          {query.data.questions.map((question) => (
            <QuestionCard key={question.id} question={question} />
          ))}
        </Box>
      ) : null}
    </>
  );
}

export { StaffSurveysPage as Component };
