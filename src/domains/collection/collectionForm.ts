import { campaignUriProblem } from '../../../contract/campaignUri.ts';
import { COLLECTION_LIMITS, type Collection, type CollectionCampaign, type CollectionCreateBody, type CollectionUpdateBody, type CollectionVisibility } from '../../../contract/collection.ts';
import type { CoverChoice } from './CoverField.tsx';

export interface CollectionFormValues {
  title: string;
  uri: string;
  description: string;
  visibility: CollectionVisibility;
  campaigns: CollectionCampaign[];
  cover: CoverChoice;
}

export type CollectionFormField = 'title' | 'uri' | 'description' | 'campaigns';

/** A client-side problem: an i18n key under `collection.errors` and its values. */
export interface CollectionFieldProblem {
  key: string;
  values?: Record<string, number>;
}

export const emptyCollectionForm = (): CollectionFormValues => ({ title: '', uri: '', description: '', visibility: 'public', campaigns: [], cover: { kind: 'keep' } });

export function formFromCollection(collection: Collection): CollectionFormValues {
  return {
    title: collection.title,
    uri: collection.uri,
    description: collection.description,
    visibility: collection.visibility,
    campaigns: collection.campaigns,
    cover: { kind: 'keep' },
  };
}

/** The same limits the contract enforces, as translatable problems, before anything is sent. */
export function collectionFormProblems(values: CollectionFormValues): Partial<Record<CollectionFormField, CollectionFieldProblem>> {
  const problems: Partial<Record<CollectionFormField, CollectionFieldProblem>> = {};
  const title = values.title.trim();
  if (title.length < COLLECTION_LIMITS.titleMin) problems.title = { key: 'titleShort', values: { min: COLLECTION_LIMITS.titleMin } };
  else if (title.length > COLLECTION_LIMITS.titleMax) problems.title = { key: 'titleLong', values: { max: COLLECTION_LIMITS.titleMax } };
  const uriProblem = campaignUriProblem(values.uri.trim());
  if (uriProblem) problems.uri = { key: values.uri.trim() === '' ? 'uriMissing' : uriProblem === 'reserved' ? 'uriReserved' : 'uriInvalid' };
  if (values.description.trim().length > COLLECTION_LIMITS.descriptionMax) problems.description = { key: 'descriptionLong', values: { max: COLLECTION_LIMITS.descriptionMax } };
  if (values.campaigns.length > COLLECTION_LIMITS.campaignsMax) problems.campaigns = { key: 'tooMany', values: { max: COLLECTION_LIMITS.campaignsMax } };
  return problems;
}

export function createBody(values: CollectionFormValues): CollectionCreateBody {
  return {
    uri: values.uri.trim(),
    title: values.title.trim(),
    description: values.description.trim(),
    visibility: values.visibility,
    campaigns: values.campaigns.map((campaign) => campaign.uri),
    ...(values.cover.kind === 'new' ? { cover: values.cover.key } : {}),
  };
}

/** Every field but the cover, which is sent only when it changed. */
export function updateBody(values: CollectionFormValues): CollectionUpdateBody {
  const { cover: _cover, ...fields } = createBody(values);
  return { ...fields, ...(values.cover.kind === 'new' ? { cover: values.cover.key } : values.cover.kind === 'none' ? { cover: null } : {}) };
}
