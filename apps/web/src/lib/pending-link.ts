/**
 * SPEC "Navigation behaviour": on startup the query parameter 't' (the personal link's one-time token) is removed
 * from the address, the hash kept. The token stays in memory only, for the sign-in exchange.
 */
let pending: string | null = null;

export function captureLinkToken(): void {
  const url = new URL(window.location.href);
  const t = url.searchParams.get('t');
  if (!t) return;
  pending = t;
  url.searchParams.delete('t');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

/** Returns the captured token once. */
export function takeLinkToken(): string | null {
  const t = pending;
  pending = null;
  return t;
}
