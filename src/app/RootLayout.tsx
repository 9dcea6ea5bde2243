import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { contentOffset, useUiStore } from './uiStore.ts';
import { DarkModeModal } from './layout/DarkModeModal.tsx';
import { Footer } from './layout/Footer.tsx';
import { MaintenanceBanner } from './layout/MaintenanceBanner.tsx';
import { Navbar } from './layout/Navbar.tsx';

import { useMountedOnce } from './layout/useMountedOnce.ts';
import { LazySignInDialog, useAccountStore } from '../domains/account/public.ts';
import { useRouteHandle } from './useRouteHandle.ts';

/** Main layout: banner, navbar, the page, footer and the app-wide dialogs. */
export function RootLayout() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const location = useLocation();
  const offset = useUiStore(contentOffset);
  const bannerHeight = useUiStore((s) => (s.maintenanceVisible ? s.bannerHeight : 0));
  const signInMounted = useMountedOnce(useAccountStore((s) => s.modal.show));
  // Not on the first page of a visit: it takes over from the server's first view (firstViewHandoff.ts) in place.
  const slideFade = handle?.transition === 'slide-fade' && location.key !== 'default';
  return (
    <div className="flex min-h-screen flex-col" style={{ paddingTop: offset }} data-testid="layout">
      <a href="#main-content" className="sr-only z-50 rounded-md bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:inset-s-2 focus:ring-2 focus:ring-ring">
        {t('nav.skipToContent')}
      </a>
      <MaintenanceBanner />
      <Navbar routeName={handle?.name} navbarSearch={handle?.navbarSearch === true} top={bannerHeight} />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <div key={slideFade ? location.pathname : 'page'} className={slideFade ? 'bk-slide-fade' : undefined}>
          <Outlet />
        </div>
      </main>
      <Footer />
      <DarkModeModal routeName={handle?.name} />
      {signInMounted && (
        <Suspense fallback={null}>
          <LazySignInDialog />
        </Suspense>
      )}
    </div>
  );
}
