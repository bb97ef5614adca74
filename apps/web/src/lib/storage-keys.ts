/** Local storage keys (SPEC section 3, "Local persistence"). */
export const storageKeys = {
  store: 'passerelle.store',
  layout: 'passerelle.layout',
  theme: 'passerelle.theme',
  /** SPEC: the language is saved under a `lang` key. */
  lang: 'lang',
  /** Path to come back to after signing in again. */
  returnTo: 'passerelle.returnTo',
  /** A tracking entry typed before signing in (or when the session ended), saved once the applicant is signed in. */
  trackingPending: 'passerelle.trackingPending',
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

/** Removes every key starting with `prefix`, in local and session storage (the unsent sheet copies on a deliberate sign-out). */
export function removeKeysStartingWith(prefix: string): void {
  for (const storage of storages()) {
    try {
      const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
      for (const key of keys) if (key?.startsWith(prefix)) storage.removeItem(key);
    } catch {
      // Private mode: nothing was kept.
    }
  }
}

function storages(): Storage[] {
  try {
    return [localStorage, sessionStorage];
  } catch {
    return [];
  }
}
