import { z } from 'zod';
import { formFile } from '../files.ts';
import {
  REFERENCE_TABLE_MAX_BYTES,
  idccLookupParams,
  idccLookupResponse,
  referenceTableParams,
  referenceTablesResponse,
  smicFreshnessResponse,
} from '../reference-tables.ts';
import { defineRoute, multipartBody } from './define.ts';

const uploadForm = z.object({
  file: formFile(`A CSV file (UTF-8 or Windows-1252, commas or semicolons), ${REFERENCE_TABLE_MAX_BYTES / 1024 / 1024} MB at most`),
  source: z.string().describe('Where the rows come from (publisher, dataset, address)'),
  sourceDate: z.string().describe('The date of the data, YYYY-MM-DD'),
});

/** The reference tables (issue 28): the IDCC look-up for the forms, and their versions for the admins. */
export const referenceTables = {
  /** Any signed-in user of the forms: the agreement, its legal state and its OPCO. 404 when the table does not know it. */
  idcc: defineRoute({
    method: 'GET',
    path: '/lookups/idcc/:code',
    params: idccLookupParams,
    responses: { 200: idccLookupResponse },
  }),
  /** Admins: each table's version (source, date, rows, who loaded it). */
  list: defineRoute({
    method: 'GET',
    path: '/staff/settings/reference-tables',
    responses: { 200: referenceTablesResponse },
  }),
  /** Admins: replaces a table by the rows of a CSV, all or nothing; answers every table's version. */
  replace: defineRoute({
    method: 'PUT',
    path: '/staff/settings/reference-tables/:table',
    params: referenceTableParams,
    body: multipartBody(uploadForm),
    responses: { 200: referenceTablesResponse },
  }),
  /** Staff and admins: whether the latest SMIC value is more than 12 months old. */
  smicFreshness: defineRoute({
    method: 'GET',
    path: '/staff/smic/freshness',
    responses: { 200: smicFreshnessResponse },
  }),
};
