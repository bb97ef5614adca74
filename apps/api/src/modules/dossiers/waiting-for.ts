import { DOSSIER_STATUS, isStepToDo as isToDo, STEP_STATUS, type WaitingFor } from '@passerelle/contract';
import type { DossierState } from './lifecycle.ts';

/** A signature reached and not given yet. */
const isOpen = (status: number | undefined) => status !== undefined && status !== STEP_STATUS.DONE;
const staff = (action: WaitingFor['action']): WaitingFor => ({ action, actor: 'staff', to: null });
const applicant = (action: WaitingFor['action']): WaitingFor => ({ action, actor: 'admissible', to: null });
const company = (action: WaitingFor['action'], to: string): WaitingFor => ({ action, actor: 'company', to });

/**
 * What a dossier waits for, and from whom (docs/decisions/0004-dossier-state-machine.md); the employer's own turn comes
 * first. One rule for the employer home, the back-office pipeline and the `dossiers.waiting_for` column it keeps.
 */
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

/** The `dossiers.waiting_for` column: whom the case waits for as the back office names them, null for nobody. */
export type PipelineActor = 'applicant' | 'company' | 'school';
export function pipelineActorOf(waiting: WaitingFor): PipelineActor | null {
  switch (waiting.actor) {
    case 'admissible':
      return 'applicant';
    case 'company':
      return 'company';
    case 'staff':
      return 'school';
    default:
      return null;
  }
}
