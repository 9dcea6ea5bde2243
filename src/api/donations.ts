import type { DonationCreateBody, DonationCreated, DonationSettingsBody, DonationSummary, DonationWall, ManagedDonation, ManagedDonationList } from '../../contract/donation.ts';
import { callRoute } from './callRoute.ts';
import { accessHeaders } from './campaigns.ts';

/** The campaign's donations: settings, total raised and the providers that take its currency (404 when the campaign is not readable). */
export async function fetchDonationSummary(uri: string, signal?: AbortSignal): Promise<DonationSummary> {
  return (await callRoute('GET /campaigns/:uri/donations', { params: { uri }, headers: accessHeaders(uri), signal })).data;
}

/** The donor wall, a page of 10, newest first. */
export async function fetchDonorWall(uri: string, page: number, signal?: AbortSignal): Promise<DonationWall> {
  return (await callRoute('GET /campaigns/:uri/donations/wall', { params: { uri }, query: { page }, headers: accessHeaders(uri), signal })).data;
}

/**
 * Opens the donation's order; the answer says where to pay. The same idempotency key answers the same order, so a
 * double click never gives twice.
 */
export async function createDonation(uri: string, body: DonationCreateBody): Promise<DonationCreated> {
  return (await callRoute('POST /campaigns/:uri/donations', { params: { uri }, body, headers: accessHeaders(uri) })).data;
}

/** The creator saves the campaign's donation settings. */
export async function saveDonationSettings(uri: string, body: DonationSettingsBody): Promise<DonationSummary> {
  return (await callRoute('PUT /campaigns/:uri/donations', { params: { uri }, body })).data;
}

/** The creator's list of paid donations, hidden ones included. */
export async function fetchManagedDonations(uri: string, page: number, signal?: AbortSignal): Promise<ManagedDonationList> {
  return (await callRoute('GET /campaigns/:uri/donations/manage', { params: { uri }, query: { page }, signal })).data;
}

/** The creator hides a donation from the wall or shows it again. */
export async function setDonationHidden(uri: string, donationId: string, hidden: boolean): Promise<ManagedDonation> {
  return (await callRoute('PUT /campaigns/:uri/donations/:donationId/visibility', { params: { uri, donationId }, body: { hidden } })).data;
}
