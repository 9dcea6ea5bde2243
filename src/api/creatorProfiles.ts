import type { CampaignSummary } from '../../contract/campaign.ts';
import type { CreatorProfile, ProfilePostList } from '../../contract/creatorProfile.ts';
import { callRoute } from './callRoute.ts';

export interface ProfileCampaignPage {
  items: CampaignSummary[];
  page: number;
  limit: number;
  total: number;
}

/** A creator's public profile; 404 NOT_FOUND for an unknown or suspended username. */
export async function fetchCreatorProfile(username: string, signal?: AbortSignal): Promise<CreatorProfile> {
  return (await callRoute('GET /profiles/:username', { params: { username }, signal })).data;
}

export async function fetchProfileCampaigns(username: string, page: number, limit: number, signal?: AbortSignal): Promise<ProfileCampaignPage> {
  return (await callRoute('GET /profiles/:username/campaigns', { params: { username }, query: { page, limit }, signal })).data;
}

export async function fetchProfilePosts(username: string, page: number, limit: number, signal?: AbortSignal): Promise<ProfilePostList> {
  return (await callRoute('GET /profiles/:username/posts', { params: { username }, query: { page, limit }, signal })).data;
}
