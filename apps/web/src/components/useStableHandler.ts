import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A handler that keeps its identity across renders while always running the latest version, so
 * memoised children (list rows) that receive it are not drawn again each time the parent renders.
 * Only for event handlers, not for use during rendering.
 */
export function useStableHandler<Args extends unknown[], Result>(handler: (...args: Args) => Result): (...args: Args) => Result {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
