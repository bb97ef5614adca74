/** Stable text of a value, object keys sorted, empty values dropped: two equal drafts give the same text. */
export function fingerprint(value: unknown): string {
  return JSON.stringify(normalise(value)) ?? '';
}

function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => [k, normalise(v)] as const)
      .filter(([, v]) => v !== undefined && v !== null && v !== '' && !(typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0))
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return Object.fromEntries(entries);
  }
  return value;
}
