import { lazy } from 'react';

/** What routes use of domains/donation: both load on demand, keeping the campaign page's first load small. */
export const LazyDonationPanel = lazy(async () => ({ default: (await import('./DonationPanel.tsx')).DonationPanel }));
export const LazyDonationManager = lazy(() => import('./DonationManager.tsx'));
