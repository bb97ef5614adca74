import type { StepType } from '@passerelle/contract';

/**
 * Where a demo dossier stands. The loader reaches each stage through the product's own services (docs/decisions/0004);
 * `stageState` is what that journey ends in, checked by the loader so that the table, the labels and the data agree.
 */
export const demoStages = [
  'firstContactToFill',
  'firstContactReturned',
  'awaitingEmployer',
  'firstContactReview',
  'refusedAtFirstContact',
  'terms',
  'funding',
  'informationSheet',
  'employerPartSent',
  'applicantPartSent',
  'employerToSign',
  'applicantToSign',
  'scanSubmitted',
  'signed',
  'archived',
  'accepted',
  'addendum',
  'breaking',
  'broken',
] as const;
export type DemoStage = (typeof demoStages)[number];

export type DemoSteps = Partial<Record<StepType, number>>;
export interface DemoState {
  statut: number;
  steps: DemoSteps;
}

const sent = { f1ca: 2, f1ce: 2 };
const accepted = { f1ca: 3, f1ce: 3 };
const termsSet = { ...accepted, modalites_re: 3 };
const sheetDone = { ...termsSet, fra: 3, fre: 3 };
const prepared = { ...sheetDone, cfa: 3, signature_admissible: 1, signature_employeur: 1, signature_ecole: 1 };
const signedSteps = { ...sheetDone, cfa: 3, signature_admissible: 3, signature_employeur: 3, signature_ecole: 3 };

export function stageState(stage: DemoStage): DemoState {
  switch (stage) {
    case 'firstContactToFill':
      return { statut: 1, steps: { f1ca: 1 } };
    case 'firstContactReturned':
      // Sent once (the employer's sheet opened then), then returned to the applicant to correct (5).
      return { statut: 1, steps: { f1ca: 5, f1ce: 1 } };
    case 'awaitingEmployer':
      return { statut: 2, steps: { f1ca: 2, f1ce: 1 } };
    case 'firstContactReview':
      return { statut: 3, steps: sent };
    case 'refusedAtFirstContact':
      return { statut: 6, steps: sent };
    case 'terms':
      return { statut: 4, steps: { ...accepted, modalites_re: 2 } };
    case 'funding':
      return { statut: 5, steps: termsSet };
    case 'informationSheet':
      return { statut: 7, steps: { ...termsSet, fra: 1, fre: 1 } };
    case 'employerPartSent':
      return { statut: 7, steps: { ...termsSet, fra: 1, fre: 2 } };
    case 'applicantPartSent':
      return { statut: 7, steps: { ...termsSet, fra: 2, fre: 1 } };
    case 'employerToSign':
      // The contract prepared (documents generated, procedure open): the employer's signatory signs first.
      return { statut: 7, steps: prepared };
    case 'scanSubmitted':
      // Paper method: the employer's signed scan awaits the CFA's check, which moves no step yet.
      return { statut: 7, steps: prepared };
    case 'applicantToSign':
      return { statut: 7, steps: { ...prepared, signature_employeur: 3 } };
    case 'signed':
      return { statut: 8, steps: signedSteps };
    case 'archived':
      // Closed while the employer's first contact was still awaited.
      return { statut: 9, steps: { f1ca: 2, f1ce: 1 } };
    case 'accepted':
    case 'addendum':
      return { statut: stage === 'accepted' ? 10 : 11, steps: signedSteps };
    case 'breaking':
      return { statut: 12, steps: signedSteps };
    case 'broken':
      return { statut: 13, steps: signedSteps };
  }
}
