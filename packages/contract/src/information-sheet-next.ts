import { STEP_STATUS as STEP } from './dossier-status.ts';
import type { Dossier } from './portal.ts';

// ---------- After a part of the information sheet is sent (docs/decisions/0004) ----------
export type InformationSheetNext = 'contract' | 'waitingEmployer' | 'waitingApplicant';

/**
 * What a part's author is told once it is sent: a sent part is 2 while the other one is not sent yet; once both are
 * sent they are 3 and the school prepares the contract (cfa reached).
 */
export function informationSheetNext(kind: 'fra' | 'fre', etapes: Dossier['etapeStatus']): InformationSheetNext {
  const other = kind === 'fra' ? 'fre' : 'fra';
  const statusOf = (type: string) => etapes.find((etape) => etape.type === type)?.status;
  if (statusOf(other) === STEP.DONE || statusOf('cfa') !== undefined) return 'contract';
  return kind === 'fra' ? 'waitingEmployer' : 'waitingApplicant';
}
