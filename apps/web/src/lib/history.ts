import { useEffect, useRef, useState } from 'react';
import { NavigationType, parsePath, type AppHistory, type HistoryUpdate, type Location, type To } from './router';

/**
 * The router's history (lib/router.tsx) with two things React Router's data router gave (docs/decisions/0027-first-load.md):
 * navigation blockers (a form with unsaved changes asks before leaving) and, for the scroll handling, whether a
 * navigation asked to keep the scroll position.
 */
export interface BlockerArgs {
  currentLocation: Location;
  nextLocation: Location;
  historyAction: NavigationType;
}

interface BlockerEntry {
  shouldBlock: (args: BlockerArgs) => boolean;
  block: (location: Location, proceed: () => void) => void;
}

const blockers = new Set<BlockerEntry>();

/** Whether the latest navigation asked to keep the scroll position (setSearchParams(..., { preventScrollReset })). */
let keepScroll = false;
export const lastNavigationKeepsScroll = () => keepScroll;

function toLocation(current: Location, to: To, state: unknown): Location {
  const path = typeof to === 'string' ? parsePath(to) : to;
  return {
    pathname: path.pathname ?? current.pathname,
    search: path.search ?? '',
    hash: path.hash ?? '',
    state: state ?? null,
    key: '',
  };
}

/** The first blocker that refuses the navigation is told (its dialog shows); true when one did. */
function isBlocked(
  currentLocation: Location,
  nextLocation: Location,
  historyAction: NavigationType,
  proceed: () => void,
) {
  for (const entry of blockers) {
    if (entry.shouldBlock({ currentLocation, nextLocation, historyAction })) {
      entry.block(nextLocation, proceed);
      return true;
    }
  }
  return false;
}

/** Wraps a history so that blockers can hold navigations back. */
export function blockableHistory(base: AppHistory): AppHistory {
  /** The back or forward move being undone (a blocker refused it) or redone (the person confirmed): not checked again. */
  let passNextPop = false;
  let ignoreNextPop = false;
  const listeners = new Set<(update: HistoryUpdate) => void>();
  let unsubscribeBase: (() => void) | null = null;
  let shown = base.location;
  const onMove = (update: HistoryUpdate) => {
    if (ignoreNextPop) {
      ignoreNextPop = false;
      return;
    }
    if (update.action === NavigationType.Pop && !passNextPop && update.delta) {
      const delta = update.delta;
      const redo = () => {
        passNextPop = true;
        base.go(delta);
      };
      if (isBlocked(shown, update.location, update.action, redo)) {
        // The browser has already moved: back to where the person was, without telling the listeners.
        ignoreNextPop = true;
        base.go(-delta);
        return;
      }
    }
    passNextPop = false;
    if (update.action === NavigationType.Pop) keepScroll = false;
    shown = update.location;
    [...listeners].forEach((listener) => listener(update));
  };
  return {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to) => base.createHref(to),
    push(to, state, options) {
      const go = () => {
        keepScroll = Boolean(options?.preventScrollReset);
        base.push(to, state, options);
      };
      if (!isBlocked(base.location, toLocation(base.location, to, state), NavigationType.Push, go)) go();
    },
    replace(to, state, options) {
      const go = () => {
        keepScroll = Boolean(options?.preventScrollReset);
        base.replace(to, state, options);
      };
      if (!isBlocked(base.location, toLocation(base.location, to, state), NavigationType.Replace, go)) go();
    },
    go: (delta) => base.go(delta),
    listen(listener) {
      // One subscription to the base history checks each move once, then every listener hears it.
      if (!unsubscribeBase) {
        shown = base.location;
        unsubscribeBase = base.listen(onMove);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && unsubscribeBase) {
          unsubscribeBase();
          unsubscribeBase = null;
        }
      };
    },
  };
}

export type Blocker =
  | { state: 'unblocked'; location?: undefined; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; location: Location; proceed: () => void; reset: () => void }
  | { state: 'proceeding'; location: Location; proceed?: undefined; reset?: undefined };

/**
 * React Router's useBlocker (a data-router API) for the declarative router: while `shouldBlock` says so, a navigation
 * (a link, navigate(), back or forward) waits, `state` is 'blocked', and the screen asks: `proceed()` goes on,
 * `reset()` stays. Leaving the site or reloading is the browser's business (beforeunload).
 */
export function useBlocker(shouldBlock: (args: BlockerArgs) => boolean): Blocker {
  const [blocker, setBlocker] = useState<Blocker>({ state: 'unblocked' });
  const latest = useRef(shouldBlock);
  useEffect(() => {
    latest.current = shouldBlock;
  });
  useEffect(() => {
    const entry: BlockerEntry = {
      shouldBlock: (args) => latest.current(args),
      block: (location, proceed) =>
        setBlocker({
          state: 'blocked',
          location,
          proceed: () => {
            setBlocker({ state: 'proceeding', location });
            blockers.delete(entry);
            try {
              proceed();
            } finally {
              blockers.add(entry);
              setBlocker({ state: 'unblocked' });
            }
          },
          reset: () => setBlocker({ state: 'unblocked' }),
        }),
    };
    blockers.add(entry);
    return () => {
      blockers.delete(entry);
    };
  }, []);
  return blocker;
}
