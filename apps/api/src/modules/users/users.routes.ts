import { users } from '@passerelle/contract/routes';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import { getMe } from './users.service.ts';

export default async function usersRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, users.me, { onRequest: app.authenticate }, async (request) => {
    if (!request.user) throw new AppError('UNAUTHORIZED');
    return getMe(app.database, request.user.id);
  });
}
