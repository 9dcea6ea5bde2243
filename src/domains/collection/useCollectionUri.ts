import { useEffect, useState } from 'react';
import { campaignUriProblem } from '../../../contract/campaignUri.ts';
import { checkCollectionUri } from '../../api/collections.ts';

export type CollectionUriStatus = 'idle' | 'checking' | 'available' | 'taken' | 'reserved' | 'invalid' | 'own' | 'error';

export const URI_CHECK_DELAY_MS = 400;

/** Whether a collection link is free, as the creator types: the link rule at once, the server after a pause. */
export function useCollectionUri(uri: string, ownUri?: string): CollectionUriStatus {
  const value = uri.trim();
  const local: CollectionUriStatus | null = value === '' ? 'idle' : value === ownUri ? 'own' : campaignUriProblem(value);
  const [remote, setRemote] = useState<{ uri: string; status: CollectionUriStatus } | null>(null);

  useEffect(() => {
    if (local !== null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkCollectionUri(value, controller.signal).then(
        (answer) => setRemote({ uri: value, status: answer.available ? 'available' : (answer.reason ?? 'taken') }),
        () => !controller.signal.aborted && setRemote({ uri: value, status: 'error' }),
      );
    }, URI_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [local, value]);

  if (local !== null) return local;
  return remote?.uri === value ? remote.status : 'checking';
}
