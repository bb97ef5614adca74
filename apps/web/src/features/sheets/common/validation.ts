import type { SheetKind } from '@passerelle/contract';
import { checkFormat, parseFormat, type FormIssue } from '@passerelle/contract/forms/format';
import { f1caDraft, f1ceDraft, fraDraft, freDraft, missionsDraft } from '@passerelle/contract/forms/formats/sheets';
import { messageLanguage } from '@passerelle/contract/rules/zod-messages';

/**
 * The sheets' validation, loaded with the first check rather than with the screen: the draft schema of each sheet as
 * the API uses it, through its format table (docs/decisions/0028-client-validation-without-zod.md).
 */
const sheetFormats = {
  f1ca: f1caDraft,
  f1ce: f1ceDraft,
  missions: missionsDraft,
  fra: fraDraft,
  fre: freDraft,
} as const;

/** A malformed field: a rule code of the contract (`nir.key`) with its parameters, or the check in words. */
export type ValidationIssue = FormIssue;

/** Every malformed field of a sheet (first issue per field), zod's own checks put into words in `language`. */
export function checkSheet(
  kind: SheetKind,
  values: Record<string, unknown>,
  language: string,
): { data: Record<string, unknown> } | { issues: ValidationIssue[] } {
  const result = checkFormat(sheetFormats[kind], values, messageLanguage(language));
  return 'data' in result ? { data: result.data as Record<string, unknown> } : result;
}

function unsetPath(target: Record<string, unknown>, path: readonly PropertyKey[]): void {
  let node: unknown = target;
  for (const [index, key] of path.entries()) {
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<PropertyKey, unknown>;
    if (index === path.length - 1) delete record[key];
    else node = record[key];
  }
}

/**
 * What can be saved now: the form parsed by the draft schema, malformed fields left out (they stay in the form
 * and in the local copy until fixed), so that one bad phone number never holds back the rest of the sheet.
 */
export function savableData(
  kind: SheetKind,
  values: Record<string, unknown>,
): { data: Record<string, unknown>; isPartial: boolean } {
  const format = sheetFormats[kind];
  const current = structuredClone(values);
  for (let round = 0; round < 5; round += 1) {
    const result = parseFormat(format, current);
    if (result.issues.length === 0) return { data: result.value as Record<string, unknown>, isPartial: round > 0 };
    for (const issue of result.issues) unsetPath(current, issue.path);
  }
  return { data: {}, isPartial: true };
}
