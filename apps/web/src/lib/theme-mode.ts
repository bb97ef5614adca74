import type { PaletteMode } from '@mui/material/styles';
import { useCallback, useSyncExternalStore } from 'react';
import { storageKeys } from './storage-keys';

/** SPEC section 9: theme stored locally; default light, or the system setting when nothing is stored. */
const listeners = new Set<() => void>();
// matchMedia is missing in some embedded browsers and in jsdom: the light default then applies.
const media =
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : null;

function read(): PaletteMode {
  try {
    const stored = localStorage.getItem(storageKeys.theme);
    if (stored === 'light' || stored === 'dark') return stored;
  } catch {
    // ignore
  }
  return media?.matches ? 'dark' : 'light';
}

/**
 * The mode in force, read from storage once and then on each change (a choice here or in another tab, the system
 * setting): the whole app asks for it on every render of its root, and a storage read each time showed in the first
 * render's profile (issue 13).
 */
let current: PaletteMode = read();
function changed(next: PaletteMode) {
  current = next;
  listeners.forEach((l) => l());
}

media?.addEventListener('change', () => changed(read()));
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === storageKeys.theme || event.key === null) changed(read());
  });
}

export function useThemeMode() {
  const mode = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    (): PaletteMode => 'light',
  );
  const setMode = useCallback((next: PaletteMode) => {
    try {
      localStorage.setItem(storageKeys.theme, next);
    } catch {
      // Storage refused (private mode): the choice holds for this page's life.
    }
    changed(next);
  }, []);
  return { mode, setMode };
}
