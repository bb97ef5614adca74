import { options } from 'preact';

/**
 * React's API runs on Preact here (docs/decisions/0033-preact.md). Both run a component's effects (useEffect) after
 * the browser has painted, but React also runs any still waiting before it handles a person's next click or key, and
 * libraries count on it: TanStack Query hands a mutation its latest options in an effect, so a form sent right after
 * the last key would otherwise send the text without that key. This gives Preact the same guarantee: the effects
 * still wait for the paint (a frame, or 35 ms when frames stop, as Preact does), and run first if a person's event
 * comes before. Not on focus events: the browser sends those in the middle of Preact's own work too (a focused element
 * removed from the page), where running effects would find the refs of a screen being taken down.
 */
const DISCRETE_EVENTS = [
  'keydown',
  'keyup',
  'keypress',
  'beforeinput',
  'input',
  'change',
  'submit',
  'click',
  'auxclick',
  'contextmenu',
  'dblclick',
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'touchstart',
  'touchend',
  'paste',
  'cut',
  'copy',
  'drop',
] as const;

let pending: (() => void) | null = null;

/** Runs the effects waiting, if any (Preact's own flush, which does nothing once the queue is empty). */
export function flushEffects() {
  const flush = pending;
  pending = null;
  flush?.();
}

options.requestAnimationFrame = (flush) => {
  pending = flush;
  let frame = 0;
  const done = () => {
    clearTimeout(timeout);
    if (typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
    flushEffects();
  };
  const timeout = setTimeout(done, 35);
  if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(done);
};

if (typeof window !== 'undefined') {
  for (const type of DISCRETE_EVENTS) window.addEventListener(type, flushEffects, { capture: true, passive: true });
}
