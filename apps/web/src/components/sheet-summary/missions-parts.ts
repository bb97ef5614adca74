import type { FieldSpec } from './spec-values';

/** The missions read back (the job description, a file, is shown where the page lists files). */
export const missionsSpecs: FieldSpec[] = [
  { path: 'missions.description', label: 'missionsDescription', type: 'textarea' },
  { path: 'missions.competencesVisees', label: 'competencesVisees', type: 'textarea' },
];
