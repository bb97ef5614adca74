import type { SheetKind } from '@passerelle/contract';
import { sheetDrafts } from '@passerelle/contract/sheets';
import { messageLanguage, zodErrorMap } from '@passerelle/contract/rules/zod-messages';

/**
 * The sheets' validation, loaded with the first check rather than with the screen (zod and the draft schemas weigh
 * more than a sheet screen): the draft schema of each sheet, as the API uses it.
 */
type Schema = (typeof sheetDrafts)[SheetKind];

export interface ValidationIssue {
  path: string;
  /** A rule code of the contract (`nir.key`) or zod's own message. */
  message: string;
  params?: Record<string, string | number>;
}

/** Every malformed field of a sheet (first issue per field), zod's own checks put into words in `language`. */
export async function checkSheet(kind: SheetKind, values: Record<string, unknown>, language: string): Promise<{ data: Record<string, unknown> } | { issues: ValidationIssue[] }> {
  const schema: Schema = sheetDrafts[kind];
  const result = await schema.safeParseAsync(values, { error: zodErrorMap(messageLanguage(language)) });
  if (result.success) return { data: result.data };
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.') || 'root';
    if (seen.has(path)) continue;
    seen.add(path);
    const params = issue.code === 'custom' ? (issue.params as Record<string, string | number> | undefined) : undefined;
    issues.push({ path, message: issue.message, ...(params ? { params } : {}) });
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
export function savableData(kind: SheetKind, values: Record<string, unknown>): { data: Record<string, unknown>; isPartial: boolean } {
  const schema: Schema = sheetDrafts[kind];
  const current = structuredClone(values);
  for (let round = 0; round < 5; round += 1) {
    const result = schema.safeParse(current);
    if (result.success) return { data: result.data, isPartial: round > 0 };
    for (const issue of result.error.issues) unsetPath(current, issue.path);
  }
  return { data: {}, isPartial: true };
}
