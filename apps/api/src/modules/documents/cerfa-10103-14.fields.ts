import type { CerfaEdition, CerfaFieldMapping, ValuePart } from './cerfa-10103-12.fields.ts';

/**
 * Field maps of the official CERFA 10103*14 (FA13, contracts concluded from 1 July 2025) and 10103*13 (from
 * 17 January 2025), decision 0044. The form was redrawn with generic field names ("Zone de texte 8_42", "Case à cocher
 * 5_3"), 216 fields on two pages and no signature field; dates are three boxes (day, month, year) and amounts two
 * (euros, cents). The names come from public scans of the official *14 file (three independent ones agree on every
 * name used here); the *13 map is the *14 one without the remote hours ("Zone de texte 8_102", the last field added,
 * numbered after every other): the official *13 file was not at hand to check it. A template is always checked against
 * its map before use and refused with the list of what differs (cerfa-fill.ts), so a wrong name never fills a wrong box.
 * Some files write "à" as the PDF name escape "#C3#A0" in the boxes' names; names are compared once unescaped.
 */

const text = (path: string, n: string, part?: ValuePart): CerfaFieldMapping => ({
  path,
  field: `Zone de texte ${n}`,
  type: 'text',
  ...(part ? { part } : {}),
});
const box = (path: string, n: string): CerfaFieldMapping => ({ path, field: `Case à cocher ${n}`, type: 'checkbox' });

/** A date over three boxes: day, month, year. */
const date = (path: string, day: string, month: string, year: string): CerfaFieldMapping[] => [
  text(path, day, 'day'),
  text(path, month, 'month'),
  text(path, year, 'year'),
];
/** An amount over two boxes: euros, cents. */
const amount = (path: string, euros: string, cents: string): CerfaFieldMapping[] => [
  text(path, euros, 'euros'),
  text(path, cents, 'cents'),
];

/** One pay period's row: from (3 boxes), to (3 boxes), rate, base (SMIC / SMC). */
const period = (prefix: string, from: number, rate: string, base: string): CerfaFieldMapping[] => {
  const n = (offset: number) => `21_${from + offset}`;
  return [
    ...date(`${prefix}.debut`, n(0), n(1), n(2)),
    ...date(`${prefix}.fin`, n(3), n(4), n(5)),
    text(`${prefix}.taux`, rate),
    text(`${prefix}.base`, base),
  ];
};

const fields13: CerfaFieldMapping[] = [
  // Mode contractuel, L'EMPLOYEUR
  text('contrat.modeContractuel', '8_54'),
  box('employeur.prive', '1'),
  box('employeur.public', '2'),
  text('employeur.denomination', '8'),
  text('employeur.siretExecution', '8_2'),
  text('employeur.typeEmployeur', '8_3'),
  text('employeur.employeurSpecifique', '8_4'),
  text('employeur.adresse.numero', '8_14'),
  text('employeur.adresse.voie', '8_13'),
  text('employeur.adresse.complement', '8_8'),
  text('employeur.adresse.codePostal', '8_9'),
  text('employeur.adresse.commune', '8_10'),
  text('employeur.nombreSalaries', '8_5'),
  text('employeur.codeIdcc', '8_6'),
  text('employeur.codeApe', '8_7'),
  text('employeur.telephone', '8_11'),
  text('employeur.courriel', '8_12'),
  box('employeur.regimeSpecifique', '2_2'),
  // L'APPRENTI(E)
  text('apprenti.nom', '8_15'),
  text('apprenti.nomUsage', '8_16'),
  text('apprenti.prenom', '8_17'),
  text('apprenti.nir', '8_18'),
  ...date('apprenti.dateNaissance', '21_7', '21_8', '21_9'),
  box('apprenti.sexe.M', '3'),
  box('apprenti.sexe.F', '4'),
  text('apprenti.departementNaissance', '8_26'),
  text('apprenti.communeNaissance', '8_27'),
  text('apprenti.nationalite', '8_33'),
  text('apprenti.regimeSocial', '8_34'),
  text('apprenti.adresse.numero', '8_19'),
  text('apprenti.adresse.voie', '8_20'),
  text('apprenti.adresse.complement', '8_21'),
  text('apprenti.adresse.codePostal', '8_22'),
  text('apprenti.adresse.commune', '8_23'),
  text('apprenti.telephone', '8_24'),
  text('apprenti.courriel', '8_25'),
  box('apprenti.sportifHautNiveau.oui', '5'),
  box('apprenti.sportifHautNiveau.non', '5_2'),
  box('apprenti.rqth.oui', '5_3'),
  box('apprenti.rqth.non', '5_4'),
  // The rights an RQTH gives, asked from the applicant with the recognition (SPEC 3's identity flags); two third-party
  // maps of the fillable *14 (DOMAIN 1.12) agree on these four boxes.
  box('apprenti.equivalenceJeunes.oui', '5_5'),
  box('apprenti.equivalenceJeunes.non', '5_6'),
  box('apprenti.extensionBoe.oui', '5_7'),
  box('apprenti.extensionBoe.non', '5_8'),
  box('apprenti.projetCreationReprise.oui', '5_9'),
  box('apprenti.projetCreationReprise.non', '5_10'),
  text('apprenti.situationAvantContrat', '8_28'),
  text('apprenti.diplomePrepare', '8_29'),
  text('apprenti.derniereClasse', '8_30'),
  text('apprenti.intituleDiplomePrepare', '8_31'),
  text('apprenti.plusHautDiplome', '8_32'),
  // Représentant légal
  text('representantLegal.nomPrenom', '8_35'),
  text('representantLegal.adresse.numero', '8_37'),
  text('representantLegal.adresse.voie', '8_36'),
  text('representantLegal.adresse.complement', '8_38'),
  text('representantLegal.adresse.codePostal', '8_39'),
  text('representantLegal.adresse.commune', '8_40'),
  text('representantLegal.courriel', '8_41'),
  // LE MAÎTRE D'APPRENTISSAGE
  text('maitre1.nom', '8_42'),
  text('maitre1.prenom', '8_43'),
  ...date('maitre1.dateNaissance', '21_4', '21_5', '21_6'),
  text('maitre1.courriel', '8_44'),
  text('maitre1.emploiOccupe', '8_45'),
  text('maitre1.diplome', '8_50'),
  text('maitre1.niveauDiplome', '8_52'),
  text('maitre2.nom', '8_46'),
  text('maitre2.prenom', '8_47'),
  ...date('maitre2.dateNaissance', '21', '21_2', '21_3'),
  text('maitre2.courriel', '8_48'),
  text('maitre2.emploiOccupe', '8_49'),
  text('maitre2.diplome', '8_51'),
  text('maitre2.niveauDiplome', '8_53'),
  box('employeur.attesteEligibilite', '6'),
  // LE CONTRAT
  text('contrat.typeContratApp', '8_71'),
  text('contrat.typeDerogation', '8_70'),
  text('contrat.numeroContratPrecedent', '8_55'),
  ...date('contrat.dateConclusion', '21_16', '21_17', '21_18'),
  ...date('contrat.dateDebutContrat', '21_19', '21_20', '21_21'),
  ...date('contrat.dateDebutFormationPratique', '21_22', '21_23', '21_24'),
  ...date('contrat.dateEffetAvenant', '21_13', '21_14', '21_15'),
  ...date('contrat.dateFinContrat', '21_10', '21_11', '21_12'),
  text('contrat.dureeTravailHebdoHeures', '8_68'),
  text('contrat.dureeTravailHebdoMinutes', '8_69'),
  box('contrat.travailRisque.oui', '5_13'),
  box('contrat.travailRisque.non', '5_14'),
  // Rémunération: four years of two periods each.
  ...period('remuneration.1.1', 81, '8_95', '8_96'),
  ...period('remuneration.1.2', 87, '8_97', '8_98'),
  ...period('remuneration.2.1', 37, '8_56', '8_57'),
  ...period('remuneration.2.2', 43, '8_58', '8_59'),
  ...period('remuneration.3.1', 49, '8_60', '8_61'),
  ...period('remuneration.3.2', 55, '8_62', '8_63'),
  ...period('remuneration.4.1', 61, '8_64', '8_65'),
  ...period('remuneration.4.2', 67, '8_66', '8_67'),
  ...amount('contrat.salaireBrutMensuel', '8_72', '21_73'),
  text('employeur.caisseRetraiteComplementaire', '21_74'),
  ...amount('contrat.avantageNourriture', '21_75', '21_76'),
  ...amount('contrat.avantageLogement', '21_77', '21_78'),
  text('contrat.autresAvantagesEnNature', '21_79'),
  // LA FORMATION: the CFA responsible (8_99, 8_73, 8_74…), which is the main place of training (8_101, 8_84… stay
  // empty: they name another place).
  box('cfa.entreprise.oui', '5_11'),
  box('cfa.entreprise.non', '5_12'),
  text('cfa.denomination', '8_99'),
  text('cfa.uai', '8_73'),
  text('cfa.siret', '8_74'),
  text('cfa.adresse.numero', '8_79'),
  text('cfa.adresse.voie', '8_80'),
  text('cfa.adresse.complement', '8_81'),
  text('cfa.adresse.codePostal', '8_82'),
  text('cfa.adresse.commune', '8_78'),
  text('formation.diplomeVise', '8_77'),
  text('formation.libelle', '8_100'),
  text('formation.codeDiplome', '8_75'),
  text('formation.rncp', '8_76'),
  ...date('formation.dateDebut', '21_25', '21_26', '21_27'),
  ...date('formation.dateFin', '21_28', '21_29', '21_30'),
  text('formation.heures', '21_80'),
  box('cfa.lieuPrincipal', '7'),
  // Signatures
  box('employeur.attestePieces', '8'),
  text('signature.lieu', '8_90'),
];

export const cerfa10103_13: CerfaEdition = {
  edition: '10103*13',
  templateFile: 'cerfa_10103-13.pdf',
  fields: fields13,
  signatureFields: [],
};

export const cerfa10103_14: CerfaEdition = {
  edition: '10103*14',
  templateFile: 'cerfa_10103-14.pdf',
  fields: [...fields13, text('formation.heuresDistanciel', '8_102')],
  signatureFields: [],
};
