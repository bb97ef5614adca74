import { tracking } from '@passerelle/contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import {
  createTrackingEntry,
  deleteTrackingEntry,
  findTrackingItems,
  getTrackingEntry,
  updateTrackingEntry,
} from './tracking.service.ts';

function userId(request: FastifyRequest): number {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user.id;
}

/** Employer-search tracking of the signed-in applicant (SPEC sections 2, 3 and 7). */
export default async function trackingRoutes(app: FastifyInstance): Promise<void> {
  const onRequest = app.requireUserType('admissible');

  registerRoute(app, tracking.list, { onRequest }, async (request) => findTrackingItems(app.db, userId(request)));
  registerRoute(app, tracking.create, { onRequest }, async (request, reply) =>
    reply.status(201).send(await createTrackingEntry(app.db, userId(request), request.body)),
  );
  registerRoute(app, tracking.get, { onRequest }, async (request) => getTrackingEntry(app.db, userId(request), request.params.id));
  registerRoute(app, tracking.update, { onRequest }, async (request) =>
    updateTrackingEntry(app.db, userId(request), request.params.id, request.body),
  );
  registerRoute(app, tracking.remove, { onRequest }, async (request, reply) => {
    await deleteTrackingEntry(app.db, userId(request), request.params.id);
    return reply.status(204).send();
  });
}
