import { readJson, storageKeys, writeJson } from './storage-keys';

/** The tracking form (SPEC route table: open to visitors). */
export const TRACKING_FORM_PATH = '/admissible/suiviRechercheEmployeur';

/**
 * The personal link usually opens in a new tab, which has a sessionStorage of its own: the entry is kept in local
 * storage, for a day at most (a link is valid for less), and removed as soon as the server has it.
 */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

interface Kept {
  values: Record<string, unknown>;
  keptAt: number;
}

export function keepPendingTracking(values: Record<string, unknown>): void {
  writeJson(storageKeys.trackingPending, { values, keptAt: Date.now() } satisfies Kept);
}

export function readPendingTracking(): Record<string, unknown> | null {
  const kept = readJson<Kept>(storageKeys.trackingPending);
  if (!kept || typeof kept.values !== 'object' || typeof kept.keptAt !== 'number') return null;
  if (Date.now() - kept.keptAt > MAX_AGE_MS) {
    clearPendingTracking();
    return null;
  }
  return kept.values;
}

export function clearPendingTracking(): void {
  writeJson(storageKeys.trackingPending, null);
}

/** Reads and removes the kept entry in one go: of two tabs signed in together, only one sends it. */
export function takePendingTracking(): Record<string, unknown> | null {
  const values = readPendingTracking();
  clearPendingTracking();
  return values;
}
