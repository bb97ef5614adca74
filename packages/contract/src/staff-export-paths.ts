/**
 * The back office's export paths, as its screens link them (issue 12). Apart from the export schemas so that the
 * pipeline's export button does not load zod.
 */
export const staffExportPaths = {
  dossiers: '/api/staff/exports/dossiers.csv',
  registrants: '/api/staff/exports/registrants.csv',
  tracking: '/api/staff/exports/tracking.csv',
} as const;
