import { lazy, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A part of the shell that the first screen does not need (the scroll-to-top button): its code is fetched when it is
 * first wanted, or earlier through `preload` (e.g. on hover or focus of what opens it).
 *
 * `Component` is rendered only once `useDeferredReady` says the code is here. Unlike a bare React.lazy, a failed
 * download therefore never throws to the route's error page, which would replace the whole shell: the part just stays
 * absent, and the next time it is wanted the download is tried again.
 */
export interface DeferredComponent<P extends object> {
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Starts the download; calling it again while it runs, or once done, fetches nothing more. */
  preload: () => Promise<unknown>;
  isLoaded: () => boolean;
}

export function deferComponent<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): DeferredComponent<P> {
  let loaded = false;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    pending ??= load().then(
      (mod) => {
        loaded = true;
        return mod;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  return { Component: lazy(preload), preload, isLoaded: () => loaded };
}

/**
 * True once the part has been wanted and its code is here; it then stays true, so that the part can animate out.
 * `onError` runs when the download fails, e.g. to close a menu that could not open.
 */
export function useDeferredReady<P extends object>(
  deferred: DeferredComponent<P>,
  wanted: boolean,
  onError?: () => void,
): boolean {
  const [ready, setReady] = useState(deferred.isLoaded);
  useEffect(() => {
    if (!wanted || ready) return;
    let live = true;
    deferred.preload().then(
      () => {
        if (live) setReady(true);
      },
      () => {
        if (live) onError?.();
      },
    );
    return () => {
      live = false;
    };
    // onError is a fresh closure on every render; the download depends on being wanted only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, ready, deferred]);
  return ready;
}
