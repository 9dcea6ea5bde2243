import type { UriAvailability } from '../../contract/campaignWrite.ts';
import type { Collection, CollectionCandidate, CollectionCreateBody, CollectionSummary, CollectionUpdateBody } from '../../contract/collection.ts';
import { callRoute, type RouteBody } from './callRoute.ts';
import { putSignedUpload } from './putSignedUpload.ts';

/** A collection page: anyone with the link; the owner also sees their own unlisted and private campaigns in it. */
export async function fetchCollection(uri: string, signal?: AbortSignal): Promise<Collection> {
  return (await callRoute('GET /collections/:uri', { params: { uri }, signal })).data;
}

export interface OwnCollectionPage {
  items: CollectionSummary[];
  page: number;
  limit: number;
  total: number;
}

/** The signed-in creator's collections, public and unlisted. */
export async function fetchOwnCollections(page: number, limit: number, signal?: AbortSignal): Promise<OwnCollectionPage> {
  return (await callRoute('GET /account/collections', { query: { page, limit }, signal })).data;
}

/** Campaigns the signed-in creator may add whose title contains `q`: their own first, then public ones. */
export async function fetchCollectionCandidates(q: string, signal?: AbortSignal): Promise<CollectionCandidate[]> {
  return (await callRoute('GET /account/collection-candidates', { query: { q }, signal })).data.items;
}

/** Whether a link is free for a collection. */
export async function checkCollectionUri(uri: string, signal?: AbortSignal): Promise<UriAvailability> {
  return (await callRoute('GET /collections/uri-availability', { query: { uri }, signal })).data;
}

/** Uploads a cover through a presigned URL; the key goes into a create or update, where the server checks it. */
export async function uploadCollectionCover(file: Blob): Promise<string> {
  const presigned = await callRoute('POST /collections/presigned', { body: { contentType: file.type } as RouteBody<'POST /collections/presigned'> });
  await putSignedUpload(presigned.data, file);
  return presigned.data.key;
}

export async function createCollection(body: CollectionCreateBody): Promise<Collection> {
  return (await callRoute('POST /collections', { body })).data;
}

export async function updateCollection(uri: string, body: CollectionUpdateBody): Promise<Collection> {
  return (await callRoute('PATCH /collections/:uri', { params: { uri }, body })).data;
}

export async function deleteCollection(uri: string): Promise<void> {
  await callRoute('DELETE /collections/:uri', { params: { uri } });
}
