import { meResponse } from '@passerelle/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { getMe } from './users.service.ts';

export default async function usersRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/users/me', { onRequest: app.authenticate, schema: { response: { 200: meResponse } } }, async (request) => {
    if (!request.user) throw new AppError('UNAUTHORIZED');
    return getMe(app.database, request.user.id);
  });
}
