/** Site-wide calls of the app shell (page views, the start-up notice, the visitor's country); none loads zod up front. */
import type { PageViewRequest } from '../../contract/analytics.ts';
import { callRoute } from './callRoute.ts';

/** POST /analytics/page-view (answered with 204). */
export async function recordPageView(view: PageViewRequest): Promise<void> {
  await callRoute('POST /analytics/page-view', { body: view });
}

/** GET /ip/lookup: the caller's country from their IP address (WW when unknown). */
export async function lookupIp(): Promise<{ country: string }> {
  return (await callRoute('GET /ip/lookup', {})).data;
}

/** GET /notice: whether a service users rely on is down (the maintenance banner). */
export async function fetchNotice(): Promise<{ maintenance: boolean }> {
  return (await callRoute('GET /notice', {})).data;
}
