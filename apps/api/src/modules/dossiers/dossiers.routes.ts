import { dossiers } from '@passerelle/contract/routes';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { createDossier, deleteDossier, findPortalDossiers, getCerfaParams } from './dossiers.service.ts';

/** The applicant's cases (SPEC "Applicant cases"): list, create, delete; and the cerfa parameters of one case. */
export default async function dossiersRoutes(app: FastifyInstance): Promise<void> {
  const onRequest = app.requireUserType('admissible');

  registerRoute(app, dossiers.list, { onRequest }, async (request) =>
    findPortalDossiers(app.db, signedInUser(request).id),
  );
  registerRoute(app, dossiers.create, { onRequest }, async (request, reply) =>
    reply.status(201).send(await createDossier(app.db, signedInUser(request), app.config.APPLICANT_MAX_OPEN_DOSSIERS)),
  );
  registerRoute(app, dossiers.remove, { onRequest }, async (request, reply) => {
    await deleteDossier(app.db, signedInUser(request), request.params.id);
    return reply.status(204).send();
  });

  // Any signed-in user: withDossier (access 'party') lets in the applicant, the dossier's employer and staff.
  registerRoute(app, dossiers.cerfaParams, { onRequest: app.authenticate }, async (request) =>
    getCerfaParams(app.db, signedInUser(request), request.params.id),
  );
}
