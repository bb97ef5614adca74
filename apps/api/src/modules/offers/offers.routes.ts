import { offersQuery, offersResponse } from '@passerelle/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findOffers } from './offers.service.ts';

export default async function offersRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/admissibles/portal/offers',
    {
      preHandler: app.requireUserType('admissible'),
      schema: { querystring: offersQuery, response: { 200: offersResponse } },
    },
    async (request) => findOffers(app.db, request.query),
  );
}
