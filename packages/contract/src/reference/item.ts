import { z } from 'zod';

/** One option of a reference list: the code stored and sent to the OPCO, the French label shown. */
export type ReferenceItem = { readonly code: string; readonly label: string };

export type ReferenceCode<L extends readonly ReferenceItem[]> = L[number]['code'];

/**
 * A zod enum of a list's codes, for request bodies and forms. Free of side effects for the bundler: the web app reads
 * the lists without their schemas, and so without zod.
 */
/* @__NO_SIDE_EFFECTS__ */
export function referenceCodeSchema<const L extends readonly ReferenceItem[]>(list: L) {
  return z.enum(list.map((item) => item.code) as [ReferenceCode<L>, ...ReferenceCode<L>[]]);
}

export function findReferenceLabel(
  list: readonly ReferenceItem[],
  code: string | null | undefined,
): string | undefined {
  return list.find((item) => item.code === code)?.label;
}
