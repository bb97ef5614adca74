import { staffExports } from '@passerelle/contract/routes';
import type { FastifyInstance } from 'fastify';
import { sendCsv } from '../../lib/csv-write.ts';
import { registerRoute } from '../../lib/route.ts';
import {
  dossiersCsv,
  dossiersCsvHeader,
  registrantsCsv,
  registrantsCsvHeader,
  trackingCsv,
  trackingCsvHeader,
} from './exports.service.ts';

/**
 * The back office's CSV exports (issue 12; docs/decisions/0024-exports.md), staff and admins only. File names carry
 * no personal data.
 */
export default async function exportsRoutes(app: FastifyInstance): Promise<void> {
  const onRequest = app.requireUserType('staff', 'admin');

  registerRoute(app, staffExports.dossiers, { onRequest }, async (request, reply) =>
    sendCsv(reply, 'dossiers.csv', dossiersCsvHeader, dossiersCsv(app.db, app.config, request.query)),
  );
  registerRoute(app, staffExports.registrants, { onRequest }, async (request, reply) => {
    const rows = await registrantsCsv(app.db, request.query.workshop);
    return sendCsv(reply, `inscrits-atelier-${request.query.workshop}.csv`, registrantsCsvHeader, rows);
  });
  registerRoute(app, staffExports.tracking, { onRequest }, async (_request, reply) =>
    sendCsv(reply, 'recherche-entreprise.csv', trackingCsvHeader, await trackingCsv(app.db)),
  );
}
