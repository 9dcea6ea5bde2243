import type { PresignedUpload } from '../../contract/accountProfile.ts';
import type {
  CampaignCreateBody,
  CampaignUpdateBody,
  CheckedFrame,
  ManagedCampaign,
  OwnCampaignSummary,
  UriAvailability,
} from '../../contract/campaignWrite.ts';
import type { CampaignType } from '../domains/create/campaignForm.ts';
import { apiV2, putSignedUpload } from './index.ts';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});
const path = (uri: string) => `/campaigns/${encodeURIComponent(uri)}`;

/** Whether a link is free (no account needed). */
export async function checkUriAvailability(uri: string, signal?: AbortSignal): Promise<UriAvailability> {
  const body = await apiV2.get<{ data: UriAvailability }>('/campaigns/uri-availability', { query: { uri }, ...withSignal(signal) });
  return body.data;
}

/** Presigned PUT of the PNG, then the server's content check; a refusal throws the server's ApiError. */
export async function uploadFrame(file: Blob, type: CampaignType, signal?: AbortSignal): Promise<CheckedFrame> {
  const presigned = await apiV2.post<{ data: PresignedUpload }>('/campaigns/frames/presigned', { body: { contentType: 'image/png' }, ...withSignal(signal) });
  signal?.throwIfAborted();
  await putSignedUpload(presigned.data, file);
  signal?.throwIfAborted();
  const checked = await apiV2.post<{ data: CheckedFrame }>('/campaigns/frames/check', { body: { key: presigned.data.key, type }, ...withSignal(signal) });
  return checked.data;
}

export async function createCampaign(body: CampaignCreateBody): Promise<ManagedCampaign> {
  return (await apiV2.post<{ data: ManagedCampaign }>('/campaigns', { body })).data;
}

/** The owner's view; anyone else gets 404. */
export async function fetchManagedCampaign(uri: string, signal?: AbortSignal): Promise<ManagedCampaign> {
  return (await apiV2.get<{ data: ManagedCampaign }>(`${path(uri)}/manage`, withSignal(signal))).data;
}

export async function updateCampaign(uri: string, body: CampaignUpdateBody): Promise<ManagedCampaign> {
  return (await apiV2.patch<{ data: ManagedCampaign }>(path(uri), { body })).data;
}

export async function deleteCampaign(uri: string): Promise<void> {
  await apiV2.delete(path(uri));
}

export interface OwnCampaignPage {
  items: OwnCampaignSummary[];
  page: number;
  limit: number;
  total: number;
}

/** The signed-in creator's campaigns, every visibility. */
export async function fetchOwnCampaigns(page: number, limit: number, signal?: AbortSignal): Promise<OwnCampaignPage> {
  const body = await apiV2.get<{ data: OwnCampaignPage }>('/account/campaigns', { query: { page, limit }, ...withSignal(signal) });
  return body.data;
}
