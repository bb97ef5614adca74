import { useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A back-office list's filters, kept in the address: the params, and a `change` that builds the next ones from the
 * latest asked for, not from those of the last render. React Router renders a navigation in a transition, so two
 * changes one right after the other (a search sent with Enter, then a box ticked) would otherwise both start from the
 * params before the first, and the second would undo it.
 */
type ChangeParams = (next: (latest: URLSearchParams) => URLSearchParams, options?: { replace?: boolean }) => void;

/** `change(next, { replace: false })` adds an entry to the history (a page turned); a filter replaces the current one. */
export function useListParams(): [URLSearchParams, ChangeParams] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  // A navigation that came (this one's, the back button's): the address is the latest again.
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const change: ChangeParams = (next, { replace = true } = {}) => {
    latest.current = next(latest.current);
    setParams(latest.current, { replace });
  };
  return [params, change];
}
