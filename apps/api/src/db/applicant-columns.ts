import { formations, schools, users } from './schema/index.ts';

/**
 * How a page names an applicant and their formation: the person's name, the formation's label and its school's code.
 * For a query that joins `users` (the applicant), `formations` and `schools` (left joins: null when there is none).
 */
export const applicantFormationColumns = {
  prenom: users.prenom,
  nom: users.nom,
  formationLibelle: formations.libelle,
  schoolCode: schools.code,
};
