import type { CampaignType } from '../../contract/campaign.ts';
import type {
  CampaignCreateBody,
  CampaignUpdateBody,
  CheckedFrame,
  ManagedCampaign,
  OwnCampaignSummary,
  UriAvailability,
} from '../../contract/campaignWrite.ts';
import { callRoute } from './callRoute.ts';
import { putSignedUpload } from './putSignedUpload.ts';

/** Whether a link is free (no account needed). */
export async function checkUriAvailability(uri: string, signal?: AbortSignal): Promise<UriAvailability> {
  return (await callRoute('GET /campaigns/uri-availability', { query: { uri }, signal })).data;
}

/** Presigned PUT of the PNG, then the server's content check; a refusal throws the server's ApiError. */
export async function uploadFrame(file: Blob, type: CampaignType, signal?: AbortSignal): Promise<CheckedFrame> {
  const presigned = await callRoute('POST /campaigns/frames/presigned', { body: { contentType: 'image/png' }, signal });
  signal?.throwIfAborted();
  await putSignedUpload(presigned.data, file);
  signal?.throwIfAborted();
  return (await callRoute('POST /campaigns/frames/check', { body: { key: presigned.data.key, type }, signal })).data;
}

export async function createCampaign(body: CampaignCreateBody): Promise<ManagedCampaign> {
  return (await callRoute('POST /campaigns', { body })).data;
}

/** The owner's view; anyone else gets 404. */
export async function fetchManagedCampaign(uri: string, signal?: AbortSignal): Promise<ManagedCampaign> {
  return (await callRoute('GET /campaigns/:uri/manage', { params: { uri }, signal })).data;
}

export async function updateCampaign(uri: string, body: CampaignUpdateBody): Promise<ManagedCampaign> {
  return (await callRoute('PATCH /campaigns/:uri', { params: { uri }, body })).data;
}

export async function deleteCampaign(uri: string): Promise<void> {
  await callRoute('DELETE /campaigns/:uri', { params: { uri } });
}

export interface OwnCampaignPage {
  items: OwnCampaignSummary[];
  page: number;
  limit: number;
  total: number;
}

/** The signed-in creator's campaigns, every visibility. */
export async function fetchOwnCampaigns(page: number, limit: number, signal?: AbortSignal): Promise<OwnCampaignPage> {
  return (await callRoute('GET /account/campaigns', { query: { page, limit }, signal })).data;
}
