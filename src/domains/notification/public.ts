import { lazy } from 'react';

/**
 * What the app shell and other domains use of domains/notification; everything else in the folder is private to it.
 * Only the lazy bell: the navbar imports this file, so nothing here may pull the list into every page's bundle
 * (the /notifications route imports NotificationList.tsx itself).
 */
export const LazyNotificationBell = lazy(async () => ({ default: (await import('./NotificationBell.tsx')).NotificationBell }));
