import {
  DOSSIER_STATUS,
  isStepToDo as isToDo,
  returnableSheets,
  staffActions,
  STEP_STATUS,
  type FundingDecision,
  type ReturnableSheet,
  type SheetKind,
  type StaffAction,
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
  /**
   * The documents generated and the signatures opened. `again`: once prepared, drawn again (a correction, a locked code,
   * a failed seal), which cancels the signatures collected; the first preparation is refused then (issue 29).
   */
  | { type: 'contractPrepared'; again?: boolean }
  /** Staff send a sent sheet back to its author (step 5); for the missions, `submitted` says whether it was sent. */
  | { type: 'sheetReturned'; kind: ReturnableSheet; submitted?: boolean }
  /** Staff ask the employer to complete the missions sheet (sent or not). */
  | { type: 'missionsComplementRequested' }
  /** Staff validate or reject one of the applicant's documents; `uploaded` says whether the file is there. */
  | { type: 'documentReviewed'; uploaded: boolean }
  | { type: 'contractSigned' }
  /** A signer of the online or manual procedure signed (issue 11): their step is done (3), or in progress (2) while another signer of it remains (the applicant, then a minor's legal representative). */
  | { type: 'signerSigned'; step: 'signature_employeur' | 'signature_admissible' | 'signature_ecole'; done: boolean }
  /** The school signed last: every signature is done and the case accepted (8). */
  | { type: 'signatureCompleted' }
  /** A signer refused: the contract goes back to staff's preparation (cfa 2, signatures to do again). */
  | { type: 'signatureRefused' }
  | { type: 'contractFiled' }
  | { type: 'contractRegistered' }
  | { type: 'archived' }
  /** Back to the status the dossier had when archived (`to`, from the archiving's audit entry; null when unknown). */
  | { type: 'reopened'; to: number | null }
  | { type: 'breakingStarted' }
  | { type: 'broken' };

export type RefusalCode = 'CONFLICT' | 'LOCKED' | 'ARCHIVED' | 'CONTRACT_ALREADY_PREPARED';

export type Transition = { ok: true; state: DossierState } | { ok: false; code: RefusalCode; reason: string };

const STATUT = DOSSIER_STATUS;
const { TODO, IN_PROGRESS, DONE, RETURNED } = STEP_STATUS;

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

/** From one of `from` to `to`, steps unchanged; an archived dossier answers ARCHIVED, any other status CONFLICT. */
function moveFrom(state: DossierState, from: readonly number[], to: number, reason: string): Transition {
  if (from.includes(state.statut)) return next(state, to, {});
  if (state.statut === STATUT.ARCHIVED) return refuse('ARCHIVED', 'the dossier is archived');
  return refuse('CONFLICT', reason);
}

const signedStatuts: readonly number[] = [STATUT.ACCEPTED, STATUT.FILED, STATUT.REGISTERED];

/**
 * Staff's events on a dossier that may be closed (docs/decisions/0012, issue 10): the contract's later life, archiving
 * and reopening, the applicant's documents. Checked before `closedRefusal`; undefined for every other event.
 */
function closedStatusTransition(state: DossierState, event: DossierEvent): Transition | undefined {
  switch (event.type) {
    case 'archived':
      return state.statut === STATUT.ARCHIVED ? refuse('ARCHIVED', 'the dossier is archived already') : next(state, STATUT.ARCHIVED, {});
    case 'reopened':
      if (state.statut !== STATUT.ARCHIVED) return refuse('CONFLICT', 'the dossier is not archived');
      if (event.to === null || event.to === STATUT.ARCHIVED || event.to < STATUT.CREATED || event.to > STATUT.BROKEN)
        return refuse('CONFLICT', 'the status before archiving is unknown');
      return next(state, event.to, {});
    case 'documentReviewed':
      // The documents are the applicant's, checked whatever the case's stage, except on an archived case.
      if (state.statut === STATUT.ARCHIVED) return refuse('ARCHIVED', 'the dossier is archived');
      return event.uploaded ? next(state, state.statut, {}) : refuse('CONFLICT', 'the applicant has not uploaded this document');
    case 'contractFiled':
      return moveFrom(state, [STATUT.ACCEPTED], STATUT.FILED, 'only a signed contract is filed');
    case 'contractRegistered':
      return moveFrom(state, [STATUT.FILED], STATUT.REGISTERED, 'only a filed contract is registered');
    case 'breakingStarted':
      return moveFrom(state, signedStatuts, STATUT.BREAKING, 'only a signed contract can be terminated');
    case 'broken':
      return moveFrom(state, [...signedStatuts, STATUT.BREAKING], STATUT.BROKEN, 'only a signed contract can be terminated');
    default:
      return undefined;
  }
}

/**
 * Staff send a sheet back to its author (step 5), while it has been sent and the next stage has not closed it. The
 * status goes back to the stage that waits for the author again, so that re-sending it moves the case on as the first
 * send did (sheetSubmitted).
 */
function sheetReturned(state: DossierState, kind: ReturnableSheet, submitted: boolean): Transition {
  const { statut, steps } = state;
  switch (kind) {
    case 'f1ca':
      // Back to the applicant (status 1); the employer's first contact, sent or not, stays as it is.
      if ((statut === STATUT.AWAITING_EMPLOYER || statut === STATUT.FIRST_CONTACT_REVIEW) && steps.f1ca === IN_PROGRESS)
        return next(state, STATUT.CREATED, { f1ca: RETURNED });
      return refuse('CONFLICT', 'the applicant first contact is not awaiting review');
    case 'f1ce':
      if (statut === STATUT.FIRST_CONTACT_REVIEW && steps.f1ce === IN_PROGRESS)
        return next(state, STATUT.AWAITING_EMPLOYER, { f1ce: RETURNED });
      return refuse('CONFLICT', 'the employer first contact is not awaiting review');
    case 'fra':
    case 'fre': {
      const status = steps[kind];
      if (statut !== STATUT.CONTRACT || (status !== IN_PROGRESS && status !== DONE) || steps.cfa === DONE)
        return refuse('CONFLICT', 'this part of the information sheet is not sent, or the contract is prepared');
      // Both parts were sent: the other one waits again (2) and the contract preparation waits for both (cfa 1).
      const other = kind === 'fra' ? 'fre' : 'fra';
      if (status === DONE) return next(state, statut, { [kind]: RETURNED, [other]: IN_PROGRESS, cfa: TODO });
      return next(state, statut, { [kind]: RETURNED });
    }
    case 'missions': {
      const refusal = sheetOpenRefusal(state, 'missions');
      if (refusal) return refusal.ok ? refuse('CONFLICT', 'the missions sheet is not open') : { ...refusal, code: 'CONFLICT' };
      return submitted ? next(state, statut, {}) : refuse('CONFLICT', 'the missions sheet is not sent');
    }
  }
}

export function transition(state: DossierState, event: DossierEvent): Transition {
  const late = closedStatusTransition(state, event);
  if (late) return late;
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
          // Re-sent after a return when the employer's is sent already: both are there, the school decides (3).
          return next(state, steps.f1ce === IN_PROGRESS ? STATUT.FIRST_CONTACT_REVIEW : STATUT.AWAITING_EMPLOYER, {
            f1ca: IN_PROGRESS,
            f1ce: steps.f1ce ?? TODO,
          });
        case 'f1ce':
          // While the applicant's is back with its author (returned), the case waits for it before the review.
          return next(state, steps.f1ca === IN_PROGRESS ? STATUT.FIRST_CONTACT_REVIEW : state.statut, { f1ce: IN_PROGRESS });
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
      if ((steps.cfa !== IN_PROGRESS && steps.cfa !== DONE) || steps.fra !== DONE || steps.fre !== DONE)
        return refuse('CONFLICT', 'the information sheet is not complete');
      // Prepared again (documents regenerated after a correction) while the signatures are under way: cfa stays 3. Only
      // as its own action, which states the signatures it cancels; never as the first preparation sent twice.
      if (steps.cfa === DONE && !event.again)
        return refuse('CONTRACT_ALREADY_PREPARED', 'the contract is prepared already: prepare it again, with a reason');
      if (event.again && (steps.cfa !== DONE || state.statut !== STATUT.CONTRACT))
        return refuse('CONFLICT', 'the contract is not out for signature');
      return next(state, state.statut, {
        cfa: DONE,
        signature_admissible: TODO,
        signature_employeur: TODO,
        signature_ecole: TODO,
      });
    case 'sheetReturned':
      return sheetReturned(state, event.kind, event.submitted ?? false);
    case 'missionsComplementRequested': {
      const refusal = sheetOpenRefusal(state, 'missions');
      if (refusal) return refusal.ok ? refuse('CONFLICT', 'the missions sheet is not open') : { ...refusal, code: 'CONFLICT' };
      return next(state, state.statut, {});
    }
    case 'contractSigned':
      // Signed on paper, outside the portal: every signature is done.
      if (state.statut !== STATUT.CONTRACT || steps.cfa !== DONE) return refuse('CONFLICT', 'the contract is not prepared');
      return next(state, STATUT.ACCEPTED, { signature_admissible: DONE, signature_employeur: DONE, signature_ecole: DONE });
    case 'signerSigned':
      if (state.statut !== STATUT.CONTRACT || steps.cfa !== DONE) return refuse('CONFLICT', 'the contract is not out for signature');
      return next(state, state.statut, { [event.step]: event.done ? DONE : IN_PROGRESS });
    case 'signatureCompleted':
      if (state.statut !== STATUT.CONTRACT || steps.cfa !== DONE) return refuse('CONFLICT', 'the contract is not out for signature');
      return next(state, STATUT.ACCEPTED, { signature_admissible: DONE, signature_employeur: DONE, signature_ecole: DONE });
    case 'signatureRefused':
      if (state.statut !== STATUT.CONTRACT || steps.cfa !== DONE) return refuse('CONFLICT', 'the contract is not out for signature');
      return next(state, state.statut, {
        cfa: IN_PROGRESS,
        signature_admissible: TODO,
        signature_employeur: TODO,
        signature_ecole: TODO,
      });
    default:
      break;
  }
  return refuse('CONFLICT', 'unknown event');
}

/** What the case page may offer (GET /staff/dossiers/:id): facts the state alone does not hold. */
export interface ActionContext {
  /** The missions sheet is sent (its row is submitted). */
  missionsSubmitted: boolean;
  /** The applicant has uploaded the CVEC certificate or the baccalaureate attestation. */
  documentUploaded: boolean;
  /** The status before archiving (from the archiving's audit entry), for an archived dossier. */
  reopenTo: number | null;
}

/** The staff actions this state allows now, by the rules `transition` applies (any other answers 409). */
export function allowedActions(
  state: DossierState,
  context: ActionContext,
): { actions: StaffAction[]; returnableSheets: ReturnableSheet[] } {
  const allows = (event: DossierEvent) => transition(state, event).ok;
  const sheets = returnableSheets.filter((kind) =>
    allows({ type: 'sheetReturned', kind, submitted: kind === 'missions' ? context.missionsSubmitted : true }),
  );
  const allowed: Record<StaffAction, boolean> = {
    'first-contact': allows({ type: 'firstContactDecided', decision: 'accept' }),
    modalites: allows({ type: 'termsRecorded' }),
    return: sheets.length > 0,
    'missions-complement': allows({ type: 'missionsComplementRequested' }),
    'document-review': allows({ type: 'documentReviewed', uploaded: context.documentUploaded }),
    'contract-prepared': allows({ type: 'contractPrepared' }),
    'contract-prepared-again': allows({ type: 'contractPrepared', again: true }),
    signed: allows({ type: 'contractSigned' }),
    filed: allows({ type: 'contractFiled' }),
    registered: allows({ type: 'contractRegistered' }),
    archive: allows({ type: 'archived' }),
    reopen: allows({ type: 'reopened', to: context.reopenTo }),
    breaking: allows({ type: 'breakingStarted' }),
    broken: allows({ type: 'broken' }),
  };
  return { actions: staffActions.filter((action) => allowed[action]), returnableSheets: sheets };
}

/** Steps whose status differs between two states: what the service writes. */
export function changedSteps(before: DossierState, after: DossierState): Steps {
  const changed: Steps = {};
  for (const [type, status] of Object.entries(after.steps) as [StepType, number][]) {
    if (before.steps[type] !== status) changed[type] = status;
  }
  return changed;
}
