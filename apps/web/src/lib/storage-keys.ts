/** Local storage keys (SPEC section 3, "Local persistence"). */
export const storageKeys = {
  store: 'passerelle.store',
  layout: 'passerelle.layout',
  theme: 'passerelle.theme',
  /** SPEC: the language is saved under a `lang` key. */
  lang: 'lang',
  /** Path to come back to after signing in again. */
  returnTo: 'passerelle.returnTo',
  /** Prefix of the unsent copies of sheets (`passerelle.sheet.<kind>.<id>`), kept until the server has them. */
  sheetDraftPrefix: 'passerelle.sheet.',
} as const;

export function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or full storage: the session still works in memory.
  }
}

/** Removes every key starting with `prefix` (the unsent sheet copies on a deliberate sign-out). */
export function removeKeysStartingWith(prefix: string): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
    for (const key of keys) if (key?.startsWith(prefix)) localStorage.removeItem(key);
  } catch {
    // Private mode: nothing was kept.
  }
}
