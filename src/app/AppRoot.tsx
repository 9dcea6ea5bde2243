import { Outlet, useNavigation } from 'react-router';
import { Toaster } from '../ui/Toast.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';
import { useScrollManager } from './useScrollManager.ts';

/** Wraps every page, with or without the main layout. */
export function AppRoot() {
  useScrollManager();
  useDocumentTitle();
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' && <div className="bk-progress" aria-hidden="true" />}
      <Outlet />
      <Toaster />
    </>
  );
}
