import { lazy } from 'react';

/** Dialogs load on first open, keeping the dialog library out of the first-load bundle. */
export const LazyDarkModeDialog = lazy(() => import('./DarkModeDialog.tsx'));
