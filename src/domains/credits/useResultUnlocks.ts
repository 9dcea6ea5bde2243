import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultUnlocks } from '../../../contract/creditsApi.ts';
import { apiErrorMessage } from '../../api/ApiError.ts';
import { fetchCreditBalance, fetchResultUnlocks } from '../../api/credits.ts';

export type UnlocksState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; unlocks: ResultUnlocks; balance: number };

/**
 * What the signed-in account bought for one result and its credits balance, read together; `reload` reads both
 * again (after a spend, a refund or a payment). Nothing is read while `resultKey` is null (signed out, no recipe).
 */
export function useResultUnlocks(uri: string, resultKey: string | null): { state: UnlocksState; reload: () => void } {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<UnlocksState>({ status: 'loading' });
  const reload = useCallback(() => setVersion((current) => current + 1), []);

  useEffect(() => {
    if (!resultKey) return;
    const controller = new AbortController();
    Promise.all([fetchResultUnlocks(uri, resultKey, controller.signal), fetchCreditBalance(controller.signal)]).then(
      ([unlocks, balance]) => setState({ status: 'ready', unlocks, balance }),
      (failure: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: apiErrorMessage(t, failure, t('credits.result.loadError')) });
      },
    );
    return () => controller.abort();
  }, [uri, resultKey, t, version]);

  return { state, reload };
}
