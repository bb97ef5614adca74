import { survey } from '@passerelle/contract/routes';
import type { FastifyInstance } from 'fastify';
import { sendCsv } from '../../lib/csv-write.ts';
import { registerRoute } from '../../lib/route.ts';
import { signedInUser } from '../../plugins/auth.ts';
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

/**
 * The closing survey (issue 11, "Survey"): `/api/sondage/:etape/:id` (`:id` is the dossier) for its applicant and its
 * company's people, whatever their user type route-wise (SPEC 6: no type requirement; the service answers 403 to
 * others); the results and the CSV export for staff, and the steps staff send: to one case, or to every signed case.
 */
export default async function surveyRoutes(app: FastifyInstance): Promise<void> {
  const onRequest = app.authenticate;
  const staffOnly = app.requireUserType('staff', 'admin');

  registerRoute(app, survey.get, { onRequest }, async (request) =>
    getSurvey(app.db, signedInUser(request), request.params.etape, request.params.id),
  );
  registerRoute(app, survey.savePage, { onRequest }, async (request) =>
    saveSurveyPage(app.db, signedInUser(request), request.params.etape, request.params.id, request.body),
  );

  registerRoute(app, survey.results, { onRequest: staffOnly }, async (request) =>
    findSurveyResults(app.db, signedInUser(request), request.query.etape),
  );
  registerRoute(app, survey.caseSurveys, { onRequest: staffOnly }, async (request) =>
    getCaseSurveys(app.db, signedInUser(request), request.params.id),
  );
  registerRoute(app, survey.sendToCase, { onRequest: staffOnly }, async (request) =>
    sendCaseSurvey(app.db, app.config, signedInUser(request), request.params.id, request.body.etape),
  );
  registerRoute(app, survey.sendToSignedCases, { onRequest: staffOnly }, async (request) =>
    sendSurveyToSignedCases(app.db, app.config, signedInUser(request), request.body),
  );
  registerRoute(app, survey.exportCsv, { onRequest: staffOnly }, async (request, reply) =>
    sendCsv(
      reply,
      `sondage-${request.query.etape}.csv`,
      surveyCsvHeader,
      surveyCsv(app.db, signedInUser(request), request.query.etape),
    ),
  );
}
