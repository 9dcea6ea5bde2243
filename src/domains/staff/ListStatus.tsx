import { useTranslation } from 'react-i18next';
import type { AsyncState } from '../../api/useAsync.ts';
import { apiErrorMessage } from '../../api/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';

/** The loading spinner or the error with a retry of a staff list; nothing once it loaded. */
export function ListStatus({ state, retry, loadingLabel }: { state: AsyncState<unknown>; retry: () => void; loadingLabel: string }) {
  const { t } = useTranslation();
  if (state.status === 'loading') return <Spinner label={loadingLabel} busy />;
  if (state.status === 'error') {
    return (
      <div role="alert" className="space-y-2">
        <p className="text-sm text-destructive">{apiErrorMessage(t, state.error, t('staff.loadError'))}</p>
        <Button type="button" variant="outline" onClick={retry}>
          {t('pages.actions.retry')}
        </Button>
      </div>
    );
  }
  return null;
}
