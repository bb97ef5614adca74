import {
  dossierStateResponse,
  dossierTermsBody,
  firstContactDecisionBody,
  sheetParams,
  smicRowBody,
  smicTableResponse,
  staffDossierDetailResponse,
  staffDossierParams,
  staffDossiersQuery,
  staffDossiersResponse,
} from '@passerelle/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  addSmicRate,
  decideFirstContact,
  findSmicTableRows,
  findStaffDossiers,
  getStaffDossier,
  markContractPrepared,
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
    async (request) => findStaffDossiers(app.db, request.query),
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
      decideFirstContact(app.db, signedInUser(request), request.params.id, request.body.decision, request.body.reason),
  );
  app.post(
    '/staff/dossiers/:id/modalites',
    { onRequest, schema: { ...stateSchema, body: dossierTermsBody } },
    async (request) => recordTerms(app, signedInUser(request), request.params.id, request.body),
  );
  app.post('/staff/dossiers/:id/contract-prepared', { onRequest, schema: stateSchema }, async (request) =>
    markContractPrepared(app.db, signedInUser(request), request.params.id),
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
