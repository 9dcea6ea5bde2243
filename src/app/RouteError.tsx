import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { Spinner } from '../ui/Spinner.tsx';

/** Shown when a page fails to load or throws while rendering. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    console.error('Route error', error);
  }, [error]);
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  return (
    <main data-route="error" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{t('pages.error.title')}</h1>
      <p className="text-muted-foreground">{status ? t('pages.error.status', { status }) : t('pages.error.description')}</p>
      <div className="flex gap-3">
        <button type="button" className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" onClick={() => window.location.reload()}>
          {t('pages.error.reload')}
        </button>
        <Link to="/" className="rounded-md border px-4 py-2 font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          {t('nav.home')}
        </Link>
      </div>
    </main>
  );
}

/** First paint while the first route chunk loads. */
export function BootFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center" aria-busy="true">
      <Spinner />
    </div>
  );
}
