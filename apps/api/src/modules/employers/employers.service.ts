import {
  DOSSIER_STATUS,
  isStepToDo as isToDo,
  STEP_STATUS,
  stepTypes,
  type EmployerDossier,
  type MissionsAccess,
  type StepType,
  type WaitingFor,
} from '@passerelle/contract';
import type { Db } from '../../db/client.ts';
import { fileUrl } from '../files/files.service.ts';
import { sheetOpenRefusal, type DossierState } from '../dossiers/dossiers.service.ts';
import { findDossiersOfCompanyUser, findStepsOf, findSubmittedMissions } from './employers.repo.ts';

/** A signature reached and not given yet. */
const isOpen = (status: number | undefined) => status !== undefined && status !== STEP_STATUS.DONE;
const staff = (action: WaitingFor['action']): WaitingFor => ({ action, actor: 'staff', to: null });
const applicant = (action: WaitingFor['action']): WaitingFor => ({ action, actor: 'admissible', to: null });
const company = (action: WaitingFor['action'], to: string): WaitingFor => ({ action, actor: 'company', to });

/** What a dossier waits for, and from whom (docs/decisions/0004-dossier-state-machine.md); the employer's own turn comes first. */
export function waitingForOf(id: number, { statut, steps }: DossierState): WaitingFor {
  switch (statut) {
    case DOSSIER_STATUS.CREATED:
      return applicant('f1ca');
    case DOSSIER_STATUS.AWAITING_EMPLOYER:
      return isToDo(steps.f1ce) ? company('f1ce', `/employeur/fiche-premier-contact/${id}`) : applicant('f1ca');
    case DOSSIER_STATUS.FIRST_CONTACT_REVIEW:
      return staff('firstContactReview');
    case DOSSIER_STATUS.TERMS:
      return staff('modalites');
    case DOSSIER_STATUS.FUNDING:
      return company('fundingValidation', `/employeur/validation-financement/${id}`);
    case DOSSIER_STATUS.CONTRACT:
      // Each party acts on its part of the information sheet while that part is to do; a sent part (2) waits.
      if (isToDo(steps.fre)) return company('fre', `/employeur/fiche-renseignement/${id}`);
      if (isToDo(steps.fra)) return applicant('fra');
      if (steps.cfa === STEP_STATUS.IN_PROGRESS) return staff('cfa');
      if (isOpen(steps.signature_employeur)) return company('signature', `/signature/${id}`);
      if (isOpen(steps.signature_admissible)) return applicant('signature');
      if (isOpen(steps.signature_ecole)) return staff('signature');
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
        .map((type) => ({ type, status: state.steps[type] ?? STEP_STATUS.TODO })),
      waitingFor: waitingForOf(row.id, state),
      missions: missionsAccessOf(row.id, state, submittedMissions.has(row.id)),
      // The file access rule 'dossier-contract' lets the company's users read these (files/file-access.ts).
      dossierCerfa: row.cerfaFileId ? fileUrl(row.cerfaFileId) : null,
      dossierCerfaAvenant: row.cerfaAvenantFileId ? fileUrl(row.cerfaAvenantFileId) : null,
      dossierLastUpdate: row.lastUpdate.toISOString(),
    };
  });
}
