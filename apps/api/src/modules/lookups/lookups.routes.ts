import {
  addressLookupQuery,
  addressLookupResponse,
  communesLookupQuery,
  communesLookupResponse,
  companyLookupParams,
  companyLookupResponse,
} from '@passerelle/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rateLimitPerClient } from '../../db/rate-limit.ts';
import { createLookupsService } from './lookups.service.ts';

/** Company and address look-ups for the forms (issue 4). 503 SERVICE_UNAVAILABLE means: open the fields for manual entry. */
export default async function lookupsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const lookups = createLookupsService({ config: app.config, log: app.log });
  // Signed in first (onRequest), so that anonymous calls are refused before they count against the client.
  const onRequest = app.requireUserType('admissible', 'company', 'staff', 'admin');
  const preHandler = rateLimitPerClient(app.db, 'lookups', { limit: app.config.LOOKUP_RATE_PER_MINUTE, windowSeconds: 60 });

  app.get(
    '/lookups/company/:siret',
    { onRequest, preHandler, schema: { params: companyLookupParams, response: { 200: companyLookupResponse } } },
    async (request) => lookups.getCompany(request.params.siret),
  );

  // A POST: the address typed is personal data and must not travel in a URL (proxies and access logs keep URLs).
  app.post(
    '/lookups/address',
    { onRequest, preHandler, schema: { body: addressLookupQuery, response: { 200: addressLookupResponse } } },
    async (request) => lookups.findAddresses(request.body.q),
  );

  app.get(
    '/lookups/communes',
    { onRequest, preHandler, schema: { querystring: communesLookupQuery, response: { 200: communesLookupResponse } } },
    async (request) => lookups.findCommunes(request.query.codePostal),
  );
}
