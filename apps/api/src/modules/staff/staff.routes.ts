import {
  archiveBody,
  contractEndBody,
  contractPreparedBody,
  documentReviewBody,
  dossierStateResponse,
  dossierTermsBody,
  firstContactDecisionBody,
  markFiledBody,
  markRegisteredBody,
  markSignedBody,
  missionsComplementBody,
  reopenBody,
  returnSheetBody,
  sheetParams,
  smicRowBody,
  smicTableResponse,
  staffAlertsResponse,
  staffDossierDetailResponse,
  staffDossierParams,
  staffDossiersQuery,
  staffDossiersResponse,
  staffFiltersResponse,
} from '@passerelle/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { signatureFlowDeps } from '../signature-flow/signature-flow.service.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  archiveDossier,
  markBroken,
  markFiled,
  markRegistered,
  markSigned,
  prepareContract,
  reopenDossier,
  requestMissionsComplement,
  returnSheet,
  reviewDocument,
  startBreaking,
} from './staff-actions.service.ts';
import {
  addSmicRate,
  countStaffAlerts,
  decideFirstContact,
  findSmicTableRows,
  findStaffDossiers,
  findStaffFilters,
  getStaffDossier,
  recordTerms,
} from './staff.service.ts';

function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

/** Staff-only transitions of a dossier and the dated SMIC table. Their screens come later; the API is complete. */
export default async function staffRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireUserType('staff', 'admin');
  const stateSchema = { params: sheetParams, response: { 200: dossierStateResponse } };

  app.get(
    '/staff/dossiers',
    { onRequest, schema: { querystring: staffDossiersQuery, response: { 200: staffDossiersResponse } } },
    async (request) => findStaffDossiers(app.db, app.config, request.query),
  );
  app.get('/staff/alerts', { onRequest, schema: { response: { 200: staffAlertsResponse } } }, async () =>
    countStaffAlerts(app.db, app.config),
  );
  app.get('/staff/filters', { onRequest, schema: { response: { 200: staffFiltersResponse } } }, async () =>
    findStaffFilters(app.db),
  );
  app.get(
    '/staff/dossiers/:id',
    { onRequest, schema: { params: staffDossierParams, response: { 200: staffDossierDetailResponse } } },
    async (request) => getStaffDossier(app.db, signedInUser(request), request.params.id),
  );

  app.post(
    '/staff/dossiers/:id/first-contact',
    { onRequest, schema: { ...stateSchema, body: firstContactDecisionBody } },
    async (request) =>
      decideFirstContact(app, signedInUser(request), request.params.id, request.body.decision, request.body.reason),
  );
  app.post(
    '/staff/dossiers/:id/modalites',
    { onRequest, schema: { ...stateSchema, body: dossierTermsBody } },
    async (request) => recordTerms(app, signedInUser(request), request.params.id, request.body),
  );
  app.post(
    '/staff/dossiers/:id/contract-prepared',
    { onRequest, schema: { ...stateSchema, body: contractPreparedBody.nullish() } },
    async (request) =>
      prepareContract(await signatureFlowDeps(app), signedInUser(request), request.params.id, request.body ?? undefined),
  );

  // Back-office actions on a case (issue 10): each answers the case's new state, or 409 when its state forbids it.
  app.post('/staff/dossiers/:id/return', { onRequest, schema: { ...stateSchema, body: returnSheetBody } }, async (request) =>
    returnSheet(app, signedInUser(request), request.params.id, request.body),
  );
  app.post(
    '/staff/dossiers/:id/missions-complement',
    { onRequest, schema: { ...stateSchema, body: missionsComplementBody } },
    async (request) => requestMissionsComplement(app, signedInUser(request), request.params.id, request.body.message),
  );
  app.post(
    '/staff/dossiers/:id/document-review',
    { onRequest, schema: { ...stateSchema, body: documentReviewBody } },
    async (request) => reviewDocument(app, signedInUser(request), request.params.id, request.body),
  );
  app.post('/staff/dossiers/:id/signed', { onRequest, schema: { ...stateSchema, body: markSignedBody } }, async (request) =>
    markSigned(app, signedInUser(request), request.params.id, request.body.signedOn),
  );
  app.post('/staff/dossiers/:id/filed', { onRequest, schema: { ...stateSchema, body: markFiledBody } }, async (request) =>
    markFiled(app, signedInUser(request), request.params.id, request.body.filedOn),
  );
  app.post(
    '/staff/dossiers/:id/registered',
    { onRequest, schema: { ...stateSchema, body: markRegisteredBody } },
    async (request) => markRegistered(app, signedInUser(request), request.params.id, request.body.decaNumber),
  );
  app.post('/staff/dossiers/:id/archive', { onRequest, schema: { ...stateSchema, body: archiveBody } }, async (request) =>
    archiveDossier(app, signedInUser(request), request.params.id, request.body.reason),
  );
  app.post('/staff/dossiers/:id/reopen', { onRequest, schema: { ...stateSchema, body: reopenBody } }, async (request) =>
    reopenDossier(app, signedInUser(request), request.params.id),
  );
  app.post('/staff/dossiers/:id/breaking', { onRequest, schema: { ...stateSchema, body: contractEndBody } }, async (request) =>
    startBreaking(app, signedInUser(request), request.params.id, request.body),
  );
  app.post('/staff/dossiers/:id/broken', { onRequest, schema: { ...stateSchema, body: contractEndBody } }, async (request) =>
    markBroken(app, signedInUser(request), request.params.id, request.body),
  );

  app.get('/staff/smic', { onRequest, schema: { response: { 200: smicTableResponse } } }, async () =>
    findSmicTableRows(app.db),
  );
  app.put(
    '/staff/smic',
    { onRequest, schema: { body: smicRowBody, response: { 200: smicTableResponse } } },
    async (request) => addSmicRate(app.db, signedInUser(request), request.body),
  );
}
