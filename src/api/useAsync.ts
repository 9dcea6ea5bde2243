import { useEffect, useState } from 'react';
import { isApiError } from './index.ts';

export type AsyncState<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'success'; data: T };

/** Runs `load` whenever `deps` change; aborts the previous run. */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]): [AsyncState<T>, () => void] {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ status: 'success', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A 4xx (not found, access code required) is an answer the page shows, not a failure worth logging.
        if (!(isApiError(error) && error.status >= 400 && error.status < 500)) console.error('Request failed', error);
        setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- callers pass the inputs of `load` as deps
  }, [...deps, attempt]);
  return [state, () => setAttempt((n) => n + 1)];
}
