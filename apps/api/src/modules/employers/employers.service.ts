import { stepTypes, type EmployerDossier, type StepType, type WaitingFor } from '@passerelle/contract';
import type { Db } from '../../db/client.ts';
import { STATUT, type DossierState } from '../sheets/dossier-machine.ts';
import { findDossiersOfCompanyUser, findStepsOf } from './employers.repo.ts';

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
      if (steps.fre !== undefined && steps.fre !== 3) return company('fre', `/employeur/fiche-renseignement/${id}`);
      if (steps.fra !== undefined && steps.fra !== 3) return applicant('fra');
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

const isStepType = (type: string): type is StepType => (stepTypes as readonly string[]).includes(type);

/** GET /employeurs/dossiers: the employer's cases, most recently updated first. */
export async function findEmployerDossiers(db: Db, userId: number): Promise<EmployerDossier[]> {
  const rows = await findDossiersOfCompanyUser(db, userId);
  const steps = await findStepsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const own = steps.filter((step) => step.dossierId === row.id && isStepType(step.type));
    const state: DossierState = {
      statut: row.dossierStatut,
      steps: Object.fromEntries(own.map((step) => [step.type, step.status])),
    };
    return {
      id: row.id,
      applicant: { prenom: row.prenom, nom: row.nom },
      formation: row.formationLibelle && row.school ? { libelle: row.formationLibelle, school: row.school } : null,
      dossierStatut: row.dossierStatut,
      etapeStatus: stepTypes
        .filter((type) => state.steps[type] !== undefined)
        .map((type) => ({ type, status: state.steps[type] ?? 1 })),
      waitingFor: waitingForOf(row.id, state),
      dossierLastUpdate: row.lastUpdate.toISOString(),
    };
  });
}
