import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from '../../lib/router';
import { lastNavigationKeepsScroll } from '../../lib/history';

/** Same key as React Router's ScrollRestoration used, so that positions saved before the change still apply. */
const STORAGE_KEY = 'react-router-scroll-positions';
/** How long a position or a hash's element is waited for while the first screen loads. */
const RESTORE_WAIT_MS = 3000;

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function isHistoryVisit(): boolean {
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}

/**
 * What React Router's ScrollRestoration (a data-router component) did: a new page starts at the top (or at the
 * element its hash names), back and forward return to where the page was left, also after a reload; a navigation that
 * asked to keep the scroll position (preventScrollReset) keeps it.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  const currentKey = useRef(location.key);
  const isFirst = useRef(true);

  useEffect(() => {
    positions.current ??= readPositions();
    const saved = positions.current;
    window.history.scrollRestoration = 'manual';
    const record = () => {
      saved[currentKey.current] = window.scrollY;
    };
    const persist = () => {
      record();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
      } catch {
        // Private mode: positions are kept for this page's life only.
      }
      window.history.scrollRestoration = 'auto';
    };
    const resume = () => {
      window.history.scrollRestoration = 'manual';
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', persist);
    window.addEventListener('pageshow', resume);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', persist);
      window.removeEventListener('pageshow', resume);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= readPositions();
    currentKey.current = location.key;
    const first = isFirst.current;
    isFirst.current = false;
    // The first render restores only on a reload or a back/forward into the site: a page opened afresh has no state,
    // hence React Router's "default" key, whose position may be another page's.
    const saved = first && !isHistoryVisit() ? undefined : positions.current[location.key];
    const hash = location.hash ? decodeURIComponent(location.hash.slice(1)) : '';
    let target: () => boolean;
    if (action === NavigationType.Pop && saved !== undefined) {
      // Reached once the page is tall enough.
      target = () => {
        window.scrollTo(0, saved);
        return Math.abs(window.scrollY - saved) < 1;
      };
    } else if (action !== NavigationType.Pop && lastNavigationKeepsScroll()) {
      return;
    } else if (hash) {
      // Reached once the element is there.
      target = () => {
        const element = document.getElementById(hash);
        element?.scrollIntoView();
        return Boolean(element);
      };
    } else {
      window.scrollTo(0, 0);
      return;
    }
    if (target()) return;
    // On the first load the screen's code is still on its way (the shell paints first): try again on each frame for a
    // while, as React Router did by waiting for the screen before the first render; the person's own scrolling stops it.
    const started = performance.now();
    let frame = requestAnimationFrame(function retry() {
      // Done once reached, or once the screen is there (no spinner left: the page is as tall as it gets for now).
      if (target() || !document.querySelector('[data-loading]') || performance.now() - started > RESTORE_WAIT_MS)
        return;
      frame = requestAnimationFrame(retry);
    });
    const stop = () => cancelAnimationFrame(frame);
    const options = { once: true, passive: true } as const;
    window.addEventListener('wheel', stop, options);
    window.addEventListener('touchmove', stop, options);
    window.addEventListener('keydown', stop, options);
    return () => {
      stop();
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchmove', stop);
      window.removeEventListener('keydown', stop);
    };
  }, [location, action]);
}
