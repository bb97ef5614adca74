import { findReferenceLabel, typesEmployeurPublic, type ReferenceItem } from '@passerelle/contract';
import * as referenceLists from '@passerelle/contract';
import type { ContractModel } from './contract-data.ts';
import { frAmount, frDate, splitEmail, splitStreet } from './format.ts';

/**
 * The contract's values by data path (`employeur.adresse.numero`, `remuneration.1.1.taux`…), formatted in French as
 * the CERFA prints them: the drawn CERFA and the field map of an official template read the same values.
 */
export type CerfaValues = Record<string, string | boolean>;

type Data = Record<string, unknown>;
const isObject = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const obj = (value: unknown): Data => (isObject(value) ? value : {});

/** `12` → `12 – Entreprise inscrite…` for a reference list; the code alone when unknown. */
export function codeAndLabel(list: readonly ReferenceItem[], code: unknown): string {
  const value = str(code);
  if (value === '') return '';
  const label = findReferenceLabel(list, value);
  return label ? `${value} – ${label}` : value;
}

export const labelOf = (list: readonly ReferenceItem[], code: unknown): string =>
  findReferenceLabel(list, str(code)) ?? str(code);

/**
 * The reference lists the documents print labels from (`lists.opcos`, `lists.diplomes`…): the contract package's own,
 * re-exported so that the drawn CERFA and the other documents import their lists from one place.
 */
export const lists = referenceLists;

function address(prefix: string, value: unknown, into: CerfaValues): void {
  const a = obj(value);
  const [numero, voie] = splitStreet(a['voie']);
  into[`${prefix}.numero`] = numero;
  into[`${prefix}.voie`] = voie;
  into[`${prefix}.complement`] = str(a['complement']);
  into[`${prefix}.codePostal`] = str(a['codePostal']);
  into[`${prefix}.commune`] = str(a['commune']);
}

function email(prefix: string, value: unknown, into: CerfaValues): void {
  const [local, domain] = splitEmail(value);
  into[`${prefix}.courriel`] = str(value);
  into[`${prefix}.courriel1`] = local;
  into[`${prefix}.courriel2`] = domain;
}

function yesNo(prefix: string, value: unknown, into: CerfaValues): void {
  into[`${prefix}.oui`] = value === true;
  into[`${prefix}.non`] = value === false;
}

/** Whether the employer is public: its type of employer is one of the public list (21 to 30). */
export function isPublicEmployer(model: ContractModel): boolean {
  const type = str(model.employeur['typeEmployeur']);
  return typesEmployeurPublic.some((item) => item.code === type);
}

/** Every value the CERFA prints, by data path. */
export function cerfaValues(model: ContractModel): CerfaValues {
  const v: CerfaValues = {};
  const { employeur, apprenti, representantLegal, maitre1, maitre2, contrat, formation, cfa } = model;

  // L'employeur: the establishment where the contract is carried out.
  const publicEmployer = isPublicEmployer(model);
  v['employeur.prive'] = !publicEmployer;
  v['employeur.public'] = publicEmployer;
  v['employeur.denomination'] = str(employeur['denomination']);
  v['employeur.siretExecution'] = str(employeur['siretExecution']) || str(employeur['siret']);
  address(
    'employeur.adresse',
    isObject(employeur['adresseExecution']) ? employeur['adresseExecution'] : employeur['adresse'],
    v,
  );
  v['employeur.telephone'] = str(employeur['telephone']);
  email('employeur', employeur['courriel'], v);
  v['employeur.typeEmployeur'] = str(employeur['typeEmployeur']);
  v['employeur.employeurSpecifique'] = str(employeur['employeurSpecifique']);
  v['employeur.codeApe'] = str(employeur['codeApe']);
  v['employeur.nombreSalaries'] = str(employeur['nombreSalaries']);
  v['employeur.codeIdcc'] = str(employeur['codeIdcc']);
  v['employeur.regimeSpecifique'] = publicEmployer && employeur['regimeSpecifique'] === true;
  v['contrat.modeContractuel'] = str(contrat['modeContractuel']);

  // L'apprenti(e).
  v['apprenti.nom'] = str(apprenti['nom']);
  v['apprenti.nomUsage'] = '';
  v['apprenti.prenom'] = str(apprenti['prenom']);
  v['apprenti.nir'] = model.nir ?? '';
  v['apprenti.dateNaissance'] = frDate(apprenti['dateNaissance']);
  v['apprenti.sexe.M'] = apprenti['sexe'] === 'M';
  v['apprenti.sexe.F'] = apprenti['sexe'] === 'F';
  v['apprenti.departementNaissance'] = str(apprenti['departementNaissance']);
  v['apprenti.communeNaissance'] = str(apprenti['communeNaissance']);
  v['apprenti.nationalite'] = str(apprenti['nationalite']);
  v['apprenti.regimeSocial'] = str(employeur['regimeSocial']);
  address('apprenti.adresse', apprenti['adresse'], v);
  v['apprenti.telephone'] = str(apprenti['telephone']);
  email('apprenti', apprenti['courriel'], v);
  yesNo('apprenti.sportifHautNiveau', apprenti['sportifHautNiveau'], v);
  yesNo('apprenti.rqth', apprenti['rqth'], v);
  yesNo('apprenti.equivalenceJeunes', apprenti['equivalenceJeunes'], v);
  yesNo('apprenti.extensionBoe', apprenti['extensionBoe'], v);
  yesNo('apprenti.projetCreationReprise', apprenti['projetCreationReprise'], v);
  v['apprenti.situationAvantContrat'] = str(apprenti['situationAvantContrat']);
  v['apprenti.diplomePrepare'] = str(apprenti['diplomePrepare']) || str(apprenti['dernierDiplomeObtenu']);
  v['apprenti.derniereClasse'] = str(apprenti['derniereClasse']);
  v['apprenti.intituleDiplomePrepare'] =
    str(apprenti['intituleDiplomePrepare']) || str(apprenti['intituleDernierDiplomeObtenu']);
  v['apprenti.plusHautDiplome'] = str(apprenti['plusHautDiplome']);

  // Représentant légal (a minor not emancipated): same address as the apprentice when so declared.
  const representant = [str(representantLegal['nom']), str(representantLegal['prenom'])].filter(Boolean).join(' ');
  v['representantLegal.nomPrenom'] = representant;
  address(
    'representantLegal.adresse',
    representant && representantLegal['memeAdresse'] === true ? apprenti['adresse'] : representantLegal['adresse'],
    v,
  );
  email('representantLegal', representantLegal['courriel'], v);

  // Les maîtres d'apprentissage.
  for (const [key, maitre] of [
    ['maitre1', maitre1],
    ['maitre2', maitre2],
  ] as const) {
    v[`${key}.nom`] = str(maitre['nom']);
    v[`${key}.prenom`] = str(maitre['prenom']);
    v[`${key}.dateNaissance`] = frDate(maitre['dateNaissance']);
    email(key, maitre['courriel'], v);
    v[`${key}.emploiOccupe`] = str(maitre['emploiOccupe']);
    v[`${key}.diplome`] = str(maitre['diplome']);
    v[`${key}.niveauDiplome`] = str(maitre['niveauDiplome']);
  }
  v['employeur.attesteEligibilite'] = model.consentements['attestationEligibilite'] === true;

  // Le contrat.
  v['contrat.typeContratApp'] = str(contrat['typeContratApp']);
  v['contrat.typeDerogation'] = str(contrat['typeDerogation']);
  v['contrat.numeroContratPrecedent'] = str(contrat['numeroContratPrecedent']);
  v['contrat.dateConclusion'] = frDate(contrat['dateConclusion']);
  v['contrat.dateDebutContrat'] = frDate(contrat['dateDebutContrat']);
  v['contrat.dateDebutFormationPratique'] = frDate(contrat['dateDebutContrat']);
  v['contrat.dateEffetAvenant'] = '';
  v['contrat.dateFinContrat'] = frDate(contrat['dateFinContrat']);
  v['contrat.dureeTravailHebdoHeures'] = str(contrat['dureeTravailHebdoHeures']);
  v['contrat.dureeTravailHebdoMinutes'] =
    typeof contrat['dureeTravailHebdoHeures'] === 'number'
      ? (str(contrat['dureeTravailHebdoMinutes']) || '0').padStart(2, '0')
      : '';
  yesNo('contrat.travailRisque', contrat['travailRisque'], v);
  for (const period of model.periods) {
    const prefix = `remuneration.${period.ordre}`;
    v[`${prefix}.debut`] = frDate(period.dateDebut);
    v[`${prefix}.fin`] = frDate(period.dateFin);
    v[`${prefix}.taux`] = String(period.taux).replace('.', ',');
    v[`${prefix}.base`] = period.base;
    v[`${prefix}.montant`] = frAmount(period.montant);
  }
  v['contrat.salaireBrutMensuel'] = frAmount(contrat['salaireBrutMensuel']);
  v['employeur.caisseRetraiteComplementaire'] = str(employeur['caisseRetraiteComplementaire']);
  v['contrat.avantageNourriture'] = frAmount(contrat['avantageNourriture']);
  v['contrat.avantageLogement'] = frAmount(contrat['avantageLogement']);
  v['contrat.autresAvantagesEnNature'] = contrat['autresAvantagesEnNature'] === true ? 'Oui' : '';

  // La formation: the CFA responsible is the training's place.
  v['cfa.entreprise.oui'] = false;
  v['cfa.entreprise.non'] = true;
  v['cfa.denomination'] = cfa?.denomination ?? formation?.school ?? '';
  v['cfa.uai'] = cfa?.uai ?? '';
  v['cfa.siret'] = cfa?.siret ?? '';
  address('cfa.adresse', cfa?.adresse, v);
  v['cfa.lieuPrincipal'] = true;
  v['formation.diplomeVise'] = str(apprenti['diplomePrepare']);
  v['formation.libelle'] = formation?.libelle ?? '';
  v['formation.codeDiplome'] = formation?.codeDiplome ?? '';
  v['formation.rncp'] = (formation?.rncp ?? '').replace(/^RNCP/i, '');
  v['formation.dateDebut'] = frDate(formation?.dateDebutFormation);
  v['formation.dateFin'] = frDate(formation?.dateFinFormation);
  v['formation.heures'] = formation?.heures === null || formation?.heures === undefined ? '' : String(formation.heures);
  // CERFA 10103*14 only (its map alone reads it): of the training's hours, those given remotely.
  v['formation.heuresDistanciel'] =
    typeof formation?.heuresDistanciel === 'number' ? String(formation.heuresDistanciel) : '';
  v['employeur.attestePieces'] = true;
  v['signature.lieu'] = str(obj(employeur['adresse'])['commune']);
  return v;
}
