import { useCallback, useRef, useState } from 'react';

/**
 * React's useReducer, plus `latest()`: the state after the last dispatch, at once. The form's saves
 * and uploads finish long after the render they started in, and must read what the editor typed
 * since (a render's state would be stale there).
 */
export function useLatestReducer<S, A>(reducer: (state: S, action: A) => S, initial: () => S) {
  const [state, setState] = useState(initial);
  const current = useRef(state);
  const dispatch = useCallback(
    (action: A) => {
      current.current = reducer(current.current, action);
      setState(current.current);
    },
    [reducer],
  );
  const latest = useCallback(() => current.current, []);
  return [state, dispatch, latest] as const;
}
