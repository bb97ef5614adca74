import type { SaveSurveyBody, SurveyResponse, SurveyStep } from '@passerelle/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const surveyQueryKey = (etape: SurveyStep, id: number) => ['survey', etape, id] as const;

export const surveyQueryOptions = (etape: SurveyStep, id: number) =>
  queryOptions({
    queryKey: surveyQueryKey(etape, id),
    queryFn: ({ signal }) => api<SurveyResponse>(`/sondage/${etape}/${id}`, { signal }),
    // The answers being typed live in the page: a refetch on focus must not reset them.
    refetchOnWindowFocus: false,
  });

/** One page's answers, saved as the person goes (PUT); page 3 completes the survey. */
export const saveSurveyPage = (etape: SurveyStep, id: number, body: SaveSurveyBody) =>
  api<SurveyResponse>(`/sondage/${etape}/${id}`, { method: 'PUT', body });
