import { idParams, registerAtelierResponse } from '@passerelle/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { toggleRegistration } from './workshops.service.ts';

export default async function workshopsRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/admissibles/portal/registerAtelier/:id',
    {
      onRequest: app.requireUserType('admissible'),
      schema: { params: idParams, response: { 200: registerAtelierResponse } },
    },
    async (request) => {
      if (!request.user) throw new AppError('UNAUTHORIZED');
      return toggleRegistration(app.db, request.user.id, request.params.id);
    },
  );
}
