import {
  bulkSurveyInvitationBody,
  bulkSurveyInvitationResponse,
  caseSurveysResponse,
  saveSurveyBody,
  staffDossierParams,
  staffSurveyQuery,
  staffSurveyResultsResponse,
  surveyInvitationBody,
  surveyParams,
  surveyResponse,
} from '@passerelle/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { sendCsv } from '../../lib/csv-write.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { fileResponse } from '@passerelle/contract';
import {
  findSurveyResults,
  getCaseSurveys,
  getSurvey,
  saveSurveyPage,
  sendCaseSurvey,
  sendSurveyToSignedCases,
  surveyCsv,
  surveyCsvHeader,
} from './survey.service.ts';

function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

/**
 * The closing survey (issue 11, "Survey"): `/api/sondage/:etape/:id` (`:id` is the dossier) for its applicant and its
 * company's people, whatever their user type route-wise (SPEC 6: no type requirement; the service answers 403 to
 * others); the results and the CSV export for staff, and the steps staff send: to one case, or to every signed case.
 */
export default async function surveyRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.authenticate;
  const staffOnly = app.requireUserType('staff', 'admin');

  app.get(
    '/sondage/:etape/:id',
    { onRequest, schema: { params: surveyParams, response: { 200: surveyResponse } } },
    async (request) => getSurvey(app.db, signedInUser(request), request.params.etape, request.params.id),
  );
  app.put(
    '/sondage/:etape/:id',
    { onRequest, schema: { params: surveyParams, body: saveSurveyBody, response: { 200: surveyResponse } } },
    async (request) =>
      saveSurveyPage(app.db, signedInUser(request), request.params.etape, request.params.id, request.body),
  );

  app.get(
    '/staff/surveys',
    { onRequest: staffOnly, schema: { querystring: staffSurveyQuery, response: { 200: staffSurveyResultsResponse } } },
    async (request) => findSurveyResults(app.db, signedInUser(request), request.query.etape),
  );
  app.get(
    '/staff/dossiers/:id/surveys',
    { onRequest: staffOnly, schema: { params: staffDossierParams, response: { 200: caseSurveysResponse } } },
    async (request) => getCaseSurveys(app.db, signedInUser(request), request.params.id),
  );
  app.post(
    '/staff/dossiers/:id/survey-invitations',
    {
      onRequest: staffOnly,
      schema: { params: staffDossierParams, body: surveyInvitationBody, response: { 200: caseSurveysResponse } },
    },
    async (request) => sendCaseSurvey(app.db, app.config, signedInUser(request), request.params.id, request.body.etape),
  );
  app.post(
    '/staff/surveys/invitations',
    {
      onRequest: staffOnly,
      schema: { body: bulkSurveyInvitationBody, response: { 200: bulkSurveyInvitationResponse } },
    },
    async (request) => sendSurveyToSignedCases(app.db, app.config, signedInUser(request), request.body),
  );
  app.get(
    '/staff/exports/surveys.csv',
    {
      onRequest: staffOnly,
      schema: {
        querystring: staffSurveyQuery,
        response: { 200: fileResponse('text/csv', 'The answers, one line per person: UTF-8 with BOM, semicolons') },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        `sondage-${request.query.etape}.csv`,
        surveyCsvHeader,
        surveyCsv(app.db, signedInUser(request), request.query.etape),
      ),
  );
}
