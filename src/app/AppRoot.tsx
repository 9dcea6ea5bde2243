import { Direction } from 'radix-ui';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { localeDirection } from '../lib/i18n/index.ts';
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
  // Radix reads the direction from its provider, not from <html dir>: its arrow keys (tabs, toolbars,
  // menus) and submenu sides follow the locale only through this.
  const { i18n } = useTranslation();
  return (
    <Direction.Provider dir={localeDirection(i18n.language || 'en')}>
      {navigation.state !== 'idle' && <div className="bk-progress" aria-hidden="true" />}
      <Outlet />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </Direction.Provider>
  );
}
