import type { FundingDecision, SheetKind } from '@passerelle/contract';

/*
 * Small values of the contract written out here: the contract modules that hold them also build zod schemas, which
 * the screens load only when they validate. `contract-mirrors.test.ts` keeps each equal to the contract's.
 */

/** The value at a dotted path (`apprenti.adresse.codePostal`), or undefined: the contract's `getAtPath`, without zod. */
export function valueAt(data: unknown, path: string): unknown {
  let current: unknown = data;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

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
