import { useEffect } from 'react';
import { useLocation } from 'react-router';

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
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    element.scrollIntoView?.({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  }, [id, isTarget]);
}
