import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const WAIT_FOR_HEADING_MS = 3000;

/**
 * After each navigation (not the first load), focus goes to the new page's h1 so that screen readers announce it and
 * keyboard users start from the content. Screens load lazily, so the heading is awaited for a moment.
 */
export function useFocusOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (!main) return;
    const started = performance.now();
    let frame = 0;
    const tryFocus = () => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
        return;
      }
      if (performance.now() - started < WAIT_FOR_HEADING_MS) frame = requestAnimationFrame(tryFocus);
      else main.focus({ preventScroll: true });
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
