import { employers } from '@passerelle/contract/routes';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import { findEmployerDossiers } from './employers.service.ts';

/** The employer home: the cases of the companies the user acts for, and what each waits for. */
export default async function employersRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, employers.dossiers, { onRequest: app.requireUserType('company') }, async (request) => {
    if (!request.user) throw new AppError('UNAUTHORIZED');
    return findEmployerDossiers(app.db, request.user.id);
  });
}
