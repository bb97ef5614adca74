import { useEffect, useState, type ComponentType } from 'react';

/**
 * A part of the shell that the first screen does not need (the user menu's panel, the scroll-to-top button): its code
 * is fetched when it is first wanted, or earlier through `preload` (hover, focus).
 *
 * Unlike React.lazy, a failed download does not throw to the route's error page, which would replace the whole
 * shell: the part just stays absent, and the next time it is wanted the download is tried again.
 */
export interface DeferredComponent<P extends object> {
  /** Starts the download; calling it again while it runs, or once done, fetches nothing more. */
  preload: () => Promise<ComponentType<P>>;
  /** Already downloaded: the next instance can show at once. */
  loaded: () => ComponentType<P> | null;
}

export function deferComponent<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): DeferredComponent<P> {
  let component: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  return {
    preload() {
      pending ??= load().then(
        (mod) => (component = mod.default),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => component,
  };
}

/**
 * The component once it has been wanted and is downloaded (then it stays, so that it can animate out), null before.
 * `onError` runs when the download fails, e.g. to close a menu that could not open.
 */
export function useDeferredComponent<P extends object>(
  deferred: DeferredComponent<P>,
  wanted: boolean,
  onError?: () => void,
): ComponentType<P> | null {
  const [component, setComponent] = useState<ComponentType<P> | null>(deferred.loaded);
  useEffect(() => {
    if (!wanted || component) return;
    let live = true;
    deferred.preload().then(
      (loaded) => {
        if (live) setComponent(() => loaded);
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
  }, [wanted, component, deferred]);
  return component;
}
