import type { CerfaEditionCode } from '@passerelle/contract';
export type { CerfaTemplateState } from '@passerelle/contract';
import { cerfa10103_12, type CerfaEdition } from './cerfa-10103-12.fields.ts';
import { cerfa10103_13, cerfa10103_14 } from './cerfa-10103-14.fields.ts';

/**
 * The editions whose official blank form the product fills (decision 0044): the apprenticeship form's three. The
 * professionalisation form (12434) has no field map: it is always drawn, as a trial copy.
 */
export const templateEditions: Partial<Record<CerfaEditionCode, CerfaEdition>> = {
  '10103*12': cerfa10103_12,
  '10103*13': cerfa10103_13,
  '10103*14': cerfa10103_14,
};

/**
 * The SHA-256 of the official files the product's maps were checked against, pinned in the code: 10103*12 as the
 * ministry published it (its AcroForm of 157 fields, modified 17 October 2024). The *13 and *14 files are pinned by the
 * operator (CERFA_TEMPLATE_SHA256), who installs them; a pin given there wins over this one.
 */
export const productTemplatePins: Partial<Record<CerfaEditionCode, string>> = {
  '10103*12': 'fe2d60f32c347d4f44a180ed98e467779112e50098b88f54cf933fe892051709',
};

/** The hash an edition's file must have: the operator's pin, else the product's; none when neither pins it. */
export const pinOf = (edition: CerfaEditionCode, pins: Partial<Record<string, string>> | undefined) =>
  pins?.[edition] ?? productTemplatePins[edition];

/** What is wrong with a file's hash for an edition, in the words of the template error (empty when pinned). */
export function pinProblems(
  edition: CerfaEditionCode,
  sha256: string,
  pins: Partial<Record<string, string>> | undefined,
): string[] {
  const pinned = pinOf(edition, pins);
  if (!pinned)
    return [
      `the file's SHA-256 ${sha256} is not pinned: check it is the official blank form of edition ${edition}, then set CERFA_TEMPLATE_SHA256=${edition}=${sha256}`,
    ];
  return pinned === sha256 ? [] : [`the file's SHA-256 ${sha256} is not the pinned ${pinned}`];
}
