import type { AnalyticsQuery, CampaignAnalytics, ShareChannel } from '../../contract/campaignAnalytics.ts';
import { callRoute } from './callRoute.ts';
import { accessHeaders } from './campaigns.ts';

/** The owner's analytics of a campaign (403 for anyone else, 404 when unknown). */
export async function fetchCampaignAnalytics(uri: string, query: AnalyticsQuery, signal?: AbortSignal): Promise<CampaignAnalytics> {
  return (await callRoute('GET /campaigns/:uri/analytics', { params: { uri }, query, signal })).data;
}

/** The series as CSV text, as the server writes it (the request is signed, so it cannot be a plain link). */
export async function fetchCampaignAnalyticsCsv(uri: string, query: AnalyticsQuery): Promise<string> {
  return callRoute('GET /campaigns/:uri/analytics.csv', { params: { uri }, query });
}

/**
 * Tells the creator's analytics that the campaign was shared through `channel`. Fire-and-forget: never awaited
 * by the share itself, sent with keepalive so a page that goes away does not cancel it, and failures are only logged.
 */
export function recordShare(uri: string, channel: ShareChannel): void {
  callRoute('POST /campaigns/:uri/shares', { params: { uri }, body: { channel }, headers: accessHeaders(uri), keepalive: true }).catch((error: unknown) =>
    console.warn('Share not recorded', error),
  );
}
