import type { Campaign, CampaignSummary } from '../../contract/campaign.ts';
import type { SupportResult } from '../../contract/campaignWrite.ts';
import { CAMPAIGN_ACCESS_HEADER } from '../../contract/campaignAccess.ts';
import { callRoute } from './callRoute.ts';

export interface CampaignPage {
  items: CampaignSummary[];
  page: number;
  limit: number;
  total: number;
}

const ACCESS_KEY = (uri: string) => `bingkai-access:${uri}`;

/** The access code a visitor entered for a private campaign, kept for this tab only. */
export function storedAccessCode(uri: string): string | null {
  try {
    return sessionStorage.getItem(ACCESS_KEY(uri));
  } catch {
    return null;
  }
}

export function storeAccessCode(uri: string, code: string | null): void {
  try {
    if (code === null) sessionStorage.removeItem(ACCESS_KEY(uri));
    else sessionStorage.setItem(ACCESS_KEY(uri), code);
  } catch {
    // Private mode without storage: the visitor enters the code again on the next page.
  }
}

/** The stored access code as a request header (empty for public campaigns). */
export function accessHeaders(uri: string): Record<string, string> {
  const code = storedAccessCode(uri);
  return code ? { [CAMPAIGN_ACCESS_HEADER]: code } : {};
}

export async function fetchCampaigns(page: number, limit: number, signal?: AbortSignal): Promise<CampaignPage> {
  return (await callRoute('GET /campaigns', { query: { page, limit }, signal })).data;
}

/** A campaign; private ones need the access code stored with storeAccessCode (else 403 ACCESS_CODE_REQUIRED). */
export async function fetchCampaign(uri: string, signal?: AbortSignal): Promise<Campaign> {
  return (await callRoute('GET /campaigns/:uri', { params: { uri }, headers: accessHeaders(uri), signal })).data;
}

/** Checks an access code; on success it is stored for the rest of the visit. */
export async function unlockCampaign(uri: string, code: string): Promise<Campaign> {
  const trimmed = code.trim();
  const body = await callRoute('POST /campaigns/:uri/access', { params: { uri }, body: { code: trimmed } });
  storeAccessCode(uri, trimmed);
  return body.data;
}

/** Counts a page view of the campaign (the server counts a fingerprint once per 30 minutes); only the referrer's host is kept. */
export async function recordVisit(uri: string, referrer?: string): Promise<void> {
  await callRoute('POST /campaigns/:uri/visits', { params: { uri }, body: referrer ? { referrer } : {}, headers: accessHeaders(uri) });
}

/** Counts this person's support once; no image is sent. Anonymous supports need the page token (api/campaignSupports.ts countSupport). */
export async function recordSupport(uri: string, frameId?: string, pageToken?: string): Promise<SupportResult> {
  const body = { ...(frameId ? { frameId } : {}), ...(pageToken ? { pageToken } : {}) };
  return (await callRoute('POST /campaigns/:uri/supports', { params: { uri }, body, headers: accessHeaders(uri) })).data;
}
