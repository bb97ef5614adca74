import { stepTypes, type EmployerDossier, type MissionsAccess, type StepType, type WaitingFor } from '@passerelle/contract';
import type { Db } from '../../db/client.ts';
import { fileUrl } from '../files/files.service.ts';
import { sheetOpenRefusal, STATUT, type DossierState } from '../sheets/dossier-machine.ts';
import { findDossiersOfCompanyUser, findStepsOf, findSubmittedMissions } from './employers.repo.ts';

const isToDo = (status: number | undefined) => status === 1 || status === 5;
const staff = (action: WaitingFor['action']): WaitingFor => ({ action, actor: 'staff', to: null });
const applicant = (action: WaitingFor['action']): WaitingFor => ({ action, actor: 'admissible', to: null });
const company = (action: WaitingFor['action'], to: string): WaitingFor => ({ action, actor: 'company', to });

/** What a dossier waits for, and from whom (docs/decisions/0004-dossier-state-machine.md); the employer's own turn comes first. */
export function waitingForOf(id: number, { statut, steps }: DossierState): WaitingFor {
  switch (statut) {
    case STATUT.created:
      return applicant('f1ca');
    case STATUT.awaitingEmployer:
      return isToDo(steps.f1ce) ? company('f1ce', `/employeur/fiche-premier-contact/${id}`) : applicant('f1ca');
    case STATUT.firstContactReview:
      return staff('firstContactReview');
    case STATUT.terms:
      return staff('modalites');
    case STATUT.funding:
      return company('fundingValidation', `/employeur/validation-financement/${id}`);
    case STATUT.contract:
      // Each party acts on its part of the information sheet while that part is to do; a sent part (2) waits.
      if (isToDo(steps.fre)) return company('fre', `/employeur/fiche-renseignement/${id}`);
      if (isToDo(steps.fra)) return applicant('fra');
      if (steps.cfa === 2) return staff('cfa');
      if (steps.signature_employeur !== undefined && steps.signature_employeur !== 3)
        return company('signature', `/signature/${id}`);
      if (steps.signature_admissible !== undefined && steps.signature_admissible !== 3) return applicant('signature');
      if (steps.signature_ecole !== undefined && steps.signature_ecole !== 3) return staff('signature');
      return { action: 'none', actor: 'none', to: null };
    default:
      return { action: 'none', actor: 'none', to: null };
  }
}

/**
 * The employer's way to the missions clarification: allowed from its first contact on until the contract is prepared
 * (docs/decisions/0004), and offered while the missions are not submitted.
 */
export function missionsAccessOf(id: number, state: DossierState, isSubmitted: boolean): MissionsAccess {
  const isOpen = !isSubmitted && sheetOpenRefusal(state, 'missions') === undefined;
  return { open: isOpen, to: isOpen ? `/employeur/modification-missions/${id}` : null };
}

const isStepType = (type: string): type is StepType => (stepTypes as readonly string[]).includes(type);

/** GET /employeurs/dossiers: the employer's cases, most recently updated first. */
export async function findEmployerDossiers(db: Db, userId: number): Promise<EmployerDossier[]> {
  const rows = await findDossiersOfCompanyUser(db, userId);
  const ids = rows.map((row) => row.id);
  const [steps, submittedMissions] = await Promise.all([findStepsOf(db, ids), findSubmittedMissions(db, ids)]);
  return rows.map((row) => {
    const own = steps.filter((step) => step.dossierId === row.id && isStepType(step.type));
    const state: DossierState = {
      statut: row.dossierStatut,
      steps: Object.fromEntries(own.map((step) => [step.type, step.status])),
    };
    return {
      id: row.id,
      dossierName: row.dossierName,
      applicant: { prenom: row.prenom, nom: row.nom },
      formation: row.formationLibelle && row.school ? { libelle: row.formationLibelle, school: row.school } : null,
      dossierStatut: row.dossierStatut,
      etapeStatus: stepTypes
        .filter((type) => state.steps[type] !== undefined)
        .map((type) => ({ type, status: state.steps[type] ?? 1 })),
      waitingFor: waitingForOf(row.id, state),
      missions: missionsAccessOf(row.id, state, submittedMissions.has(row.id)),
      // The file access rule 'dossier-contract' lets the company's users read these (files/file-access.ts).
      dossierCerfa: row.cerfaFileId ? fileUrl(row.cerfaFileId) : null,
      dossierCerfaAvenant: row.cerfaAvenantFileId ? fileUrl(row.cerfaAvenantFileId) : null,
      dossierLastUpdate: row.lastUpdate.toISOString(),
    };
  });
}
