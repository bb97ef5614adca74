import { DOSSIER_STATUS as S, SIGNED_DOSSIER_STATUSES, STEP_STATUS as STEP } from './dossier-status.ts';
import type { Dossier, StepType } from './portal.ts';

// ---------- Badge (SPEC section 4, "Dossier status and badge") ----------
export const dossierBadges = ['started', 'inProgress', 'refused', 'accepted', 'archived', 'breaking', 'broken'] as const;
export type DossierBadge = (typeof dossierBadges)[number];

export const DOSSIER_STATUT_ARCHIVED = S.ARCHIVED;
export const DOSSIER_STATUT_BROKEN = S.BROKEN;

export function dossierBadge(statut: number): DossierBadge {
  switch (statut) {
    case S.CREATED:
    case S.AWAITING_EMPLOYER:
      return 'started';
    case S.FIRST_CONTACT_REVIEW:
    case S.TERMS:
    case S.FUNDING:
    case S.CONTRACT:
      return 'inProgress';
    case S.REFUSED:
      return 'refused';
    case S.ACCEPTED:
    case S.FILED:
    case S.REGISTERED:
      return 'accepted';
    case S.ARCHIVED:
      return 'archived';
    case S.BREAKING:
      return 'breaking';
    case S.BROKEN:
      return 'broken';
    default:
      throw new RangeError(`Unknown dossier status ${statut}`);
  }
}

/**
 * Cases over for the applicant, listed apart under "closed cases": accepted or signed (8, 10, 11), archived (9),
 * broken (13), and refused (6): a refused case has nothing left to do either; a new employer means a new case.
 * A case being broken (12) stays current: the termination is still under way.
 */
const CLOSED_STATUTS: readonly number[] = [S.REFUSED, S.ACCEPTED, S.ARCHIVED, S.FILED, S.REGISTERED, S.BROKEN];
export const isDossierClosed = (statut: number): boolean => CLOSED_STATUTS.includes(statut);

/** The applicant may delete a case while nothing is sent: still drafting (1) and the first-contact sheet to do. */
export function canDeleteDossier(dossier: Pick<Dossier, 'dossierStatut' | 'etapeStatus'>): boolean {
  const f1ca = stepStatus(dossier.etapeStatus, 'f1ca');
  return dossier.dossierStatut === S.CREATED && (f1ca === undefined || f1ca === STEP.TODO);
}

// ---------- Six-step progress (SPEC section 4, "Case steps") ----------
export const progressSteps = ['f1ca', 'f1ce', 'modalites_re', 'fiche', 'cfa', 'signature'] as const;
export type ProgressStep = (typeof progressSteps)[number];
export type StepState = 'done' | 'active' | 'todo';
export interface StepProgress {
  key: ProgressStep;
  state: StepState;
}

type EtapeStatus = Dossier['etapeStatus'];

/** Status of one step type; undefined when the dossier has not reached it. */
export function stepStatus(etapes: EtapeStatus, type: StepType): number | undefined {
  return etapes.find((etape) => etape.type === type)?.status;
}

const oneOf = (status: number | undefined, values: readonly number[]) => status !== undefined && values.includes(status);
const TO_DO: readonly number[] = [STEP.TODO, STEP.RETURNED];
const SENT: readonly number[] = [STEP.IN_PROGRESS, STEP.DONE];

function stateOf(isDone: boolean, isActive: boolean): StepState {
  if (isDone) return 'done';
  return isActive ? 'active' : 'todo';
}

/**
 * Step status values: 1 and 5 to do, 2 in progress, 3 done. The first-contact sheets count as done once sent (2),
 * since what follows is the other party's work; the other steps only when finished (3).
 */
export function computeSteps(etapes: EtapeStatus): StepProgress[] {
  const status = (type: StepType) => stepStatus(etapes, type);
  const signatures = [status('signature_admissible'), status('signature_employeur'), status('signature_ecole')];
  const states: Record<ProgressStep, StepState> = {
    f1ca: stateOf(oneOf(status('f1ca'), SENT), oneOf(status('f1ca'), TO_DO)),
    f1ce: stateOf(oneOf(status('f1ce'), SENT), oneOf(status('f1ce'), TO_DO)),
    modalites_re: stateOf(status('modalites_re') === STEP.DONE, status('modalites_re') === STEP.IN_PROGRESS),
    fiche: stateOf(
      status('fre') === STEP.DONE && status('fra') === STEP.DONE,
      status('fre') === STEP.IN_PROGRESS || status('fra') === STEP.IN_PROGRESS,
    ),
    cfa: stateOf(status('cfa') === STEP.DONE, status('cfa') === STEP.IN_PROGRESS),
    signature: stateOf(
      status('signature_ecole') === STEP.DONE,
      signatures.some((s) => oneOf(s, [STEP.TODO, STEP.IN_PROGRESS])),
    ),
  };
  return progressSteps.map((key) => ({ key, state: states[key] }));
}

// ---------- Action buttons (SPEC section 4, "Case action buttons") ----------
export type DossierAction =
  | { kind: 'firstContact'; to: string }
  | { kind: 'informationSheet'; to: string }
  | { kind: 'signedContract'; fileUrl: string }
  | { kind: 'signedAddendum'; fileUrl: string };

/**
 * The buttons of a dossier's header, in SPEC's order: at most one of first-contact, information sheet or signed
 * contract (tried in that order), then the signed addendum when there is one. None for archived (9) or broken (13).
 */
export function dossierActions(
  dossier: Pick<Dossier, 'id' | 'dossierStatut' | 'dossierAccessible' | 'etapeStatus' | 'dossierCerfa' | 'dossierCerfaAvenant'>,
): DossierAction[] {
  if (dossier.dossierStatut === DOSSIER_STATUT_ARCHIVED || dossier.dossierStatut === DOSSIER_STATUT_BROKEN) return [];
  const actions: DossierAction[] = [];
  const f1ca = stepStatus(dossier.etapeStatus, 'f1ca');
  const fra = stepStatus(dossier.etapeStatus, 'fra');
  if (dossier.dossierAccessible && (oneOf(f1ca, TO_DO) || dossier.etapeStatus.length === 0)) {
    actions.push({ kind: 'firstContact', to: `/admissible/fiche-premier-contact/${dossier.id}` });
  } else if (oneOf(fra, TO_DO)) {
    actions.push({ kind: 'informationSheet', to: `/admissible/fiche-renseignement/${dossier.id}` });
  } else if (SIGNED_DOSSIER_STATUSES.includes(dossier.dossierStatut) && dossier.dossierCerfa) {
    actions.push({ kind: 'signedContract', fileUrl: dossier.dossierCerfa });
  }
  if (dossier.dossierCerfaAvenant) actions.push({ kind: 'signedAddendum', fileUrl: dossier.dossierCerfaAvenant });
  return actions;
}

// After a part of the information sheet is sent: in a module of its own, so that the sheet's screen loads these few
// lines without the rest of this file (docs/decisions/0028).
export { informationSheetNext, type InformationSheetNext } from './information-sheet-next.ts';
