import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { readJson, storageKeys, writeJson } from './storage-keys';

/** SPEC section 3 "Local persistence": the layout configuration, kept in local storage. */
export interface LayoutConfig {
  /** The side navigation beside the content on wide screens: shown (the default) or put away by the person. */
  isDrawerOpen: boolean;
}

const defaults: LayoutConfig = { isDrawerOpen: true };
const listeners = new Set<() => void>();
let current: LayoutConfig = read();

function read(): LayoutConfig {
  const stored = readJson<Partial<LayoutConfig>>(storageKeys.layout);
  return { isDrawerOpen: typeof stored?.isDrawerOpen === 'boolean' ? stored.isDrawerOpen : defaults.isDrawerOpen };
}

export function useLayoutConfig(): [LayoutConfig, (change: Partial<LayoutConfig>) => void] {
  const config = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => defaults,
  );
  const update = useCallback((change: Partial<LayoutConfig>) => {
    current = { ...current, ...change };
    writeJson(storageKeys.layout, current);
    listeners.forEach((listener) => listener());
  }, []);
  return [config, update];
}

/** SPEC section 9: window resizes are acted on 200 ms after they stop. */
export const RESIZE_DEBOUNCE_MS = 200;

/** The window's width, updated once a resize has stopped for RESIZE_DEBOUNCE_MS. */
export function useWindowWidth(): number {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 0 : window.innerWidth));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(window.innerWidth), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return width;
}
