import { idParams, trackingBody, trackingEntry, trackingListItem } from '@passerelle/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireUserType('admissible');
  const path = '/admissibles/portal/suiviRechercheEmployeur';

  r.get(path, { onRequest, schema: { response: { 200: z.array(trackingListItem) } } }, async (request) =>
    findTrackingItems(app.db, userId(request)),
  );
  r.post(
    path,
    { onRequest, schema: { body: trackingBody, response: { 201: trackingEntry } } },
    async (request, reply) => reply.status(201).send(await createTrackingEntry(app.db, userId(request), request.body)),
  );
  r.get(
    `${path}/:id`,
    { onRequest, schema: { params: idParams, response: { 200: trackingEntry } } },
    async (request) => getTrackingEntry(app.db, userId(request), request.params.id),
  );
  r.put(
    `${path}/:id`,
    { onRequest, schema: { params: idParams, body: trackingBody, response: { 200: trackingEntry } } },
    async (request) => updateTrackingEntry(app.db, userId(request), request.params.id, request.body),
  );
  r.delete(
    `${path}/:id`,
    { onRequest, schema: { params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteTrackingEntry(app.db, userId(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
