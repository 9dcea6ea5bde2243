import { useEffect, useState } from 'react';
import { campaignUriProblem } from '../../contract/campaignUri.ts';
import type { UriAvailability } from '../../contract/campaignWrite.ts';

export type UriStatus = 'idle' | 'checking' | 'available' | 'taken' | 'reserved' | 'invalid' | 'own' | 'error';

export const URI_CHECK_DELAY_MS = 400;

/** The server's answer to "is this link free?" (campaigns and collections answer alike). */
export type UriCheck = (uri: string, signal: AbortSignal) => Promise<UriAvailability>;

/**
 * Availability of a link as the creator types: the link rule (contract/campaignUri.ts) at once, `check` on the server
 * after a pause in typing. `own` is the current link on an edit page. Campaigns and collections share the rule.
 */
export function useUriAvailability(uri: string, ownUri: string | undefined, check: UriCheck): UriStatus {
  const value = uri.trim();
  const local: UriStatus | null = value === '' ? 'idle' : value === ownUri ? 'own' : campaignUriProblem(value);
  const [remote, setRemote] = useState<{ uri: string; status: UriStatus } | null>(null);

  useEffect(() => {
    if (local !== null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      check(value, controller.signal).then(
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
  }, [local, value, check]);

  if (local !== null) return local;
  return remote?.uri === value ? remote.status : 'checking';
}
