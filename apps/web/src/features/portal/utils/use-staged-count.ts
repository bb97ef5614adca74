import { useEffect, useState } from 'react';

/**
 * How many of a screen's `total` parts to show: the first at once, then one more in each following task, until all
 * are there. An update that is no transition (a query's answer arriving) renders in one go: a screen's worth of cards
 * at once, offers, feed and tables, was one 150 ms task on a phone, during which a tap waited (issue 13: total blocking
 * time). Shown one per
 * task, each is a short one and the page answers in between; all are there a few frames later.
 *
 * The parts come in reading order and each is added after the ones before it, in its own column: nothing already on
 * the screen moves (issue 13: no layout shift). `total` 0 (the answers not there yet) shows nothing. `first` parts show
 * at once (1; 0 puts the first part in the next task, after what renders with the caller).
 */
export function useStagedCount(total: number, first = 1): number {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (total === 0 || shown >= total) return undefined;
    const timer = setTimeout(() => setShown((count) => count + 1), 0);
    return () => clearTimeout(timer);
  }, [shown, total]);
  return Math.min(shown, total);
}
