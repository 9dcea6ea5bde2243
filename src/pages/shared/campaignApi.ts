import type { Campaign, CampaignListResponse, CampaignResponse, CampaignSummary } from '../../../contract/campaign.ts';
import { apiV2 } from '../../lib/api/index.ts';

export interface CampaignPage {
  items: CampaignSummary[];
  page: number;
  limit: number;
  total: number;
}

export async function fetchCampaigns(page: number, limit: number, signal?: AbortSignal): Promise<CampaignPage> {
  const body = await apiV2.get<CampaignListResponse>('/campaigns', { query: { page, limit }, ...(signal ? { signal } : {}) });
  return body.data;
}

export async function fetchCampaign(uri: string, signal?: AbortSignal): Promise<Campaign> {
  const body = await apiV2.get<CampaignResponse>(`/campaigns/${encodeURIComponent(uri)}`, signal ? { signal } : {});
  return body.data;
}
