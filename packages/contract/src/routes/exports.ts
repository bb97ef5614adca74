import { registrantsExportQuery } from '../staff-exports.ts';
import { staffDossiersQuery } from '../staff.ts';
import { defineRoute, fileResponse } from './define.ts';

const csv = (description: string) => ({ 200: fileResponse('text/csv', `${description}: UTF-8 with BOM, semicolons`) });

/**
 * The back office's CSV exports (issue 12; docs/decisions/0024-exports.md), staff and admins only. File names carry
 * no personal data.
 */
export const staffExports = {
  dossiers: defineRoute({
    method: 'GET',
    path: '/staff/exports/dossiers.csv',
    query: staffDossiersQuery,
    responses: csv('The cases under the pipeline filters'),
  }),
  registrants: defineRoute({
    method: 'GET',
    path: '/staff/exports/registrants.csv',
    query: registrantsExportQuery,
    responses: csv("A workshop's registrants"),
  }),
  tracking: defineRoute({
    method: 'GET',
    path: '/staff/exports/tracking.csv',
    responses: csv('Employer search per school and formation'),
  }),
};
