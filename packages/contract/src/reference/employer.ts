import { referenceCodeSchema } from './item.ts';

/** DOMAIN 1.10, private employers of CERFA 10103*12. */
export const typesEmployeurPrive = [
  {
    code: '11',
    label: "Entreprise inscrite au répertoire des métiers ou au registre des entreprises pour l'Alsace-Moselle",
  },
  { code: '12', label: 'Entreprise inscrite uniquement au registre du commerce et des sociétés' },
  { code: '13', label: 'Entreprises dont les salariés relèvent de la mutualité sociale agricole' },
  { code: '14', label: 'Profession libérale' },
  { code: '15', label: 'Association' },
  { code: '16', label: 'Autre employeur privé' },
] as const;

/** DOMAIN 1.10, public employers added by CERFA 10103*14 (third-party source, to check against notice 51649#09). */
export const typesEmployeurPublic = [
  { code: '21', label: "Service de l'État" },
  { code: '22', label: 'Commune' },
  { code: '23', label: 'Département' },
  { code: '24', label: 'Région' },
  { code: '25', label: 'Établissement public hospitalier' },
  { code: '26', label: "Établissement public local d'enseignement" },
  { code: '27', label: "Établissement public administratif de l'État" },
  { code: '28', label: 'Établissement public administratif local' },
  { code: '29', label: 'Autre employeur public' },
  { code: '30', label: 'Établissement public industriel et commercial' },
] as const;

export const typesEmployeur = [...typesEmployeurPrive, ...typesEmployeurPublic] as const;
export const typeEmployeurCode = referenceCodeSchema(typesEmployeur);

/** DOMAIN 1.10. */
export const employeursSpecifiques = [
  { code: '0', label: 'Aucun des cas ci-dessous' },
  { code: '1', label: 'Entreprise de travail temporaire' },
  { code: '2', label: "Groupement d'employeurs" },
  { code: '3', label: 'Employeur saisonnier' },
  { code: '4', label: "Apprentissage familial : l'employeur est un ascendant de l'apprenti" },
] as const;
export const employeurSpecifiqueCode = referenceCodeSchema(employeursSpecifiques);

export const regimesSociaux = [
  { code: '1', label: 'MSA' },
  { code: '2', label: 'URSSAF' },
] as const;
export const regimeSocialCode = referenceCodeSchema(regimesSociaux);

/** DOMAIN 1.10: the 11 OPCOs. `isHealthOpco` recognises OPCO Santé by this code or its name. */
export const opcos = [
  { code: 'OPCO_2I', label: 'OPCO 2i' },
  { code: 'AFDAS', label: 'AFDAS' },
  { code: 'OCAPIAT', label: 'OCAPIAT' },
  { code: 'AKTO', label: "AKTO (OPCO entreprises et salariés des services à forte intensité de main-d'œuvre)" },
  { code: 'OPCO_EP', label: 'OPCO EP (entreprises de proximité)' },
  { code: 'OPCO_SANTE', label: 'OPCO Santé' },
  { code: 'OPCO_ATLAS', label: 'OPCO ATLAS' },
  { code: 'OPCO_MOBILITE', label: 'OPCO Mobilité' },
  { code: 'OPCO_COMMERCE', label: 'OPCO Commerce' },
  { code: 'OPCO_COHESION_SOCIALE', label: 'OPCO Cohésion sociale (Uniformation)' },
  { code: 'OPCO_CONSTRUCTION', label: 'OPCO Construction (Constructys)' },
] as const;
export const opcoCode = referenceCodeSchema(opcos);
