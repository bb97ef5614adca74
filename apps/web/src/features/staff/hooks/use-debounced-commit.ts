import { useCallback, useEffect, useRef } from 'react';

/**
 * `commit(value)` once the calls have stopped for `delay` ms. A timer, not an effect on a debounced value: when the
 * address changes under the field (back button, "clear filters"), no late commit writes the old text back.
 */
export function useDebouncedCommit<T>(
  commit: (value: T) => void,
  delay: number,
): { schedule: (value: T) => void; flush: () => void } {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<{ value: T } | null>(null);
  const latest = useRef(commit);
  useEffect(() => {
    latest.current = commit;
  }, [commit]);
  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    if (next) latest.current(next.value);
  }, []);
  const schedule = useCallback(
    (value: T) => {
      if (timer.current) clearTimeout(timer.current);
      pending.current = { value };
      timer.current = setTimeout(flush, delay);
    },
    [delay, flush],
  );
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return { schedule, flush };
}
