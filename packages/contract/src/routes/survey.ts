import { staffDossierParams } from '../staff.ts';
import {
  bulkSurveyInvitationBody,
  bulkSurveyInvitationResponse,
  caseSurveysResponse,
  saveSurveyBody,
  staffSurveyQuery,
  staffSurveyResultsResponse,
  surveyInvitationBody,
  surveyParams,
  surveyResponse,
} from '../survey.ts';
import { defineRoute, fileResponse } from './define.ts';

/**
 * The closing survey (issue 11, "Survey"): `/sondage/:etape/:id` (`:id` is the dossier) for its applicant and its
 * company's people; the results and the CSV export for staff, and the steps staff send: to one case, or to every
 * signed case.
 */
export const survey = {
  get: defineRoute({ method: 'GET', path: '/sondage/:etape/:id', params: surveyParams, responses: { 200: surveyResponse } }),
  /** One page's answers, saved as the person goes; page 3 completes the survey. */
  savePage: defineRoute({
    method: 'PUT',
    path: '/sondage/:etape/:id',
    params: surveyParams,
    body: saveSurveyBody,
    responses: { 200: surveyResponse },
  }),
  results: defineRoute({
    method: 'GET',
    path: '/staff/surveys',
    query: staffSurveyQuery,
    responses: { 200: staffSurveyResultsResponse },
  }),
  caseSurveys: defineRoute({
    method: 'GET',
    path: '/staff/dossiers/:id/surveys',
    params: staffDossierParams,
    responses: { 200: caseSurveysResponse },
  }),
  sendToCase: defineRoute({
    method: 'POST',
    path: '/staff/dossiers/:id/survey-invitations',
    params: staffDossierParams,
    body: surveyInvitationBody,
    responses: { 200: caseSurveysResponse },
  }),
  sendToSignedCases: defineRoute({
    method: 'POST',
    path: '/staff/surveys/invitations',
    body: bulkSurveyInvitationBody,
    responses: { 200: bulkSurveyInvitationResponse },
  }),
  exportCsv: defineRoute({
    method: 'GET',
    path: '/staff/exports/surveys.csv',
    query: staffSurveyQuery,
    responses: { 200: fileResponse('text/csv', 'The answers, one line per person: UTF-8 with BOM, semicolons') },
  }),
};
