import { PDFDocument } from '@cantoo/pdf-lib';
import type { ContractModel } from './contract-data.ts';
import { frDate, frEuros, frHours, frNumber } from './format.ts';
import { embedFonts, Flow, saveDocument } from '../../lib/pdf-kit.ts';
import { labelOf, lists } from './values.ts';

type Data = Record<string, unknown>;
const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const obj = (value: unknown): Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : {};
const person = (value: unknown) => [str(obj(value)['prenom']), str(obj(value)['nom'])].filter(Boolean).join(' ');

function addressLine(value: unknown): string {
  const a = obj(value);
  const city = [str(a['codePostal']), str(a['commune'])].filter(Boolean).join(' ');
  return [str(a['voie']), str(a['complement']), city].filter(Boolean).join(', ');
}

export interface DrawnDocument {
  bytes: Uint8Array;
  pages: number;
}

/** A new PDF and its flow, every page headed `<header> par Passerelle le <date>` (`Annexe au contrat — établie`). */
export async function startDocument(header: string, at: Date): Promise<{ doc: PDFDocument; flow: Flow }> {
  const doc = await PDFDocument.create();
  const flow = new Flow(
    doc,
    await embedFonts(doc),
    `${header} par Passerelle le ${frDate(at.toISOString().slice(0, 10))}`,
  );
  return { doc, flow };
}

const contractName = (model: ContractModel) =>
  model.typeContrat === 'APP' ? "contrat d'apprentissage" : 'contrat de professionnalisation';

function parties(flow: Flow, model: ContractModel): void {
  const { cfa, employeur, contacts } = model;
  flow.heading('ENTRE LES SOUSSIGNÉS');
  flow.subheading("L'organisme de formation");
  flow.fields([
    { label: 'Dénomination', value: cfa?.denomination ?? model.formation?.school ?? '' },
    { label: 'N° UAI', value: str(cfa?.uai) },
    { label: 'N° SIRET', value: str(cfa?.siret) },
    { label: 'Adresse', value: addressLine(cfa?.adresse) },
    { label: 'Représenté par', value: str(cfa?.representant) },
  ]);
  flow.subheading("L'employeur");
  flow.fields([
    { label: 'Dénomination', value: str(employeur['denomination']) },
    { label: 'N° SIRET', value: str(employeur['siret']) },
    { label: 'Adresse', value: addressLine(employeur['adresse']) },
    {
      label: 'Représenté par',
      value: [person(obj(contacts)['signataire']), str(obj(obj(contacts)['signataire'])['fonction'])]
        .filter(Boolean)
        .join(', '),
    },
  ]);
}

/** The 2025 funding rules the contract falls under (decision 0044), in the convention's financial article. */
function fundingRulesParagraphs(flow: Flow, model: ContractModel): void {
  const { employerShare, remoteReduction } = model.funding;
  if (employerShare.applies)
    flow.paragraph(
      `Participation obligatoire de l'employeur : ${frEuros(employerShare.amount)} pour le contrat (certification de niveau ${employerShare.level}, contrat conclu à partir du 1er juillet 2025 ; art. R6332-25-1 du code du travail). L'organisme de formation la facture à l'employeur à l'issue des 45 premiers jours de formation pratique en entreprise ; elle est déduite de la prise en charge de l'OPCO.`,
      { size: 8.5 },
    );
  if (remoteReduction.applies)
    flow.paragraph(
      `Formation dispensée à distance pour ${frNumber(remoteReduction.sharePercent)} % de sa durée : l'OPCO minore le niveau de prise en charge de 20 %, sans descendre sous 4 000 € (art. R6332-82-1 du code du travail)${remoteReduction.npec !== null && remoteReduction.reducedNpec !== null ? `, soit ${frEuros(remoteReduction.reducedNpec)} par an au lieu de ${frEuros(remoteReduction.npec)}${remoteReduction.floorApplied ? ' (plancher appliqué)' : ''}` : ''}.`,
      { size: 8.5 },
    );
}

/** The training convention between the school (the CFA) and the employer (Code du travail L6353-1, L6224-1). */
export async function drawConvention(model: ContractModel, at: Date): Promise<DrawnDocument> {
  const { doc, flow } = await startDocument('Convention de formation — établie', at);
  const { apprenti, contrat, formation, terms, facturation } = model;
  flow.title(
    'Convention de formation',
    `Conclue en application des articles L6353-1 et suivants du code du travail, pour la formation d'un(e) salarié(e) en ${contractName(model)}.`,
  );
  parties(flow, model);

  flow.heading('ARTICLE 1 — OBJET');
  flow.paragraph(
    `L'organisme de formation assure la formation théorique de ${person(apprenti) || "l'alternant(e)"}, né(e) le ${frDate(apprenti['dateNaissance']) || '—'}, recruté(e) par l'employeur en ${contractName(model)} du ${frDate(contrat['dateDebutContrat']) || '—'} au ${frDate(contrat['dateFinContrat']) || '—'} sur le poste « ${str(contrat['intitulePoste']) || '—'} ».`,
  );
  flow.heading('ARTICLE 2 — LA FORMATION');
  flow.fields([
    { label: 'Intitulé', value: formation?.libelle ?? '' },
    { label: 'École', value: formation?.school ?? '' },
    { label: 'Code RNCP', value: formation?.rncp ?? '' },
    { label: 'Code du diplôme', value: formation?.codeDiplome ?? '' },
    { label: 'Début de la formation', value: frDate(formation?.dateDebutFormation) },
    { label: 'Fin de la formation (épreuves)', value: frDate(formation?.dateFinFormation) },
    { label: 'Durée de la formation', value: formation?.heures ? `${formation.heures} heures` : '' },
    {
      label: 'Dont formation à distance',
      value:
        typeof formation?.heuresDistanciel === 'number'
          ? `${formation.heuresDistanciel} heures${formation.heures ? ` (${frNumber((formation.heuresDistanciel / formation.heures) * 100)} % de la formation)` : ''}`
          : 'non renseigné',
    },
    { label: "Rythme de l'alternance", value: terms?.rythme ?? '' },
    {
      label: 'Durée hebdomadaire du travail',
      value: frHours(contrat['dureeTravailHebdoHeures'], contrat['dureeTravailHebdoMinutes']),
    },
    { label: "Maître d'apprentissage / tuteur", value: person(model.maitre1) },
  ]);
  flow.heading('ARTICLE 3 — DISPOSITIONS FINANCIÈRES');
  flow.table(
    ['', 'Montant annuel'],
    [
      ['Coût de la formation', frEuros(terms?.coutFormationAnnuel)],
      ["Prise en charge par l'OPCO (niveau de prise en charge)", frEuros(terms?.priseEnChargeOpco)],
      ["Reste à charge de l'employeur", frEuros(terms?.resteACharge)],
    ],
    [3, 1.2],
  );
  if (!terms)
    flow.paragraph('Les modalités financières ne sont pas encore enregistrées (voir l’annexe).', { size: 8.5 });
  fundingRulesParagraphs(flow, model);
  if (terms?.commentaire) flow.paragraph(`Observations : ${terms.commentaire}`, { size: 8.5 });
  flow.fields([
    { label: 'OPCO', value: labelOf(lists.opcos, model.opco['nom']) },
    {
      label: 'Paiement',
      value: model.subrogation
        ? "Subrogation : l'OPCO règle directement à l'organisme de formation sa prise en charge (mandat joint)."
        : "L'employeur règle l'organisme de formation et se fait rembourser par l'OPCO.",
    },
    { label: 'Référence du bon de commande', value: str(facturation['referenceBonCommande']) },
    { label: 'SIRET de facturation', value: str(facturation['siretFacturation']) || str(model.employeur['siret']) },
  ]);
  flow.heading('ARTICLE 4 — ENGAGEMENTS');
  flow.paragraph(
    "L'organisme de formation s'engage à dispenser la formation décrite à l'article 2, à informer l'employeur des absences de l'alternant(e) et de sa progression, et à lui adresser les attestations d'assiduité. L'employeur s'engage à permettre à l'alternant(e) de suivre la formation selon le rythme convenu et à lui confier des missions en rapport avec celle-ci.",
  );
  flow.paragraph(
    'La présente convention prend effet à la date de début du contrat et prend fin à la fin de la formation ; elle est résiliée de plein droit en cas de rupture du contrat, les sommes restant dues étant calculées au prorata de la formation suivie.',
  );
  flow.heading('SIGNATURES');
  flow.signatures(["Pour l'organisme de formation (cachet et signature)", "Pour l'employeur (cachet et signature)"]);
  flow.finish(`Convention de formation — ${person(apprenti)}`);
  return { bytes: await saveDocument(doc, 'Convention de formation', at), pages: doc.getPageCount() };
}

/** The subrogation mandate: the employer lets the OPCO pay its funding of the training to the school directly. */
export async function drawMandate(model: ContractModel, at: Date): Promise<DrawnDocument> {
  const { doc, flow } = await startDocument('Mandat de subrogation — établi', at);
  const { apprenti, contrat, terms, employeur } = model;
  const opco = labelOf(lists.opcos, model.opco['nom']) || "l'OPCO";
  const school = model.cfa?.denomination ?? model.formation?.school ?? "l'organisme de formation";
  flow.title(
    'Mandat de subrogation de paiement',
    `Prise en charge des frais de formation d'un ${contractName(model)}.`,
  );
  parties(flow, model);
  flow.heading('MANDAT');
  flow.paragraph(
    `L'employeur ${str(employeur['denomination']) || '—'} (SIRET ${str(employeur['siret']) || '—'}) donne mandat à ${opco} de verser directement à ${school} la prise en charge des frais de formation de ${person(apprenti) || "l'alternant(e)"}, au titre du ${contractName(model)} conclu pour la période du ${frDate(contrat['dateDebutContrat']) || '—'} au ${frDate(contrat['dateFinContrat']) || '—'} (formation « ${model.formation?.libelle ?? '—'} »).`,
  );
  flow.fields([
    { label: 'OPCO', value: opco },
    { label: "N° d'adhérent", value: str(model.opco['numeroAdherent']) },
    { label: 'Coût annuel de la formation', value: frEuros(terms?.coutFormationAnnuel) },
    { label: "Prise en charge annuelle de l'OPCO", value: frEuros(terms?.priseEnChargeOpco) },
    { label: "Reste à charge annuel de l'employeur", value: frEuros(terms?.resteACharge) },
  ]);
  flow.paragraph(
    "L'organisme de formation facture directement l'OPCO dans la limite de sa prise en charge ; le reste à charge éventuel est facturé à l'employeur. Le mandat vaut pour la durée du contrat et prend fin de plein droit à sa rupture.",
  );
  flow.heading('SIGNATURES');
  flow.signatures([
    "L'employeur (« Bon pour mandat », cachet et signature)",
    "L'organisme de formation (cachet et signature)",
  ]);
  flow.finish(`Mandat de subrogation — ${person(apprenti)}`);
  return { bytes: await saveDocument(doc, 'Mandat de subrogation de paiement', at), pages: doc.getPageCount() };
}

/** The annex of what is missing or invalid: while it lists something blocking, the contract is not prepared. */
export async function drawAnnex(model: ContractModel, at: Date): Promise<DrawnDocument> {
  const { doc, flow } = await startDocument('Annexe au contrat — établie', at);
  flow.title(
    'Annexe — informations manquantes ou à corriger',
    `${contractName(model).replace(/^./, (c) => c.toUpperCase())} de ${person(model.apprenti) || "l'alternant(e)"} avec ${str(model.employeur['denomination']) || "l'employeur"}.`,
  );
  flow.heading('À COMPLÉTER AVANT LA PRÉPARATION DU CONTRAT');
  if (model.missing.length === 0) flow.paragraph('Aucune information bloquante ne manque.');
  else {
    flow.paragraph(
      'Le contrat ne peut pas être préparé tant que ces informations manquent ou sont invalides, sauf décision motivée du CFA.',
      { size: 8.5 },
    );
    flow.table(
      ['Information', 'Constat'],
      model.missing.map((entry) => [entry.label, entry.message]),
      [1.3, 2],
    );
  }
  if (model.warnings.length > 0) {
    flow.heading('POINTS À VÉRIFIER');
    flow.table(
      ['Information', 'Constat'],
      model.warnings.map((entry) => [entry.label, entry.message]),
      [1.3, 2],
    );
  }
  flow.finish(`Annexe — ${person(model.apprenti)}`);
  return { bytes: await saveDocument(doc, 'Annexe — informations manquantes', at), pages: doc.getPageCount() };
}
