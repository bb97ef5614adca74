import type { ReactNode } from 'react';
import { useStagedCount } from './use-staged-count';

/**
 * Renders `children(shown)` with `shown` the first part at once, then all `total` parts in a deferred render
 * (use-staged-count.ts), holding that count itself: the deferred render is this part of the screen only, not the screen
 * around it (its header, its other columns). It passes the parts already shown as the same elements, which React does
 * not render again. (The parts are memoized too, for when the screen itself renders again.)
 */
export function Staged({ total, children }: { total: number; children: (shown: number) => ReactNode }) {
  return children(useStagedCount(total));
}
