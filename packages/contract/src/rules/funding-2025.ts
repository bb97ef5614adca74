import { z } from 'zod';

/**
 * The funding rules of the apprenticeship contracts concluded from 1 July 2025 (decision 0044; loi de finances pour
 * 2025 art. 192, C. trav. L6332-14; decrees 2025-585 and 2025-586 of 27 June 2025):
 * - the employer pays a mandatory flat share of 750 € when the certification is of level 6 or above of the national
 *   framework (R6332-25-1); the OPCO's funding is lowered by as much;
 * - when at least 80 % of the training's hours are remote, the OPCO lowers the funding level (NPEC) by 20 %, never below
 *   4 000 € (R6332-82-1; "au moins 80 %" in the decree: exactly 80 % counts).
 * Pure: the case page, the funding screen and the training convention show what they return.
 */
export const funding2025 = {
  /** Contracts concluded from this date. */
  from: '2025-07-01',
  employerShare: 750,
  /** Level of the national framework of certifications (cadre national des certifications professionnelles). */
  employerShareMinLevel: 6,
  /** Share of the training's hours (percent) given remotely from which the funding level is lowered. */
  remoteThresholdPercent: 80,
  remoteReduction: 0.2,
  /** The lowered funding level never goes below this (a level already under it is not lowered). */
  remoteFloor: 4000,
} as const;

export const employerShareOutcome = z.discriminatedUnion('applies', [
  z.object({ applies: z.literal(true), amount: z.number(), level: z.number().int() }),
  z.object({
    applies: z.literal(false),
    reason: z.enum(['not-apprenticeship', 'concluded-before', 'level-below', 'level-unknown']),
    level: z.number().int().nullable(),
  }),
]);
export type EmployerShareOutcome = z.infer<typeof employerShareOutcome>;

export const remoteReductionOutcome = z.discriminatedUnion('applies', [
  z.object({
    applies: z.literal(true),
    /** Remote share of the training's hours, in percent (one decimal). */
    sharePercent: z.number(),
    /** The funding level as recorded, and as the OPCO pays it once lowered (null while the terms are not recorded). */
    npec: z.number().nullable(),
    reducedNpec: z.number().nullable(),
    /** The 20 % reduction would have gone under 4 000 €: the floor holds it there. */
    floorApplied: z.boolean(),
  }),
  z.object({
    applies: z.literal(false),
    reason: z.enum(['not-apprenticeship', 'concluded-before', 'hours-unknown', 'below-threshold']),
    sharePercent: z.number().nullable(),
  }),
]);
export type RemoteReductionOutcome = z.infer<typeof remoteReductionOutcome>;

export const fundingRulesOutcome = z.object({
  /** The date the rules were judged at: the conclusion date, or today while the contract is not concluded. */
  judgedOn: z.string(),
  /** False while the contract's conclusion date is not known (judged as if concluded today). */
  concluded: z.boolean(),
  employerShare: employerShareOutcome,
  remoteReduction: remoteReductionOutcome,
});
export type FundingRulesOutcome = z.infer<typeof fundingRulesOutcome>;

export interface FundingRulesInput {
  typeContrat: 'APP' | 'PRO';
  /** The contract's conclusion date (ISO), null while it is not known. */
  dateConclusion: string | null;
  /** Today (ISO): a contract not concluded yet is concluded on or after today. */
  today: string;
  /** The certification's level (RNCP, national framework 1 to 8). */
  niveauRncp: number | null;
  heures: number | null;
  heuresDistanciel: number | null;
  /** The OPCO's yearly funding level (the terms' `priseEnChargeOpco`), null while not recorded. */
  npec: number | null;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** Remote share of the training in percent, one decimal; null without hours to divide by. */
export function remoteSharePercent(heures: number | null, heuresDistanciel: number | null): number | null {
  if (heures === null || heures <= 0 || heuresDistanciel === null) return null;
  return Math.round((heuresDistanciel / heures) * 1000) / 10;
}

/** The funding level lowered by 20 %, never below 4 000 € (nor above what it was). */
export function remoteReducedNpec(npec: number): { reducedNpec: number; floorApplied: boolean } {
  const lowered = cents(npec * (1 - funding2025.remoteReduction));
  const floor = Math.min(npec, funding2025.remoteFloor);
  return lowered >= floor ? { reducedNpec: lowered, floorApplied: false } : { reducedNpec: floor, floorApplied: true };
}

/** The 750 € share: an apprenticeship concluded from 1 July 2025 towards a certification of level 6 or above. */
export function employerShare2025(
  input: Pick<FundingRulesInput, 'typeContrat' | 'niveauRncp'> & { concludedOn: string },
): EmployerShareOutcome {
  const level = input.niveauRncp;
  if (input.typeContrat !== 'APP') return { applies: false, reason: 'not-apprenticeship', level };
  if (input.concludedOn < funding2025.from) return { applies: false, reason: 'concluded-before', level };
  if (level === null) return { applies: false, reason: 'level-unknown', level };
  if (level < funding2025.employerShareMinLevel) return { applies: false, reason: 'level-below', level };
  return { applies: true, amount: funding2025.employerShare, level };
}

/** The 20 % reduction of the funding level: an apprenticeship concluded from 1 July 2025, at least 80 % remote. */
export function remoteReduction2025(
  input: Pick<FundingRulesInput, 'typeContrat' | 'heures' | 'heuresDistanciel' | 'npec'> & { concludedOn: string },
): RemoteReductionOutcome {
  const sharePercent = remoteSharePercent(input.heures, input.heuresDistanciel);
  if (input.typeContrat !== 'APP') return { applies: false, reason: 'not-apprenticeship', sharePercent };
  if (input.concludedOn < funding2025.from) return { applies: false, reason: 'concluded-before', sharePercent };
  if (sharePercent === null || input.heures === null || input.heuresDistanciel === null)
    return { applies: false, reason: 'hours-unknown', sharePercent };
  // Compared on the whole hours, not on the rounded percentage (799 of 1 000 hours is under 80 %), without floats.
  if (input.heuresDistanciel * 100 < input.heures * funding2025.remoteThresholdPercent)
    return { applies: false, reason: 'below-threshold', sharePercent };
  if (input.npec === null) return { applies: true, sharePercent, npec: null, reducedNpec: null, floorApplied: false };
  return { applies: true, sharePercent, npec: input.npec, ...remoteReducedNpec(input.npec) };
}

/** Both rules for a contract, judged at its conclusion date (today while it is not concluded). */
export function fundingRules2025(input: FundingRulesInput): FundingRulesOutcome {
  const concludedOn = input.dateConclusion ?? input.today;
  return {
    judgedOn: concludedOn,
    concluded: input.dateConclusion !== null,
    employerShare: employerShare2025({ ...input, concludedOn }),
    remoteReduction: remoteReduction2025({ ...input, concludedOn }),
  };
}
