import { useDeferredValue, useState } from 'react';

/**
 * True once none of the given queries is pending any more (each answered or failed), and true from then on. A screen
 * shows the cards these answers size only then, all at once: cards that grew one after the other from placeholders
 * pushed the ones below them down (issue 13: layout shift). Once shown they stay, and later requests (another
 * language's feed, a list refreshed) update them in place. The screens then add their cards one per task
 * (use-staged-count.ts): a screen's worth of cards at once made a long task. (The deferred value lets React render them
 * in the background, between a person's keys and clicks.)
 */
export function useSettledOnce(...isPending: boolean[]): boolean {
  const isSettled = isPending.every((pending) => !pending);
  const [hasSettled, setSettled] = useState(isSettled);
  if (isSettled && !hasSettled) setSettled(true);
  return useDeferredValue(hasSettled);
}
