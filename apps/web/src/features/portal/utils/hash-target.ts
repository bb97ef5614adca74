import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { SECTION_SCROLL_DURATION_MS, scrollElementIntoView } from '../../../lib/smooth-scroll';

/** The card id named by the address hash (`#offers` → 'offers'), or null. */
export function useHashTarget(): string | null {
  const { hash } = useLocation();
  return hash.length > 1 ? decodeURIComponent(hash.slice(1)) : null;
}

/** Scrolls the matching card into view once it is on screen (cards appear as their data arrives). */
export function useScrollToHash(id: string, isTarget: boolean) {
  useEffect(() => {
    if (!isTarget) return;
    const element = document.getElementById(id);
    if (!element) return;
    // SPEC section 9: a 500 ms animation on the home and cases screens.
    scrollElementIntoView(element, SECTION_SCROLL_DURATION_MS);
  }, [id, isTarget]);
}
