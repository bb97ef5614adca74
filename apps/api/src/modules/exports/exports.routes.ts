import { registrantsExportQuery, staffDossiersQuery } from '@passerelle/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv-write.ts';
import { fileResponse } from '@passerelle/contract';
import {
  dossiersCsv,
  dossiersCsvHeader,
  registrantsCsv,
  registrantsCsvHeader,
  trackingCsv,
  trackingCsvHeader,
} from './exports.service.ts';

const csv = (description: string) => ({ 200: fileResponse('text/csv', `${description}: UTF-8 with BOM, semicolons`) });

/**
 * The back office's CSV exports (issue 12; docs/decisions/0024-exports.md), staff and admins only. File names carry
 * no personal data.
 */
export default async function exportsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireUserType('staff', 'admin');

  app.get(
    '/staff/exports/dossiers.csv',
    { onRequest, schema: { querystring: staffDossiersQuery, response: csv('The cases under the pipeline filters') } },
    async (request, reply) =>
      sendCsv(reply, 'dossiers.csv', dossiersCsvHeader, dossiersCsv(app.db, app.config, request.query)),
  );
  app.get(
    '/staff/exports/registrants.csv',
    { onRequest, schema: { querystring: registrantsExportQuery, response: csv("A workshop's registrants") } },
    async (request, reply) => {
      const rows = await registrantsCsv(app.db, request.query.workshop);
      return sendCsv(reply, `inscrits-atelier-${request.query.workshop}.csv`, registrantsCsvHeader, rows);
    },
  );
  app.get(
    '/staff/exports/tracking.csv',
    { onRequest, schema: { response: csv('Employer search per school and formation') } },
    async (_request, reply) => sendCsv(reply, 'recherche-entreprise.csv', trackingCsvHeader, await trackingCsv(app.db)),
  );
}
