import { lookups as routes, referenceTables } from '@passerelle/contract/routes';
import type { FastifyInstance } from 'fastify';
import { rateLimitPerClient } from '../../db/rate-limit.ts';
import { registerRoute } from '../../lib/route.ts';
import { createLookupsService } from './lookups.service.ts';

/** Company and address look-ups for the forms (issue 4). 503 SERVICE_UNAVAILABLE means: open the fields for manual entry. */
export default async function lookupsRoutes(app: FastifyInstance): Promise<void> {
  const lookups = createLookupsService({ config: app.config, log: app.log, db: app.db });
  // Signed in first (onRequest), so that anonymous calls are refused before they count against the client.
  const onRequest = app.requireUserType('admissible', 'company', 'staff', 'admin');
  const preHandler = rateLimitPerClient(app.db, 'lookups', {
    limit: app.config.LOOKUP_RATE_PER_MINUTE,
    windowSeconds: 60,
  });

  registerRoute(app, routes.company, { onRequest, preHandler }, async (request) =>
    lookups.getCompany(request.params.siret),
  );

  // A POST: the address typed is personal data and must not travel in a URL (proxies and access logs keep URLs).
  registerRoute(app, routes.address, { onRequest, preHandler }, async (request) =>
    lookups.findAddresses(request.body.q),
  );

  registerRoute(app, routes.communes, { onRequest, preHandler }, async (request) =>
    lookups.findCommunes(request.query.codePostal),
  );

  // The reference tables are local: no directory asked, no rate limit needed beyond the signed-in check.
  registerRoute(app, referenceTables.idcc, { onRequest }, async (request) => lookups.getIdcc(request.params.code));
}
