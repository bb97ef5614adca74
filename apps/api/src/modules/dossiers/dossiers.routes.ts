import { cerfaParams, createDossierResponse, dossier, idParams, sheetParams } from '@passerelle/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { createDossier, deleteDossier, findPortalDossiers, getCerfaParams } from './dossiers.service.ts';

function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

/** The applicant's cases (SPEC "Applicant cases"): list, create, delete; and the cerfa parameters of one case. */
export default async function dossiersRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admissibles/portal/dossiers',
    { onRequest: app.requireUserType('admissible'), schema: { response: { 200: z.array(dossier) } } },
    async (request) => findPortalDossiers(app.db, signedInUser(request).id),
  );
  app.post(
    '/admissibles/dossiers',
    { onRequest: app.requireUserType('admissible'), schema: { response: { 201: createDossierResponse } } },
    async (request, reply) =>
      reply.status(201).send(await createDossier(app.db, signedInUser(request), app.config.APPLICANT_MAX_OPEN_DOSSIERS)),
  );
  app.delete(
    '/admissibles/dossiers/:id',
    {
      onRequest: app.requireUserType('admissible'),
      schema: { params: sheetParams, response: { 204: z.undefined().describe('Deleted') } },
    },
    async (request, reply) => {
      await deleteDossier(app.db, signedInUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // Any signed-in user: withDossier (access 'party') lets in the applicant, the dossier's employer and staff.
  app.get(
    '/admissibles/cerfa_params/:id',
    { onRequest: app.authenticate, schema: { params: idParams, response: { 200: cerfaParams } } },
    async (request) => getCerfaParams(app.db, signedInUser(request), request.params.id),
  );
}
