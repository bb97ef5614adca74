/** The reference lists the sheets offer in their selects, loaded beside the screen rather than in it. */
export {
  departementsNaissance,
  dernieresClasses,
  diplomes,
  nationalites,
  niveauxDiplome,
  sexes,
  situationsAvantContrat,
} from '@passerelle/contract/reference/apprentice';
export { modesContractuels, naturesContratPro, typesContrat, typesContratAvenant, typesDerogation } from '@passerelle/contract/reference/contract';
export { employeursSpecifiques, opcos, regimesSociaux, typesEmployeur } from '@passerelle/contract/reference/employer';
