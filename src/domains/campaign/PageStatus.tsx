import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';

/** The page while its data loads or after loading failed; keeps the route's data-route and one h1. */
export function PageStatus({ route, status, loadingLabel, errorTitle, onRetry }: { route: string; status: 'loading' | 'error'; loadingLabel: string; errorTitle: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div data-route={route} aria-busy={status === 'loading'} className="mx-auto flex min-h-[60vh] max-w-6xl flex-col items-center justify-center px-4">
      {status === 'loading' ? (
        <>
          <h1 className="sr-only">{loadingLabel}</h1>
          <Spinner label={loadingLabel} />
        </>
      ) : (
        <>
          <h1 className="mb-2 text-2xl font-bold">{errorTitle}</h1>
          <EmptyState
            title={t('pages.campaignList.error')}
            action={
              <Button variant="outline" onClick={onRetry}>
                {t('pages.actions.retry')}
              </Button>
            }
          />
        </>
      )}
    </div>
  );
}
