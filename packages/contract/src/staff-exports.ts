import { z } from 'zod';

/**
 * The back office's CSV exports (issue 12, "Exports"; docs/decisions/0024-exports.md): the cases under the pipeline's
 * filters (`staffDossiersQuery`), a workshop's registrants, and the applicants' employer search by school and
 * formation. Every file is UTF-8 with a byte-order mark, semicolons and dates dd/mm/yyyy.
 */
export const registrantsExportQuery = z
  .object({ workshop: z.coerce.number().int().positive().max(2_147_483_647) })
  .strict();
export type RegistrantsExportQuery = z.infer<typeof registrantsExportQuery>;
