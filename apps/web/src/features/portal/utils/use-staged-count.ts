import { useDeferredValue } from 'react';

/**
 * How many of a screen's `total` parts to show: `first` at once (1; 0 puts every part after what renders with the
 * caller), then all of them in a deferred render. React renders a deferred value in the background in slices of a few
 * milliseconds and lets a tap or a key through in between, where an update outside a transition (a query's answer
 * arriving) would render a screen's worth of cards in one long task (issue 13: total blocking time). Issue 25 measured
 * it against the earlier staging (one more part per task, each task a whole render): on the offers search at 4x,
 * blocking time 402 / 511 / 1 395 / 361 ms against 852 / 418 / 766 / 1 069, alternate runs.
 *
 * The parts come in reading order and each is added after the ones before it, in its own column: nothing already on
 * the screen moves (issue 13: no layout shift). `total` 0 (the answers not there yet) shows nothing.
 */
export function useStagedCount(total: number, first = 1): number {
  return useDeferredValue(total, Math.min(first, total));
}
