/**
 * The dossier's vocabulary (SPEC section 4): its status (`dossierStatut`, 1 to 13) and the status of each step
 * (`etapeStatus[].status`). SPEC gives the badges, not what each number means on the server; where it is silent the
 * meanings below are the ones proposed in docs/decisions/0012-dossier-lifecycle.md.
 */
export const DOSSIER_STATUS = {
  /** Created; the applicant fills in the first-contact sheet. */
  CREATED: 1,
  /** Applicant's first contact sent; the employer's is awaited. */
  AWAITING_EMPLOYER: 2,
  /** Both first contacts sent; the school reviews them. */
  FIRST_CONTACT_REVIEW: 3,
  /** First contact accepted; the employer-relations service records the terms. */
  TERMS: 4,
  /** Terms recorded; the employer validates the funding. */
  FUNDING: 5,
  /** Refused by the school (first contact) or the employer (funding denied). */
  REFUSED: 6,
  /** Funding accepted: information sheets, contract preparation, then signatures. */
  CONTRACT: 7,
  /** Contract signed by every party (proposed meaning; SPEC: "accepted"). */
  ACCEPTED: 8,
  ARCHIVED: 9,
  /** Contract filed to the OPCO (proposed meaning; SPEC: "accepted"). */
  FILED: 10,
  /** Contract registered by the OPCO, with its DECA number (proposed meaning; SPEC: "accepted"). */
  REGISTERED: 11,
  /** The contract is being terminated. */
  BREAKING: 12,
  BROKEN: 13,
} as const;
export type DossierStatus = (typeof DOSSIER_STATUS)[keyof typeof DOSSIER_STATUS];

/** Step status values (SPEC 4): 1 and 5 to do (5: returned to its author), 2 in progress, 3 done. */
export const STEP_STATUS = {
  TODO: 1,
  IN_PROGRESS: 2,
  DONE: 3,
  RETURNED: 5,
} as const;
export type StepStatus = (typeof STEP_STATUS)[keyof typeof STEP_STATUS];

export const isStepToDo = (status: number | undefined): boolean =>
  status === STEP_STATUS.TODO || status === STEP_STATUS.RETURNED;

/** Accepted, signed and later (8, 10, 11) and being broken (12): the signed contract can be downloaded. */
export const SIGNED_DOSSIER_STATUSES: readonly number[] = [
  DOSSIER_STATUS.ACCEPTED,
  DOSSIER_STATUS.FILED,
  DOSSIER_STATUS.REGISTERED,
  DOSSIER_STATUS.BREAKING,
];
