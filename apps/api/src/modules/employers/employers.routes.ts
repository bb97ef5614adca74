import { employerDossiersResponse } from '@passerelle/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { findEmployerDossiers } from './employers.service.ts';

/** The employer home: the cases of the companies the user acts for, and what each waits for. */
export default async function employersRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/employeurs/dossiers',
    { onRequest: app.requireUserType('company'), schema: { response: { 200: employerDossiersResponse } } },
    async (request) => {
      if (!request.user) throw new AppError('UNAUTHORIZED');
      return findEmployerDossiers(app.db, request.user.id);
    },
  );
}
