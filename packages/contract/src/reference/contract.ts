import { referenceCodeSchema } from './item.ts';

/** SPEC 9: the two contracts the product handles. */
export const typesContrat = [
  { code: 'APP', label: "Contrat d'apprentissage" },
  { code: 'PRO', label: 'Contrat de professionnalisation' },
] as const;
export const typeContratCode = referenceCodeSchema(typesContrat);

/** DOMAIN 1.7, CERFA 10103 "mode contractuel de l'apprentissage". */
export const modesContractuels = [
  { code: '1', label: 'Durée limitée' },
  { code: '2', label: "Dans le cadre d'un CDI" },
  { code: '3', label: 'Entreprise de travail temporaire' },
  { code: '4', label: 'Activités saisonnières à deux employeurs' },
] as const;
export const modeContractuelCode = referenceCodeSchema(modesContractuels);

/** DOMAIN 1.7: 11 initial contract, 21-23 succession, 31-38 avenants. */
export const typesContratAvenant = [
  { code: '11', label: "Premier contrat d'apprentissage de l'apprenti" },
  {
    code: '21',
    label: "Nouveau contrat avec un apprenti qui a terminé son précédent contrat auprès d'un même employeur",
  },
  {
    code: '22',
    label: "Nouveau contrat avec un apprenti qui a terminé son précédent contrat auprès d'un autre employeur",
  },
  {
    code: '23',
    label: "Nouveau contrat avec un apprenti dont le précédent contrat auprès d'un autre employeur a été rompu",
  },
  { code: '31', label: "Modification de la situation juridique de l'employeur" },
  { code: '32', label: "Changement d'employeur dans le cadre d'un contrat saisonnier" },
  { code: '33', label: "Prolongation du contrat suite à un échec à l'examen de l'apprenti" },
  { code: '34', label: "Prolongation du contrat suite à la reconnaissance de l'apprenti comme travailleur handicapé" },
  { code: '35', label: "Modification du diplôme préparé par l'apprenti" },
  {
    code: '36',
    label:
      "Autres changements : changement de maître d'apprentissage, de durée de travail hebdomadaire, réduction de durée, etc.",
  },
  { code: '37', label: "Modification du lieu d'exécution du contrat" },
  { code: '38', label: 'Modification du lieu principal de réalisation de la formation théorique' },
] as const;
export const typeContratAvenantCode = referenceCodeSchema(typesContratAvenant);

/** DOMAIN 1.7. CELIA sends 99 for "no derogation" to AGECAP; the form leaves the field empty. */
export const typesDerogation = [
  { code: '11', label: "Age de l'apprenti inférieur à 16 ans" },
  { code: '12', label: 'Age supérieur à 29 ans : cas spécifiques prévus dans le code du travail' },
  { code: '21', label: "Réduction de la durée du contrat ou de la période d'apprentissage" },
  { code: '22', label: "Allongement de la durée du contrat ou de la période d'apprentissage" },
  { code: '50', label: 'Cumul de dérogations' },
  { code: '60', label: 'Autre dérogation' },
] as const;
export const typeDerogationCode = referenceCodeSchema(typesDerogation);

/** SPEC 3: nature of a professionalisation contract. */
export const naturesContratPro = [
  { code: 'CDI', label: 'Contrat à durée indéterminée' },
  { code: 'CDD', label: 'Contrat à durée déterminée' },
  { code: 'CTT', label: 'Contrat de travail temporaire' },
] as const;
export const natureContratProCode = referenceCodeSchema(naturesContratPro);

/**
 * DOMAIN 1.7, caisses de retraite complémentaire. The CERFA takes the fund's name, so the code is
 * the name. "Malakoff Humanis Agirc-Arrco" is spelt right here, unlike the source's "Agric".
 */
export const caissesRetraite = [
  'AG2R Agirc-Arrco',
  'Agrica (Alliance professionnelle) Agirc-Arrco',
  'Apicil Agirc-Arrco',
  'Audiens (Alliance professionnelle) Agirc-Arrco',
  'B2V (Alliance professionnelle) Agirc-Arrco',
  'Banque de France',
  'BTPR Agirc-Arrco',
  'CARCDSF',
  'CARMF',
  'CARPIMKO',
  'CARPV',
  'CAVAMAC',
  'CAVEC',
  'CAVOM',
  'CAVP',
  'CGRR Agirc-Arrco',
  'CIPAV',
  'CNAV',
  'CNAVPL',
  'CNBF',
  'CNIEG',
  'CNRACL',
  'CPRN',
  'CPRP SNCF',
  'Cropera',
  'CRP RATP',
  'CRPCEN',
  'CRPCF',
  'CRPN',
  'CRR Agirc-Arrco',
  'ENIM',
  'FSPOEIE',
  'IRCANTEC',
  'IRCEC',
  'Ircem Agirc-Arrco',
  'Ircom Agirc-Arrco',
  'IRP Auto (Alliance professionnelle) Agirc-Arrco',
  'Klesia Carcept Agirc-Arrco',
  'Lourmel (Alliance professionnelle) Agirc-Arrco',
  'Malakoff Humanis Agirc-Arrco',
  'Mutualité sociale agricole (MSA)',
  'Port autonome de Strasbourg',
  'PRO BTP (Alliance professionnelle) Agirc-Arrco',
  'Retraite des mines',
  'SSI',
].map((name) => ({ code: name, label: name }));
