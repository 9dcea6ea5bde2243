import { useEffect, useState } from 'react';
import { campaignUriProblem } from '../../../contract/campaignUri.ts';
import { checkUriAvailability } from '../../api/campaignWrites.ts';

export type UriStatus = 'idle' | 'checking' | 'available' | 'taken' | 'reserved' | 'invalid' | 'own' | 'error';

export const URI_CHECK_DELAY_MS = 400;

/**
 * Availability of a link as the creator types: format and reserved words at once, the server
 * after a pause in typing. `own` is the campaign's current link on the edit page.
 */
export function useUriAvailability(uri: string, ownUri?: string): UriStatus {
  const value = uri.trim();
  const local: UriStatus | null = value === '' ? 'idle' : value === ownUri ? 'own' : campaignUriProblem(value);
  const [remote, setRemote] = useState<{ uri: string; status: UriStatus } | null>(null);

  useEffect(() => {
    if (local !== null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkUriAvailability(value, controller.signal).then(
        (answer) => setRemote({ uri: value, status: answer.available ? 'available' : (answer.reason ?? 'taken') }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn('The link check failed', error);
          setRemote({ uri: value, status: 'error' });
        },
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
