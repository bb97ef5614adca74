import { cerfaParams, dossier, idParams } from '@passerelle/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { findPortalDossiers, getCerfaParams } from './dossiers.service.ts';

function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

/** The applicant's cases (SPEC "Applicant cases") and the cerfa parameters of one case. */
export default async function dossiersRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admissibles/portal/dossiers',
    { onRequest: app.requireUserType('admissible'), schema: { response: { 200: z.array(dossier) } } },
    async (request) => findPortalDossiers(app.db, signedInUser(request).id),
  );

  // Any signed-in user: getDossierForUser lets in the applicant, the dossier's employer and staff.
  app.get(
    '/admissibles/cerfa_params/:id',
    { onRequest: app.authenticate, schema: { params: idParams, response: { 200: cerfaParams } } },
    async (request) => getCerfaParams(app.db, signedInUser(request), request.params.id),
  );
}
