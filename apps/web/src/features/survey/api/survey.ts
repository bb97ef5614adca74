import type { SaveSurveyBody, SurveyStep } from '@passerelle/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const surveyQueryKey = (etape: SurveyStep, id: number) => ['survey', etape, id] as const;

export const surveyQueryOptions = (etape: SurveyStep, id: number) =>
  queryOptions({
    queryKey: surveyQueryKey(etape, id),
    queryFn: ({ signal }) => call('GET /sondage/:etape/:id', { params: { etape, id }, signal }),
    // The answers being typed live in the page: a refetch on focus must not reset them.
    refetchOnWindowFocus: false,
  });

/** One page's answers, saved as the person goes (PUT); page 3 completes the survey. */
export const saveSurveyPage = (etape: SurveyStep, id: number, body: SaveSurveyBody) =>
  call('PUT /sondage/:etape/:id', { params: { etape, id }, body });
