import type { SheetKind } from '@passerelle/contract';
import { f1caDraft, f1ceDraft, fraDraft, freDraft, missionsDraft } from '@passerelle/contract/sheets';
import { messageLanguage, zodErrorMap } from '@passerelle/contract/rules/zod-messages';

/**
 * The sheets' validation, loaded with the first check rather than with the screen: the draft schema of each sheet as
 * the API uses it.
 */
const sheetSchemas = {
  f1ca: f1caDraft,
  f1ce: f1ceDraft,
  missions: missionsDraft,
  fra: fraDraft,
  fre: freDraft,
} as const;

/** A malformed field: a rule code of the contract (`nir.key`) with its parameters, or the check in words. */
export interface ValidationIssue {
  path: string;
  message: string;
  params?: Record<string, string | number>;
}

/** The field's dotted path (`apprenti.nir`), `root` for the value itself. */
const dotted = (path: readonly PropertyKey[]) => path.map(String).join('.') || 'root';

/** Every malformed field of a sheet (first issue per field), zod's own checks put into words in `language`. */
export function checkSheet(
  kind: SheetKind,
  values: Record<string, unknown>,
  language: string,
): { data: Record<string, unknown> } | { issues: ValidationIssue[] } {
  const result = sheetSchemas[kind].safeParse(values, { error: zodErrorMap(messageLanguage(language)) });
  if (result.success) return { data: result.data };
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const issue of result.error.issues) {
    const path = dotted(issue.path);
    if (seen.has(path)) continue;
    seen.add(path);
    // The identifiers' rules give their codes' parameters (`{length}`), always strings or numbers.
    const params = issue.code === 'custom' ? (issue.params as ValidationIssue['params']) : undefined;
    issues.push(params ? { path, message: issue.message, params } : { path, message: issue.message });
  }
  return { issues };
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
  const schema = sheetSchemas[kind];
  const current = structuredClone(values);
  for (let round = 0; round < 5; round += 1) {
    const result = schema.safeParse(current);
    if (result.success) return { data: result.data, isPartial: round > 0 };
    for (const issue of result.error.issues) unsetPath(current, issue.path);
  }
  return { data: {}, isPartial: true };
}
