import type { CerfaEditionCode } from '@passerelle/contract';

/**
 * Field map of the official CERFA 10103*12 (contrat d'apprentissage, AcroForm of 157 fields, ../shared/SIGNING.md):
 * our data path (values.ts) → the exact field name, accents, `’` (U+2019) and colons included. Field names change
 * between editions: a template is checked against its edition's map before use. Checkboxes take the on-value `/Oui`;
 * the e-mails are split around the `@` (`Courriel 1` / `Courriel 2`).
 */

/** A part of a value the form splits over several boxes: a date's day, month or year, an amount's euros or cents. */
export type ValuePart = 'day' | 'month' | 'year' | 'euros' | 'cents';

export interface CerfaFieldMapping {
  path: string;
  field: string;
  type: 'text' | 'checkbox';
  /** The form's box holds only this part of the value (10103*13 on: dates and amounts in separate boxes). */
  part?: ValuePart;
}

export interface CerfaEdition {
  edition: CerfaEditionCode;
  /** The template's file name in CERFA_TEMPLATES_DIR. */
  templateFile: string;
  fields: readonly CerfaFieldMapping[];
  /** The signature fields the template must hold (their rectangles place the signature stamps). */
  signatureFields: readonly string[];
}

const text = (path: string, field: string): CerfaFieldMapping => ({ path, field, type: 'text' });
const box = (path: string, field: string): CerfaFieldMapping => ({ path, field, type: 'checkbox' });

const remuneration = (year: 1 | 2 | 3 | 4): CerfaFieldMapping[] => {
  const ordinal = year === 1 ? '1re' : `${year}e`;
  return [
    text(`remuneration.${year}.1.debut`, `Rémunération - ${ordinal}  année, du _af_date`),
    text(`remuneration.${year}.1.fin`, `Rémunération - ${ordinal}  année, au_af_date`),
    text(`remuneration.${year}.1.taux`, `${year}e année % du`),
    text(`remuneration.${year}.1.base`, `${year}e année % du *`),
    text(`remuneration.${year}.2.debut`, `${year}e année du_af_date`),
    text(`remuneration.${year}.2.fin`, `${year}e année au_af_date`),
    text(`remuneration.${year}.2.taux`, `${year}e année % du1`),
    text(`remuneration.${year}.2.base`, `${year}e année % du *1`),
  ];
};

export const cerfa10103_12: CerfaEdition = {
  edition: '10103*12',
  templateFile: 'cerfa_10103-12.pdf',
  fields: [
    // Mode contractuel, L'EMPLOYEUR
    text('contrat.modeContractuel', 'mode contractuel'),
    box('employeur.prive', 'employeur privé'),
    box('employeur.public', 'employeur public'),
    text('employeur.denomination', 'Nom et prénom ou dénomination :'),
    text('employeur.siretExecution', 'N°SIRET de l’établissement d’exécution du contrat :'),
    text('employeur.adresse.numero', 'N°'),
    text('employeur.adresse.voie', 'Voie'),
    text('employeur.adresse.complement', 'Complément'),
    text('employeur.adresse.codePostal', 'Code postal'),
    text('employeur.adresse.commune', 'Commune'),
    text('employeur.telephone', 'Téléphone'),
    text('employeur.courriel1', 'Courriel 1'),
    text('employeur.courriel2', 'Courriel 2'),
    text('employeur.typeEmployeur', 'Type d’employeur'),
    text('employeur.employeurSpecifique', 'Employeur spécifique'),
    text('employeur.codeApe', 'Code activité de l’entreprise (NAF) :'),
    text('employeur.nombreSalaries', 'Effectif total salariés de l’entreprise :'),
    text('employeur.codeIdcc', 'Code IDCC de la convention collective applicable :'),
    box(
      'employeur.regimeSpecifique',
      '*Pour les employeurs du secteur public, adhésion de l’apprenti au régime spécifique d’assurance chômage :',
    ),
    // L'APPRENTI(E)
    text('apprenti.nom', 'Nom de naissance de l’apprenti(e) :'),
    text('apprenti.nomUsage', 'Nom d’usage'),
    text('apprenti.prenom', 'Le premier prénom de l’apprenti(e) selon l’état civil :'),
    text('apprenti.nir', 'NIR de l’apprenti(e)'),
    text('apprenti.dateNaissance', 'Apprenti Date naissance_af_date'),
    box('apprenti.sexe.M', 'Sexe M'),
    box('apprenti.sexe.F', 'Sexe F'),
    text('apprenti.departementNaissance', 'Département naissance apprenti'),
    text('apprenti.communeNaissance', 'Commune naissance apprenti'),
    text('apprenti.nationalite', 'Nationalité apprenti'),
    text('apprenti.regimeSocial', 'Régime social apprenti'),
    text('apprenti.adresse.numero', 'Adresse de l’apprenti(e) N°'),
    text('apprenti.adresse.voie', 'Adresse de l’apprenti(e) Voie'),
    text('apprenti.adresse.complement', 'Adresse de l’apprenti(e) Complément'),
    text('apprenti.adresse.codePostal', 'Adresse de l’apprenti(e) CP'),
    text('apprenti.adresse.commune', 'Adresse de l’apprenti(e) Commune'),
    text('apprenti.telephone', 'Adresse de l’apprenti(e) Téléphone'),
    text('apprenti.courriel1', 'Adresse de l’apprenti(e) Courriel1'),
    text('apprenti.courriel2', 'Adresse de l’apprenti(e) Courriel2'),
    box('apprenti.sportifHautNiveau.oui', 'Déclare être inscrit sur la liste des sportifs de haut niveau OUI'),
    box('apprenti.sportifHautNiveau.non', 'Déclare être inscrit sur la liste des sportifs de haut niveau NON'),
    box('apprenti.rqth.oui', 'Déclare bénéficier de la reconnaissance travailleur handicapé OUI'),
    box('apprenti.rqth.non', 'Déclare bénéficier de la reconnaissance travailleur handicapé NON'),
    box('apprenti.projetCreationReprise.oui', 'Déclare avoir un projet de création ou de reprise d’entreprise OUI'),
    box('apprenti.projetCreationReprise.non', 'Déclare avoir un projet de création ou de reprise d’entreprise NON'),
    text('apprenti.situationAvantContrat', 'Situation avant ce contrat'),
    text('apprenti.diplomePrepare', 'Dernier diplôme ou titre préparé'),
    text('apprenti.derniereClasse', 'Dernière classe / année suivie'),
    text('apprenti.intituleDiplomePrepare', 'Intitulé précis du dernier diplôme ou titre préparé :'),
    text('apprenti.plusHautDiplome', 'Diplôme ou titre le plus élevé obtenu'),
    // Représentant légal
    text('representantLegal.nomPrenom', 'Représentant légal Nom / Prénom'),
    text('representantLegal.adresse.numero', 'Adresse du représentant légal N°'),
    text('representantLegal.adresse.voie', 'Adresse du représentant légal Voie'),
    text('representantLegal.adresse.complement', 'Adresse du représentant légal Complément'),
    text('representantLegal.adresse.codePostal', 'Adresse du représentant légal CP'),
    text('representantLegal.adresse.commune', 'Adresse du représentant légal Commune'),
    text('representantLegal.courriel1', 'Adresse du représentant légal Courriel1'),
    text('representantLegal.courriel2', 'Adresse du représentant légal Courriel2'),
    // LE MAÎTRE D'APPRENTISSAGE
    text('maitre1.nom', 'Maître d’apprentissage n°1 Nom de naissance'),
    text('maitre1.prenom', 'Maître d’apprentissage n°1 Prénom'),
    text('maitre1.dateNaissance', 'Maître d’apprentissage n°1 Date naissance_af_date'),
    text('maitre1.courriel1', 'Maître d’apprentissage n°1 Courriel1'),
    text('maitre1.courriel2', 'Maître d’apprentissage n°1 Courriel2'),
    text('maitre1.emploiOccupe', 'Maître d’apprentissage n°1 Emploi occupé :'),
    text('maitre1.diplome', 'Maître d’apprentissage n°1Diplôme ou titre le plus élevé obtenu :'),
    text('maitre1.niveauDiplome', 'Maître d’apprentissage n°1 Niveau de diplôme ou titre le plus élevé obtenu :'),
    text('maitre2.nom', 'Maître d’apprentissage n° 2Nom de naissance'),
    text('maitre2.prenom', 'Maître d’apprentissage n°2 Prénom'),
    text('maitre2.dateNaissance', 'Maître d’apprentissage n°2 Date naissance_af_date'),
    text('maitre2.courriel1', 'Maître d’apprentissage n°2 Courriel1'),
    text('maitre2.courriel2', 'Maître d’apprentissage n°2 Courriel2'),
    text('maitre2.emploiOccupe', 'Maître d’apprentissage n°2 Emploi occupé :'),
    text('maitre2.diplome', 'Maître d’apprentissage n°2 Diplôme ou titre le plus élevé obtenu :'),
    text('maitre2.niveauDiplome', 'Maître d’apprentissage n°2 Niveau de diplôme ou titre le plus élevé obtenu :'),
    box('employeur.attesteEligibilite', 'employeur atteste'),
    // LE CONTRAT
    text('contrat.typeContratApp', 'Type de contrat ou d’avenant :'),
    text('contrat.typeDerogation', 'Type de dérogation :'),
    text('contrat.numeroContratPrecedent', 'Numéro du contrat précédent ou du contrat sur lequel porte l’avenant :'),
    text('contrat.dateConclusion', 'Date de conclusion : _af_date'),
    text('contrat.dateDebutContrat', 'Date de début d’exécution du contrat : _af_date'),
    text('contrat.dateDebutFormationPratique', 'Date de début de formation pratique chez l’employeur : _af_date'),
    text('contrat.dateEffetAvenant', 'Si avenant, date d’effet :_af_date'),
    text('contrat.dateFinContrat', "ate de fin du contrat ou de la période d'apprentissage_af_date"),
    text('contrat.dureeTravailHebdoHeures', 'Durée hebdomadaire du travail  heure'),
    text('contrat.dureeTravailHebdoMinutes', 'Durée hebdomadaire du travail  minutes'),
    box('contrat.travailRisque.oui', 'Travail sur machines dangereuses ou exposition à des risques particuliers : OUI'),
    box('contrat.travailRisque.non', 'Travail sur machines dangereuses ou exposition à des risques particuliers : NON'),
    ...remuneration(1),
    ...remuneration(2),
    ...remuneration(3),
    ...remuneration(4),
    text('contrat.salaireBrutMensuel', 'Salaire brut mensuel à l’embauche :'),
    text('employeur.caisseRetraiteComplementaire', 'Caisse de retraite complémentaire :'),
    text('contrat.avantageNourriture', 'Avantages en nature, le cas échéant : Nourriture'),
    text('contrat.avantageLogement', 'Avantages en nature, le cas échéant : Logement'),
    text('contrat.autresAvantagesEnNature', 'Avantages en nature, le cas échéant : Autre'),
    // LA FORMATION
    box('cfa.entreprise.oui', 'CFA d’entreprise OUI'),
    box('cfa.entreprise.non', 'CFA d’entreprise NON'),
    text('cfa.denomination', 'Dénomination du CFA responsable :'),
    text('cfa.uai', 'N° UAI du CFA'),
    text('cfa.siret', 'N° SIRET CFA'),
    text('cfa.adresse.numero', 'Adresse du CFA responsable N°'),
    text('cfa.adresse.voie', 'Adresse du CFA responsable Voie'),
    text('cfa.adresse.complement', 'Adresse du CFA responsable Complément'),
    text('cfa.adresse.codePostal', 'Adresse du CFA responsable CP'),
    text('cfa.adresse.commune', 'Adresse du CFA responsable Commune'),
    box('cfa.lieuPrincipal', 'Si le CFA responsable est le lieu de formation principal cochez la case ci-contre'),
    text('formation.diplomeVise', 'Diplôme ou titre visé par l’apprenti :'),
    text('formation.libelle', 'Diplôme ou titre visé par l’apprenti : Intitulé précis :'),
    text('formation.codeDiplome', 'Code du diplôme'),
    text('formation.rncp', 'Code RNCP'),
    text('formation.dateDebut', 'Date de début de formation en CFA :  _af_date'),
    text('formation.dateFin', 'Date prévue de fin des épreuves ou examens :_af_date'),
    text('formation.heures', 'Durée de la formation :'),
    // Signatures
    box(
      'employeur.attestePieces',
      'L’employeur atteste disposer de l’ensemble des pièces justificatives nécessaires au dépôt du contrat',
    ),
    text('signature.lieu', 'Fait à'),
  ],
  signatureFields: [
    'Signature de l’employeur',
    'Signature de l’apprenti(e)',
    'Signature du représentant légal de l’apprenti(e) mineur(e)',
    'Visa du CFA (cachet et signature du directeur) :',
  ],
};
