import { computeSteps, type StaffDossiersQuery, type WaitingFor } from '@passerelle/contract';
import type { Db } from '../../db/client.ts';
import type { CsvValue } from '../../lib/csv-write.ts';
import { pipelinePagesByCaseNumber, type StaffAlertConfig } from '../staff/staff.service.ts';
import { listRegistrants } from '../workshops/workshops.service.ts';
import { findTrackingBySchoolAndFormation } from './exports.repo.ts';

/**
 * The back office's CSV exports (issue 12, "Exports"; docs/decisions/0024-exports.md), written in French for a French
 * spreadsheet by lib/csv-write.ts. Each answers its header and its rows, read as the file is sent.
 */

const statutLabels: Record<number, string> = {
  1: "Premier contact de l'admissible",
  2: "Premier contact de l'entreprise",
  3: 'Premiers contacts à étudier',
  4: 'Modalités à fixer',
  5: 'Financement à valider',
  6: 'Refusé',
  7: 'Contrat en préparation',
  8: 'Contrat signé',
  9: 'Archivé',
  10: "Déposé à l'OPCO",
  11: "Enregistré par l'OPCO",
  12: 'En cours de rupture',
  13: 'Rompu',
};

const stepLabels = {
  f1ca: "Premier contact de l'admissible",
  f1ce: "Premier contact de l'entreprise",
  modalites_re: 'Modalités (relations entreprises)',
  fiche: 'Fiche de renseignements',
  cfa: 'Préparation du contrat',
  signature: 'Signature',
} as const;

const actorLabels: Record<WaitingFor['actor'], string> = {
  admissible: "L'admissible",
  company: "L'entreprise",
  staff: "L'école",
  none: '',
};

export const dossiersCsvHeader = [
  'Dossier',
  'Statut',
  'Étape en cours',
  'Nom',
  'Prénom',
  'E-mail',
  'École',
  'Formation',
  'Entreprise',
  'En attente de',
  'Depuis le',
  'Dernière mise à jour',
];

/**
 * GET /staff/exports/dossiers.csv: the cases under the pipeline's filters (its query, its filter and its WHERE: the
 * staff module's), one line per case in case-number order, read a page at a time after the last case sent (keyset
 * paging, pipelinePagesByCaseNumber).
 */
export async function* dossiersCsv(
  db: Db,
  config: StaffAlertConfig,
  query: StaffDossiersQuery,
): AsyncGenerator<CsvValue[]> {
  for await (const items of pipelinePagesByCaseNumber(db, config, query)) {
    for (const item of items) {
      const active = computeSteps(item.etapeStatus).filter((step) => step.state === 'active');
      yield [
        item.id,
        statutLabels[item.dossierStatut] ?? String(item.dossierStatut),
        active.map((step) => stepLabels[step.key]).join(', '),
        item.applicant.nom,
        item.applicant.prenom,
        item.applicant.email,
        item.school,
        item.formation,
        item.companyName,
        actorLabels[item.waitingFor.actor],
        item.waitingFor.actor === 'none' ? null : new Date(item.waitingSince),
        new Date(item.updatedAt),
      ];
    }
  }
}

export const registrantsCsvHeader = ['Nom', 'Prénom', 'E-mail', 'Formation', 'Inscrit le'];

/**
 * GET /staff/exports/registrants.csv?workshop=: a workshop's registrants in the order they registered (the workshops
 * module's list); 404 for an unknown workshop, checked before the file starts.
 */
export async function registrantsCsv(db: Db, workshopId: number): Promise<CsvValue[][]> {
  const registrants = await listRegistrants(db, workshopId);
  return registrants.map((r) => [r.nom, r.prenom, r.email, r.formation, new Date(r.registeredAt)]);
}

export const trackingCsvHeader = [
  'École',
  'Formation',
  'Admissibles',
  'Admissibles avec au moins une démarche',
  'Démarches',
  'Candidatures spontanées',
  'Candidatures sur offre',
  'Entretiens',
  'Relances',
  'Réponses positives',
  'Réponses négatives',
  'Sans réponse',
  'Admissibles sous contrat signé',
];

/**
 * GET /staff/exports/tracking.csv: the applicants' employer search (their tracking entries) per school and formation,
 * as counts; applicants without a formation make a line of their own. No personal data.
 */
export async function trackingCsv(db: Db): Promise<CsvValue[][]> {
  const rows = await findTrackingBySchoolAndFormation(db);
  return rows.map((row) => [
    row.school ?? '',
    row.formation ?? 'Sans formation',
    row.applicants,
    row.searching,
    row.entries,
    row.spontaneous,
    row.onOffer,
    row.interviews,
    row.relaunches,
    row.positive,
    row.negative,
    row.entries - row.positive - row.negative,
    row.signed,
  ]);
}
