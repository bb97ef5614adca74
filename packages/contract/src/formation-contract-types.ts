/**
 * The contracts a formation may be followed under: apprenticeship and professionalisation. Apart from the schemas
 * (staff-formations.ts) so that the back office's formation form reads them without zod.
 */
export const formationContractTypes = ['APP', 'PRO'] as const;
