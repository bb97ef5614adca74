import { degrees, rgb, type PDFDocument, type PDFFont } from '@cantoo/pdf-lib';
import { editionHasRemoteHours, editionHasRqthRights, type CerfaEditionCode } from '@passerelle/contract';
import type { ContractModel } from './contract-data.ts';
import { frAmount, frDate, frEuros, frHours, frYesNo } from './format.ts';
import { A4, saveDocument, type Field } from '../../lib/pdf-kit.ts';
import { startDocument } from './other-documents.ts';
import { cerfaValues, codeAndLabel, isPublicEmployer, labelOf, lists } from './values.ts';

/** What the left margin of every page of the drawn CERFA says (decision 0044): it is not the official form. */
export const trialCopyNotice = (edition: CerfaEditionCode) =>
  `EXEMPLAIRE D'ESSAI — reproduction établie par Passerelle, ce n'est pas le formulaire officiel Cerfa n° ${edition} : le contrat se signe et se dépose sur le formulaire officiel.`;

/** The notice up the left margin of each page, read bottom to top, in the margin the flow leaves free. */
function markTrialCopy(doc: PDFDocument, font: PDFFont, edition: CerfaEditionCode): void {
  const text = trialCopyNotice(edition);
  let size = 7.5;
  // Fits the page's height between the footer and the header whatever the edition's length.
  while (font.widthOfTextAtSize(text, size) > A4[1] - 100 && size > 5) size -= 0.25;
  for (const page of doc.getPages())
    page.drawText(text, { x: 26, y: 50, size, font, color: rgb(0.55, 0.08, 0.08), rotate: degrees(90) });
}

type Data = Record<string, unknown>;
const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const obj = (value: unknown): Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : {};

function addressLine(value: unknown): string {
  const a = obj(value);
  const city = [str(a['codePostal']), str(a['commune'])].filter(Boolean).join(' ');
  return [str(a['voie']), str(a['complement']), city].filter(Boolean).join(', ');
}

const person = (value: Data) => [str(value['prenom']), str(value['nom'])].filter(Boolean).join(' ');

/**
 * The product's own CERFA (issue 11): a complete, readable A4 document with the official form's sections (L'EMPLOYEUR,
 * L'APPRENTI(E), LE MAÎTRE D'APPRENTISSAGE, LE CONTRAT, LA FORMATION, for the professionalisation form LE SALARIÉ and LE
 * TUTEUR), every field the sheets hold, the remuneration periods and the signature boxes. In French formats.
 */
export async function drawCerfa(
  model: ContractModel,
  at: Date,
): Promise<{ bytes: Uint8Array; pages: number; edition: string }> {
  const isApp = model.typeContrat === 'APP';
  const { edition } = model;
  const { doc, flow } = await startDocument(`Exemplaire d'essai du Cerfa n° ${edition} — établi`, at);
  const v = cerfaValues(model);
  const { employeur, apprenti, representantLegal, contrat, formation, cfa } = model;

  flow.title(
    isApp ? "Contrat d'apprentissage" : 'Contrat de professionnalisation',
    isApp
      ? `(art. L6211-1 et suivants du code du travail) — reprend les rubriques du formulaire Cerfa ${edition} et de sa notice.`
      : `(art. L6325-1 et suivants du code du travail) — reprend les rubriques du formulaire Cerfa ${edition}.`,
    `Exemplaire d'essai · n° ${edition}`,
  );
  if (isApp)
    flow.fields([
      {
        label: "Mode contractuel de l'apprentissage",
        value: codeAndLabel(lists.modesContractuels, contrat['modeContractuel']),
      },
      { label: 'Employeur', value: isPublicEmployer(model) ? 'Employeur « public »' : 'Employeur privé' },
    ]);
  else
    flow.fields([
      { label: 'Nature du contrat', value: codeAndLabel(lists.naturesContratPro, contrat['natureContrat']) },
      { label: 'Numéro de projet', value: str(contrat['numeroProjet']) },
    ]);

  flow.heading("L'EMPLOYEUR");
  flow.fields([
    { label: 'Nom et prénom ou dénomination', value: v['employeur.denomination'] as string },
    { label: "N° SIRET de l'établissement d'exécution du contrat", value: v['employeur.siretExecution'] as string },
    {
      label: "Adresse de l'établissement d'exécution du contrat",
      value: addressLine(
        obj(employeur['adresseExecution'])['voie'] ? employeur['adresseExecution'] : employeur['adresse'],
      ),
    },
    { label: "Type d'employeur", value: codeAndLabel(lists.typesEmployeur, employeur['typeEmployeur']) },
    {
      label: 'Employeur spécifique',
      value: codeAndLabel(lists.employeursSpecifiques, employeur['employeurSpecifique']),
    },
    { label: "Code activité de l'entreprise (NAF)", value: str(employeur['codeApe']) },
    { label: "Effectif total salariés de l'entreprise", value: str(employeur['nombreSalaries']) },
    { label: 'Code IDCC de la convention collective applicable', value: str(employeur['codeIdcc']) },
    { label: 'Téléphone', value: str(employeur['telephone']) },
    { label: 'Courriel', value: str(employeur['courriel']) },
    { label: 'Régime social', value: codeAndLabel(lists.regimesSociaux, employeur['regimeSocial']) },
    { label: 'Caisse de retraite complémentaire', value: str(employeur['caisseRetraiteComplementaire']) },
    ...(employeur['adresseContratDifferente'] === true
      ? [{ label: 'Adresse du siège (pour le contrat)', value: addressLine(employeur['adresseContrat']) }]
      : []),
    ...(isPublicEmployer(model)
      ? [
          {
            label: "Adhésion de l'apprenti au régime spécifique d'assurance chômage (secteur public)",
            value: frYesNo(employeur['regimeSpecifique']),
          },
        ]
      : []),
    { label: 'OPCO', value: labelOf(lists.opcos, model.opco['nom']) },
    { label: "N° d'adhérent à l'OPCO", value: str(model.opco['numeroAdherent']) },
  ]);

  flow.heading(isApp ? "L'APPRENTI(E)" : 'LE SALARIÉ');
  const apprenticeFields: Field[] = [
    { label: 'Nom de naissance', value: str(apprenti['nom']) },
    { label: "Premier prénom selon l'état civil", value: str(apprenti['prenom']) },
    { label: 'NIR (numéro de sécurité sociale)', value: model.nir ?? '' },
    { label: 'Date de naissance', value: frDate(apprenti['dateNaissance']) },
    { label: 'Sexe', value: apprenti['sexe'] === 'F' ? 'F' : apprenti['sexe'] === 'M' ? 'M' : '' },
    {
      label: 'Département et commune de naissance',
      value: [str(apprenti['departementNaissance']), str(apprenti['communeNaissance'])].filter(Boolean).join(' – '),
    },
    { label: 'Nationalité', value: codeAndLabel(lists.nationalites, apprenti['nationalite']) },
    { label: 'Régime social', value: codeAndLabel(lists.regimesSociaux, employeur['regimeSocial']) },
    { label: 'Adresse', value: addressLine(apprenti['adresse']) },
    { label: 'Téléphone', value: str(apprenti['telephone']) },
    { label: 'Courriel', value: str(apprenti['courriel']) },
    {
      label: 'Déclare être inscrit(e) sur la liste des sportifs de haut niveau',
      value: frYesNo(apprenti['sportifHautNiveau']),
    },
    { label: 'Déclare bénéficier de la reconnaissance travailleur handicapé', value: frYesNo(apprenti['rqth']) },
    ...(editionHasRqthRights(edition)
      ? [
          { label: 'Droits RQTH : équivalence jeunes', value: frYesNo(apprenti['equivalenceJeunes']) },
          { label: 'Droits RQTH : extension BOE', value: frYesNo(apprenti['extensionBoe']) },
        ]
      : []),
    {
      label: 'Situation avant ce contrat',
      value: codeAndLabel(lists.situationsAvantContrat, apprenti['situationAvantContrat']),
    },
    { label: 'Dernier diplôme ou titre préparé', value: codeAndLabel(lists.diplomes, v['apprenti.diplomePrepare']) },
    {
      label: 'Dernière classe / année suivie',
      value: codeAndLabel(lists.dernieresClasses, apprenti['derniereClasse']),
    },
    {
      label: 'Intitulé précis du dernier diplôme ou titre préparé',
      value: v['apprenti.intituleDiplomePrepare'] as string,
    },
    {
      label: 'Diplôme ou titre le plus élevé obtenu',
      value: codeAndLabel(lists.diplomes, apprenti['plusHautDiplome']),
    },
    {
      label: "Déclare avoir un projet de création ou de reprise d'entreprise",
      value: frYesNo(apprenti['projetCreationReprise']),
    },
  ];
  if (!isApp)
    apprenticeFields.push(
      { label: 'Inscrit(e) à France Travail', value: frYesNo(apprenti['inscritFranceTravail']) },
      { label: 'Identifiant France Travail', value: str(apprenti['numeroFranceTravail']) },
      { label: "Durée d'inscription (mois)", value: str(apprenti['dureeInscriptionFranceTravailMois']) },
      { label: 'Minimum social perçu', value: str(apprenti['typeMinimumSocial']) },
    );
  flow.fields(apprenticeFields);
  if (person(representantLegal)) {
    flow.subheading('Représentant légal (apprenti(e) mineur(e) non émancipé(e))');
    flow.fields([
      { label: 'Nom de naissance et prénom', value: v['representantLegal.nomPrenom'] as string },
      { label: 'Courriel', value: str(representantLegal['courriel']) },
      {
        label: 'Adresse',
        value:
          representantLegal['memeAdresse'] === true
            ? addressLine(apprenti['adresse'])
            : addressLine(representantLegal['adresse']),
      },
      { label: 'Téléphone', value: str(representantLegal['telephone']) },
    ]);
  }

  flow.heading(isApp ? "LE MAÎTRE D'APPRENTISSAGE" : 'LE TUTEUR');
  const masters = [model.maitre1, model.maitre2].filter((maitre, index) => index === 0 || person(maitre) !== '');
  masters.forEach((maitre, index) => {
    flow.subheading(isApp ? `Maître d'apprentissage n° ${index + 1}` : `Tuteur n° ${index + 1}`);
    flow.fields([
      { label: 'Nom de naissance', value: str(maitre['nom']) },
      { label: 'Prénom', value: str(maitre['prenom']) },
      { label: 'Date de naissance', value: frDate(maitre['dateNaissance']) },
      { label: 'Courriel', value: str(maitre['courriel']) },
      { label: 'Emploi occupé', value: str(maitre['emploiOccupe']) },
      { label: 'Diplôme ou titre le plus élevé obtenu', value: str(maitre['diplome']) },
      {
        label: 'Niveau de diplôme ou titre le plus élevé obtenu',
        value: labelOf(lists.niveauxDiplome, maitre['niveauDiplome']),
      },
    ]);
  });
  flow.paragraph(
    `L'employeur atteste sur l'honneur que le ${isApp ? "maître d'apprentissage" : 'tuteur'} répond à l'ensemble des critères d'éligibilité à cette fonction : ${frYesNo(model.consentements['attestationEligibilite']) || 'non renseigné'}.`,
    { size: 8.5 },
  );

  flow.heading('LE CONTRAT');
  const contractFields: Field[] = [
    { label: 'Intitulé du poste', value: str(contrat['intitulePoste']) },
    ...(isApp
      ? [
          {
            label: "Type de contrat ou d'avenant",
            value: codeAndLabel(lists.typesContratAvenant, contrat['typeContratApp']),
          },
          { label: 'Type de dérogation', value: codeAndLabel(lists.typesDerogation, contrat['typeDerogation']) },
          {
            label: "Numéro du contrat précédent ou du contrat sur lequel porte l'avenant",
            value: str(contrat['numeroContratPrecedent']),
          },
        ]
      : [
          {
            label: 'Classification / niveau / coefficient',
            value: [contrat['classification'], contrat['niveau'], contrat['coefficient']]
              .map(str)
              .filter(Boolean)
              .join(' / '),
          },
          {
            label: "Durée de la période d'essai",
            value:
              contrat['dureePeriodeEssaiJours'] === undefined ? '' : `${str(contrat['dureePeriodeEssaiJours'])} jours`,
          },
          {
            label: "NAF de l'entreprise utilisatrice (travail temporaire)",
            value: str(contrat['nafEntrepriseUtilisatrice']),
          },
          {
            label: "Titulaire d'un bac professionnel ou d'un titre de même niveau",
            value: frYesNo(contrat['qualificationBacPro']),
          },
        ]),
    { label: 'Date de conclusion (date des signatures)', value: frDate(contrat['dateConclusion']) },
    { label: "Date de début d'exécution du contrat", value: frDate(contrat['dateDebutContrat']) },
    { label: "Date de début de formation pratique chez l'employeur", value: frDate(contrat['dateDebutContrat']) },
    {
      label: isApp ? "Date de fin du contrat ou de la période d'apprentissage" : 'Date de fin du contrat',
      value: frDate(contrat['dateFinContrat']),
    },
    {
      label: 'Durée hebdomadaire du travail',
      value: frHours(contrat['dureeTravailHebdoHeures'], contrat['dureeTravailHebdoMinutes']),
    },
    {
      label: 'Travail sur machines dangereuses ou exposition à des risques particuliers',
      value: frYesNo(contrat['travailRisque']),
    },
  ];
  flow.fields(contractFields);
  flow.subheading('Rémunération');
  flow.table(
    ['Période', 'Du', 'Au', 'Âge', 'Taux convenu', 'Base', 'Brut mensuel'],
    model.periods.map((period) => [
      `${period.annee}${period.annee === 1 ? 're' : 'e'} année${period.ordre.endsWith('.2') ? ' (suite)' : ''}`,
      frDate(period.dateDebut),
      frDate(period.dateFin),
      `${period.age} ans`,
      `${String(period.taux).replace('.', ',')} %`,
      period.base,
      frEuros(period.montant),
    ]),
    [1.5, 1.2, 1.2, 0.7, 1, 0.7, 1.3],
  );
  if (model.periods.length === 0)
    flow.paragraph('Les périodes ne peuvent pas être calculées : dates ou SMIC manquants (voir l’annexe).', {
      size: 8.5,
    });
  flow.paragraph(
    isApp
      ? 'Base : SMIC en vigueur au début du contrat, ou salaire minimum conventionnel (SMC) lorsqu’il est plus favorable à partir de 21 ans. Montants bruts mensuels arrondis au centime supérieur.'
      : 'Base : SMIC en vigueur au début du contrat ; à partir de 26 ans, 85 % du salaire minimum conventionnel (SMC) lorsqu’il est plus favorable. Nouveau taux à partir du premier jour du mois qui suit les 21 et 26 ans. Montants bruts mensuels arrondis au centime supérieur.',
    { size: 7.5, color: 'muted' },
  );
  flow.fields([
    { label: "Salaire brut mensuel à l'embauche", value: frEuros(contrat['salaireBrutMensuel']) },
    { label: 'Salaire minimum conventionnel (SMC)', value: frEuros(contrat['smc']) },
    {
      label: 'Avantages en nature',
      value: [
        contrat['avantageNourriture'] === undefined
          ? ''
          : `nourriture ${frAmount(contrat['avantageNourriture'])} € / repas`,
        contrat['avantageLogement'] === undefined ? '' : `logement ${frAmount(contrat['avantageLogement'])} € / mois`,
        contrat['autresAvantagesEnNature'] === true ? 'autres' : '',
      ]
        .filter(Boolean)
        .join(' ; '),
    },
    { label: 'Caisse de retraite complémentaire', value: str(employeur['caisseRetraiteComplementaire']) },
  ]);

  flow.heading('LA FORMATION');
  flow.fields([
    { label: isApp ? "CFA d'entreprise" : 'Organisme de formation interne', value: 'Non' },
    {
      label: isApp ? 'Dénomination du CFA responsable' : 'Organisme de formation',
      value: v['cfa.denomination'] as string,
    },
    { label: 'N° UAI', value: str(cfa?.uai) },
    { label: 'N° SIRET', value: str(cfa?.siret) },
    { label: 'Adresse', value: addressLine(cfa?.adresse) },
    { label: 'Diplôme ou titre visé : intitulé précis', value: formation?.libelle ?? '' },
    { label: 'Code du diplôme', value: formation?.codeDiplome ?? '' },
    { label: 'Code RNCP', value: v['formation.rncp'] as string },
    {
      label: isApp ? 'Date de début de formation en CFA' : 'Date de début de la formation',
      value: frDate(formation?.dateDebutFormation),
    },
    { label: 'Date prévue de fin des épreuves ou examens', value: frDate(formation?.dateFinFormation) },
    { label: 'Durée de la formation', value: formation?.heures ? `${formation.heures} heures` : '' },
    ...(editionHasRemoteHours(edition)
      ? [
          {
            label: 'Dont heures en distanciel',
            value:
              typeof formation?.heuresDistanciel === 'number'
                ? `${formation.heuresDistanciel} heures`
                : 'non renseigné',
          },
        ]
      : []),
    { label: 'Rythme de l’alternance', value: model.terms?.rythme ?? '' },
  ]);
  if (isApp) flow.paragraph('Le CFA responsable est le lieu de formation principal.', { size: 8.5 });

  flow.heading('SIGNATURES');
  flow.paragraph(
    "L'employeur atteste disposer de l'ensemble des pièces justificatives nécessaires au dépôt du contrat.",
    { size: 8.5 },
  );
  flow.fields([
    { label: 'Fait à', value: v['signature.lieu'] as string },
    { label: 'Le', value: frDate(contrat['dateConclusion']) },
  ]);
  const minor = person(representantLegal) !== '';
  flow.signatures([
    "Signature de l'employeur",
    isApp ? "Signature de l'apprenti(e)" : 'Signature du salarié(e)',
    ...(minor ? ["Signature du représentant légal de l'apprenti(e) mineur(e)"] : []),
    ...(isApp ? ['Visa du CFA (cachet et signature du directeur)'] : []),
  ]);
  flow.finish(`${isApp ? "Contrat d'apprentissage" : 'Contrat de professionnalisation'} — ${person(apprenti)}`);
  markTrialCopy(doc, flow.fonts.bold, edition);
  const bytes = await saveDocument(
    doc,
    `${isApp ? "Contrat d'apprentissage" : 'Contrat de professionnalisation'} — exemplaire d'essai du Cerfa ${edition}`,
    at,
  );
  return { bytes, pages: doc.getPageCount(), edition };
}
