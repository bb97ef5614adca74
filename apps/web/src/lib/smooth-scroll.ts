/** SPEC section 9: the scroll-to-top runs in 600 ms; bringing a card of the home or cases screen into view, in 500 ms. */
export const SCROLL_TOP_DURATION_MS = 600;
export const SECTION_SCROLL_DURATION_MS = 500;

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

let frame = 0;

/**
 * Scrolls the window to `top` in `durationMs` (the browser's own smooth scrolling has no set duration). At once when
 * the person asked for reduced motion. A new scroll replaces one under way.
 */
export function scrollWindowTo(top: number, durationMs: number): void {
  if (frame) cancelAnimationFrame(frame);
  frame = 0;
  const start = window.scrollY;
  const distance = top - start;
  if (durationMs <= 0 || distance === 0 || prefersReducedMotion() || typeof requestAnimationFrame !== 'function') {
    window.scrollTo({ top });
    return;
  }
  const startedAt = performance.now();
  // performance.now() rather than the frame's time stamp, whose origin differs between environments.
  const step = () => {
    const progress = Math.min(1, Math.max(0, (performance.now() - startedAt) / durationMs));
    window.scrollTo({ top: progress === 1 ? top : Math.round(start + distance * easeInOut(progress)) });
    frame = progress < 1 ? requestAnimationFrame(step) : 0;
  };
  frame = requestAnimationFrame(step);
}

/** Scrolls an element to the top of the window, below what its scroll-margin-top keeps clear (the fixed header). */
export function scrollElementIntoView(element: Element, durationMs: number): void {
  const margin = Number.parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
  scrollWindowTo(Math.max(0, element.getBoundingClientRect().top + window.scrollY - margin), durationMs);
}
