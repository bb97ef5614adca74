import { useEffect, useState } from 'react';

/** SPEC section 9: the scroll-to-top button appears after 200 px of scrolling. */
export const SCROLL_TOP_THRESHOLD = 200;

/**
 * True from the first time the window has scrolled past `threshold` px, and then for good: lets the layout load the
 * scroll-to-top button only once a page is long enough to need it.
 *
 * It listens to scrolling and does not read the position as the layout mounts: reading it then made the browser lay out
 * the whole page in the middle of the first render, 12-16 ms of a phone's main thread (issue 13). A page starts at the
 * top, and one brought back to where it was left (React Router's ScrollRestoration) is scrolled there, which is heard.
 */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    if (past) return;
    const check = () => {
      if (window.scrollY > threshold) setPast(true);
    };
    window.addEventListener('scroll', check, { passive: true });
    return () => window.removeEventListener('scroll', check);
  }, [past, threshold]);
  return past;
}
