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

media?.addEventListener('change', () => listeners.forEach((l) => l()));

export function useThemeMode() {
  const mode = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
    (): PaletteMode => 'light',
  );
  const setMode = useCallback((next: PaletteMode) => {
    try {
      localStorage.setItem(storageKeys.theme, next);
    } catch {
      // ignore
    }
    listeners.forEach((l) => l());
  }, []);
  return { mode, setMode };
}
