import { useState } from 'react';
import { useAsync } from '../../api/useAsync.ts';

/** A paginated staff list: the page, its load state, and a reload after an action changed it. */
export function useStaffList<T>(load: (page: number, signal: AbortSignal) => Promise<T>) {
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [state, retry] = useAsync((signal) => load(page, signal), [page, version]);
  return { page, setPage, state, retry, reload: () => setVersion((n) => n + 1) };
}
