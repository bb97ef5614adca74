import { useMemo, useRef } from 'react';

/**
 * The `Idempotency-Key` of a state change (issue 27): the server answers the same key, from the same person on the same
 * route, with the first request's answer instead of acting again. A UUID made for one action of a person, sent with
 * every try of that action (a double click, a retry after an answer lost on the network), and renewed once the action
 * succeeded, so that the next action is a request of its own.
 */
export function newRequestKey(): string {
  // randomUUID exists in secure contexts only: a portal opened over plain HTTP on a local address draws its own.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface RequestKey {
  /** The key of the action under way (made at its first try). */
  get(): string;
  /** The action succeeded: the next one gets a new key. */
  renew(): void;
}

/** One action's key for a component that offers it (a dialog, a form): see newRequestKey. */
export function useRequestKey(): RequestKey {
  const key = useRef<string | null>(null);
  return useMemo(
    () => ({
      get: () => (key.current ??= newRequestKey()),
      renew: () => {
        key.current = null;
      },
    }),
    [],
  );
}
