import {
  DOSSIER_STATUS,
  isStepToDo as isToDo,
  STEP_STATUS,
  type FundingDecision,
  type SheetKind,
  type StepType,
} from '@passerelle/contract';

/**
 * The dossier state machine (docs/decisions/0004-dossier-state-machine.md, 0012-dossier-lifecycle.md): pure functions from a
 * state and an event to the next state, or to the reason the event is refused. The service applies
 * the result in the transaction that records the event.
 *
 * Step status values (SPEC 4): 1 and 5 to do, 2 in progress, 3 done. For the sheets two parties fill in (first
 * contacts, information sheet), 2 means "sent, waiting for the other part" and 3 that the stage is over. A step
 * absent from `steps` is not reached yet.
 */
export type Steps = Partial<Record<StepType, number>>;

export interface DossierState {
  statut: number;
  steps: Steps;
}

export type DossierEvent =
  | { type: 'sheetSaved'; kind: SheetKind }
  | { type: 'sheetSubmitted'; kind: SheetKind }
  | { type: 'firstContactDecided'; decision: 'accept' | 'refuse' }
  | { type: 'termsRecorded' }
  | { type: 'fundingDecided'; decision: FundingDecision }
  | { type: 'contractPrepared' };

export type RefusalCode = 'CONFLICT' | 'LOCKED' | 'ARCHIVED';

export type Transition = { ok: true; state: DossierState } | { ok: false; code: RefusalCode; reason: string };

const STATUT = DOSSIER_STATUS;
const { TODO, IN_PROGRESS, DONE } = STEP_STATUS;

/** Statuses where the dossier is over or handed to signature: no sheet changes any more. */
const closedStatuts: ReadonlySet<number> = new Set([
  STATUT.REFUSED,
  STATUT.ACCEPTED,
  STATUT.ARCHIVED,
  STATUT.FILED,
  STATUT.REGISTERED,
  STATUT.BREAKING,
  STATUT.BROKEN,
]);

export function initialState(): DossierState {
  return { statut: STATUT.CREATED, steps: { f1ca: TODO } };
}

function refuse(code: RefusalCode, reason: string): Transition {
  return { ok: false, code, reason };
}

function next(state: DossierState, statut: number, steps: Steps): Transition {
  return { ok: true, state: { statut, steps: { ...state.steps, ...steps } } };
}

function closedRefusal(state: DossierState): Transition | undefined {
  if (state.statut === STATUT.ARCHIVED) return refuse('ARCHIVED', 'the dossier is archived');
  if (closedStatuts.has(state.statut)) return refuse('CONFLICT', 'the dossier is closed');
  return undefined;
}

/**
 * Whether a sheet of this kind may be written now (draft or submit), as far as the dossier goes; a
 * sheet row already submitted is refused by the service before this (409 LOCKED).
 */
export function sheetOpenRefusal(state: DossierState, kind: SheetKind): Transition | undefined {
  const closed = closedRefusal(state);
  if (closed) return closed;
  const { steps } = state;
  switch (kind) {
    case 'f1ca':
      return isToDo(steps.f1ca) ? undefined : refuse('LOCKED', 'the applicant first contact is sent');
    case 'f1ce':
      if (steps.f1ce === undefined) return refuse('CONFLICT', 'the employer first contact is not open yet');
      return isToDo(steps.f1ce) ? undefined : refuse('LOCKED', 'the employer first contact is sent');
    case 'missions':
      // Missions are clarified once the employer has described the job, until the contract is prepared.
      if (steps.f1ce !== IN_PROGRESS && steps.f1ce !== DONE)
        return refuse('CONFLICT', 'the missions sheet is not open yet');
      return steps.cfa === DONE ? refuse('LOCKED', 'the contract is prepared') : undefined;
    case 'fra':
    case 'fre': {
      const status = steps[kind];
      if (status === undefined) return refuse('CONFLICT', 'the information sheet is not open yet');
      return isToDo(status) ? undefined : refuse('LOCKED', 'this part of the information sheet is sent');
    }
  }
}

export function transition(state: DossierState, event: DossierEvent): Transition {
  const closed = closedRefusal(state);
  if (closed) return closed;
  const { steps } = state;
  switch (event.type) {
    case 'sheetSaved': {
      const refusal = sheetOpenRefusal(state, event.kind);
      if (refusal) return refusal;
      // A draft moves nothing: the part stays to do (1 or 5) until sent, so its author keeps the way in (SPEC 4).
      return next(state, state.statut, {});
    }
    case 'sheetSubmitted': {
      const refusal = sheetOpenRefusal(state, event.kind);
      if (refusal) return refusal;
      switch (event.kind) {
        case 'f1ca':
          return next(state, STATUT.AWAITING_EMPLOYER, { f1ca: IN_PROGRESS, f1ce: steps.f1ce ?? TODO });
        case 'f1ce':
          return next(state, STATUT.FIRST_CONTACT_REVIEW, { f1ce: IN_PROGRESS });
        case 'missions':
          return next(state, state.statut, {});
        case 'fra':
        case 'fre': {
          // A sent part waits for the other (2); with both sent, the sheet is done and the contract preparation starts.
          const other = event.kind === 'fra' ? 'fre' : 'fra';
          if (steps[other] === IN_PROGRESS) return next(state, state.statut, { fra: DONE, fre: DONE, cfa: IN_PROGRESS });
          return next(state, state.statut, { [event.kind]: IN_PROGRESS });
        }
      }
      break;
    }
    case 'firstContactDecided':
      if (state.statut !== STATUT.FIRST_CONTACT_REVIEW || steps.f1ce !== IN_PROGRESS) {
        return refuse('CONFLICT', 'no first contact awaits a decision');
      }
      return event.decision === 'accept'
        ? next(state, STATUT.TERMS, { f1ca: DONE, f1ce: DONE, modalites_re: IN_PROGRESS })
        : next(state, STATUT.REFUSED, {});
    case 'termsRecorded':
      // Terms may be corrected until the employer has answered on funding.
      if (steps.modalites_re === IN_PROGRESS) return next(state, STATUT.FUNDING, { modalites_re: DONE });
      if (steps.modalites_re === DONE && state.statut === STATUT.FUNDING) return next(state, state.statut, {});
      return refuse('CONFLICT', 'the terms are not expected now');
    case 'fundingDecided':
      if (state.statut !== STATUT.FUNDING) return refuse('CONFLICT', 'no funding validation is expected now');
      switch (event.decision) {
        case 'accepted':
          return next(state, STATUT.CONTRACT, { fra: TODO, fre: TODO });
        case 'denied':
          return next(state, STATUT.REFUSED, {});
        case 'stalled':
          return next(state, state.statut, {});
      }
      break;
    case 'contractPrepared':
      if (steps.cfa !== IN_PROGRESS) return refuse('CONFLICT', 'the information sheet is not complete');
      return next(state, state.statut, {
        cfa: DONE,
        signature_admissible: TODO,
        signature_employeur: TODO,
        signature_ecole: TODO,
      });
  }
  return refuse('CONFLICT', 'unknown event');
}

/** Steps whose status differs between two states: what the service writes. */
export function changedSteps(before: DossierState, after: DossierState): Steps {
  const changed: Steps = {};
  for (const [type, status] of Object.entries(after.steps) as [StepType, number][]) {
    if (before.steps[type] !== status) changed[type] = status;
  }
  return changed;
}
