/** The value at a dotted path (`apprenti.adresse.codePostal`), or undefined: the contract's `getAtPath`, without zod. */
export function valueAt(data: unknown, path: string): unknown {
  let current: unknown = data;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
