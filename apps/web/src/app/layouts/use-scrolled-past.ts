import { useEffect, useState } from 'react';

/** SPEC section 9: the scroll-to-top button appears after 200 px of scrolling. */
export const SCROLL_TOP_THRESHOLD = 200;

/**
 * True from the first time the window has scrolled past `threshold` px, and then for good: lets the layout load the
 * scroll-to-top button only once a page is long enough to need it.
 */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY > threshold);
  useEffect(() => {
    if (past) return;
    const check = () => {
      if (window.scrollY > threshold) setPast(true);
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    return () => window.removeEventListener('scroll', check);
  }, [past, threshold]);
  return past;
}
