import type { FundingDecision, SheetKind } from '@passerelle/contract';

/*
 * Small values of the contract written out here: the contract modules that hold them also build zod schemas, which
 * the screens load only when they validate. `contract-mirrors.test.ts` keeps each equal to the contract's.
 */

export { valueAt } from '../../../components/sheet-summary/value-at';

/**
 * The blocks each sheet fills in: the contract's `sheetBlocks`, written out so that the screens render before the
 * validation code (zod) arrives. `sheet-blocks.test.ts` keeps the two equal.
 */
export const ownBlocks: { [K in SheetKind]: readonly string[] } = {
  f1ca: ['apprenti', 'employeur', 'contacts', 'contrat'],
  f1ce: ['employeur', 'maitre1', 'contrat', 'contacts'],
  missions: ['missions'],
  fra: ['apprenti', 'representantLegal', 'consentements'],
  fre: ['employeur', 'maitre1', 'maitre2', 'contrat', 'opco', 'contacts', 'facturation', 'consentements', 'responsabilites'],
};

/** The contract's `fundingDecisions`, in the order the funding page offers them. */
export const fundingChoices = ['accepted', 'denied', 'stalled'] as const satisfies readonly FundingDecision[];
