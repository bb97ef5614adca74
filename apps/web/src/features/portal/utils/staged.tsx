import type { ReactNode } from 'react';
import { useStagedCount } from './use-staged-count';

/**
 * Renders `children(shown)` with `shown` growing by one per task up to `total` (use-staged-count.ts), holding that
 * count itself: each step renders this part of the screen only, not the screen around it (its header, its other
 * columns), which the screen component rendering again at each step had redone ten times over (issue 13: total
 * blocking time). A step passes the parts already shown as the same elements, which React does not render again: it
 * renders only the part it adds. (The parts are memoized too, for when the screen itself renders again.)
 */
export function Staged({ total, children }: { total: number; children: (shown: number) => ReactNode }) {
  return children(useStagedCount(total));
}
