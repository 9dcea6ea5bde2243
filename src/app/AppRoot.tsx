import { lazy, Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useDocumentTitle } from './useDocumentTitle.ts';
import { useScrollManager } from './useScrollManager.ts';

/**
 * The toasts' view (Radix) loads after the page: toasts raised before it arrives wait in the store
 * (ui/toastStore.ts, what every caller imports) and show once it does.
 */
const Toaster = lazy(() => import('../ui/Toast.tsx').then((module) => ({ default: module.Toaster })));

/** Wraps every page, with or without the main layout. */
export function AppRoot() {
  useScrollManager();
  useDocumentTitle();
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' && <div className="bk-progress" aria-hidden="true" />}
      <Outlet />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </>
  );
}
