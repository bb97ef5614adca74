/**
 * The edition of the CERFA a contract is written on (decision 0044): the one in force on the contract's conclusion
 * date. An apprenticeship concluded from 1 July 2025 is on FA13 10103*14 (the remote training hours, decrees of
 * 27 June 2025); one concluded earlier keeps the edition of its date: 10103*13 from its publication on 17 January 2025
 * (the RQTH "équivalence jeunes" and "extension BOE" boxes), 10103*12 before. The professionalisation form (EJ20) is
 * 12434*04 from the same publication, 12434*03 before. Each list runs from the newest edition to the oldest; the oldest
 * stands for any earlier date (the product prepares no contract older than it).
 */

export const cerfaEditionCodes = ['10103*12', '10103*13', '10103*14', '12434*03', '12434*04'] as const;
export type CerfaEditionCode = (typeof cerfaEditionCodes)[number];

export interface CerfaEditionPeriod {
  edition: CerfaEditionCode;
  /** The first conclusion date (ISO) the edition is used for; null for the oldest. */
  from: string | null;
}

export const cerfaEditionsInForce: Readonly<Record<'APP' | 'PRO', readonly CerfaEditionPeriod[]>> = {
  APP: [
    { edition: '10103*14', from: '2025-07-01' },
    { edition: '10103*13', from: '2025-01-17' },
    { edition: '10103*12', from: null },
  ],
  PRO: [
    { edition: '12434*04', from: '2025-01-17' },
    { edition: '12434*03', from: null },
  ],
};

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The edition in force for a contract of `kind` concluded on `concludedOn` (ISO date). A contract whose conclusion date
 * is not known yet is concluded when it is signed, on or after `today`: the caller passes today's date then.
 */
export function cerfaEditionFor(kind: 'APP' | 'PRO', concludedOn: string): CerfaEditionCode {
  if (!isoDay.test(concludedOn)) throw new RangeError(`Not an ISO date: ${concludedOn}`);
  for (const period of cerfaEditionsInForce[kind])
    if (period.from === null || concludedOn >= period.from) return period.edition;
  // Unreachable: the oldest period has no lower bound.
  return kind === 'APP' ? '10103*12' : '12434*03';
}

/**
 * Whether the official form of a contract's edition is ready to fill on the server: `installed` (there and its SHA-256
 * pinned), `missing` (not there: a trial copy is drawn), `unpinned` / `changed` (there, but its hash is pinned nowhere
 * or is not the pinned one: preparing the contract is refused), `unsupported` (the product fills no official form of
 * this edition, 12434: a trial copy is drawn).
 */
export const cerfaTemplateStates = ['installed', 'missing', 'unpinned', 'changed', 'unsupported'] as const;
export type CerfaTemplateState = (typeof cerfaTemplateStates)[number];

/** Whether an edition's form carries the training's remote hours ("heures en distanciel", 10103*14 on). */
export const editionHasRemoteHours = (edition: CerfaEditionCode): boolean => edition === '10103*14';

/** The apprenticeship forms from 10103*13 on ask, beside the RQTH, for the "équivalence jeunes" and "extension BOE" rights. */
export const editionHasRqthRights = (edition: CerfaEditionCode): boolean =>
  edition === '10103*13' || edition === '10103*14';
