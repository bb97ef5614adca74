import type { HeaderInfos, MeResponse } from '@passerelle/contract';
import { useSyncExternalStore } from 'react';
import { readJson, storageKeys, writeJson } from './storage-keys';

/** SPEC "store": token, user and admissible info, kept in local storage. */
export interface AuthState {
  token: string | null;
  user: MeResponse | null;
  admissibleInfo: HeaderInfos | null;
}

const empty: AuthState = { token: null, user: null, admissibleInfo: null };
let state: AuthState = { ...empty, ...readJson<AuthState>(storageKeys.store) };
const listeners = new Set<() => void>();

function emit() {
  writeJson(storageKeys.store, state);
  for (const listener of listeners) listener();
}

export const authStore = {
  get: (): AuthState => state,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setToken(token: string | null) {
    state = { ...state, token };
    emit();
  },
  setUser(user: MeResponse | null) {
    state = { ...state, user };
    emit();
  },
  setAdmissibleInfo(admissibleInfo: HeaderInfos | null) {
    state = { ...state, admissibleInfo };
    emit();
  },
  clear() {
    state = { ...empty };
    emit();
  },
};

// Another tab signed in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== storageKeys.store) return;
    state = { ...empty, ...readJson<AuthState>(storageKeys.store) };
    for (const listener of listeners) listener();
  });
}

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
}

/** Remembers where the person was when their session ended (SPEC section 4: "remembers the path"). */
export function rememberReturnPath(path: string) {
  try {
    sessionStorage.setItem(storageKeys.returnTo, path);
  } catch {
    // ignore
  }
}

export function takeReturnPath(): string | null {
  try {
    const path = sessionStorage.getItem(storageKeys.returnTo);
    sessionStorage.removeItem(storageKeys.returnTo);
    return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}
