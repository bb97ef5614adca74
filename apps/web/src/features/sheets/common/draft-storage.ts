import type { SheetKind } from '@passerelle/contract';
import { fingerprint } from '../../../components/sheet-summary/fingerprint';
import { storageKeys } from '../../../lib/storage-keys';

export { fingerprint };

/**
 * The unsent copy of a sheet kept in local storage, so that a closed tab or an expired token loses nothing.
 * It never holds the NIR (personal data kept on the server only, encrypted).
 */
export interface LocalDraft {
  /** What the person typed, NIR removed. */
  data: Record<string, unknown>;
  /** Fingerprint of the server's data the edits started from: a copy made over older data is dropped. */
  base: string;
  savedAt: number;
}

const key = (kind: SheetKind, id: number) => `${storageKeys.sheetDraftPrefix}${kind}.${id}`;

export function withoutNir(data: Record<string, unknown>): Record<string, unknown> {
  const apprenti = data['apprenti'];
  if (apprenti === null || typeof apprenti !== 'object' || !('nir' in apprenti)) return data;
  const { nir: _nir, ...rest } = apprenti as Record<string, unknown>;
  return { ...data, apprenti: rest };
}

export function readLocalDraft(kind: SheetKind, id: number): LocalDraft | null {
  try {
    const raw = localStorage.getItem(key(kind, id));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<LocalDraft>;
    if (!parsed.data || typeof parsed.data !== 'object' || typeof parsed.base !== 'string') return null;
    return { data: parsed.data, base: parsed.base, savedAt: Number(parsed.savedAt) || 0 };
  } catch {
    return null;
  }
}

export function writeLocalDraft(kind: SheetKind, id: number, draft: LocalDraft): void {
  try {
    localStorage.setItem(key(kind, id), JSON.stringify({ ...draft, data: withoutNir(draft.data) }));
  } catch {
    // Full or disabled storage: the server copy still holds everything saved.
  }
}

export function clearLocalDraft(kind: SheetKind, id: number): void {
  try {
    localStorage.removeItem(key(kind, id));
  } catch {
    // ignore
  }
}

/**
 * The NIR as typed, while the server cannot take it (malformed: drafts keep only well-formed values, and the server
 * keeps a NIR only encrypted). Kept in this tab's session storage, never in local storage: it survives a reload, goes
 * with the tab, and a deliberate sign-out removes it (same prefix as the local copies).
 */
const nirKey = (kind: SheetKind, id: number) => `${storageKeys.sheetDraftPrefix}nir.${kind}.${id}`;

export function readTypedNir(kind: SheetKind, id: number): string | null {
  try {
    return sessionStorage.getItem(nirKey(kind, id));
  } catch {
    return null;
  }
}

export function writeTypedNir(kind: SheetKind, id: number, nir: string | null): void {
  try {
    if (nir) sessionStorage.setItem(nirKey(kind, id), nir);
    else sessionStorage.removeItem(nirKey(kind, id));
  } catch {
    // Storage disabled: the typed value stays in the form for this visit.
  }
}
