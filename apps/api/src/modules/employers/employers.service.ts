import { STEP_STATUS, stepTypes, type EmployerDossier, type MissionsAccess, type StepType } from '@passerelle/contract';
import { readTogether, type Db } from '../../db/client.ts';
import { fileUrl } from '../files/files.service.ts';
import { sheetOpenRefusal, waitingForOf, type DossierState } from '../dossiers/dossiers.service.ts';
import { findDossiersOfCompanyUser, findStepsOf, findSubmittedMissions } from './employers.repo.ts';

// The rule lives with the lifecycle (dossiers service), which keeps the pipeline's `waiting_for` column with it.
export { waitingForOf };

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
  const [steps, submittedMissions] = await readTogether(db, [
    () => findStepsOf(db, ids),
    () => findSubmittedMissions(db, ids),
  ]);
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
      formation:
        row.formationLibelle && row.schoolCode ? { libelle: row.formationLibelle, school: row.schoolCode } : null,
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
