import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StaffSurveyResultsResponse } from '@passerelle/contract';
import { surveySteps, type SurveyStep } from '@passerelle/contract/survey-questions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { api, downloadFile } from '../../../lib/api-client';

type QuestionResult = StaffSurveyResultsResponse['questions'][number];

const surveyResultsQueryOptions = (etape: SurveyStep) =>
  queryOptions({
    queryKey: ['staff', 'surveys', etape],
    queryFn: ({ signal }) => api<StaffSurveyResultsResponse>(`/staff/surveys?etape=${etape}`, { signal }),
  });

function CountBars({ question, total }: { question: QuestionResult; total: number }) {
  const { t } = useTranslation('survey');
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
      {question.counts.map(({ value, count }) => {
        const label = question.type === 'scale' ? t(`scale.${value}`) : t(`questions.${question.id}.options.${value}`);
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
      : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(question.average);
  return (
    <Card component="section" aria-labelledby={`q-${question.id}`}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography id={`q-${question.id}`} variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
          {t(`questions.${question.id}.label`)}
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
      await downloadFile(`/api/staff/exports/surveys.csv?etape=${etape}`, `sondage-${etape}.csv`);
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
