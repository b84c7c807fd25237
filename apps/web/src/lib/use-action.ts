import { useCallback, useRef, useState } from 'react';
import { useLatest } from './use-latest';

type TState<O> =
  | { status: 'idle'; data?: undefined; error?: undefined }
  | { status: 'pending'; data?: undefined; error?: undefined }
  | { status: 'success'; data: O; error?: undefined }
  | { status: 'error'; data?: undefined; error: Error };

/**
 * One request a screen makes on the user's say-so, and where it stands: the public pages' light
 * counterpart of a query-cache mutation (they leave the query library out of their JavaScript,
 * P8). A newer run, or `reset`, makes an older run's answer go unseen.
 */
export function useAction<I, O>(fn: (input: I) => Promise<O>) {
  const [state, setState] = useState<TState<O>>({ status: 'idle' });
  const runs = useRef(0);
  const fnRef = useLatest(fn);

  const run = useCallback(
    async (input: I): Promise<O> => {
      const id = ++runs.current;
      setState({ status: 'pending' });
      try {
        const data = await fnRef.current(input);
        if (id === runs.current) setState({ status: 'success', data });
        return data;
      } catch (err) {
        const error = err instanceof Error ? err : new Error(String(err));
        if (id === runs.current) setState({ status: 'error', error });
        throw error;
      }
    },
    [fnRef],
  );

  const reset = useCallback(() => {
    runs.current++;
    setState({ status: 'idle' });
  }, []);

  return {
    ...state,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    /** Runs it; the outcome is in the state (an error is not thrown again). */
    start: (input: I) => void run(input).catch(() => undefined),
    run,
    reset,
  };
}
