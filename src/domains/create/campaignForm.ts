import { campaignCategories, CAMPAIGN_LIMITS, type CampaignCategory, type CampaignCreateBody, type CampaignUpdateBody, type FrameRef, type ManagedCampaign } from '../../../contract/campaignWrite.ts';
import { campaignUriProblem } from '../../../contract/campaignUri.ts';
import type { campaignTypes, campaignVisibilities } from '../../../contract/campaign.ts';

export type CampaignType = (typeof campaignTypes)[number];
export type Visibility = (typeof campaignVisibilities)[number];

export interface CampaignFormValues {
  title: string;
  uri: string;
  description: string;
  caption: string;
  category: CampaignCategory;
  /** As typed: words separated by commas or spaces. */
  tags: string;
  visibility: Visibility;
  accessCode: string;
}

export type FormField = keyof CampaignFormValues | 'frames';

/** A client-side problem: an i18n key under `create.errors` and its values. */
export interface FieldProblem {
  key: string;
  values?: Record<string, number>;
}

export const emptyCampaignForm = (): CampaignFormValues => ({
  title: '',
  uri: '',
  description: '',
  caption: '',
  category: 'other',
  tags: '',
  visibility: 'public',
  accessCode: '',
});

export function formFromCampaign(campaign: ManagedCampaign): CampaignFormValues {
  return {
    title: campaign.title,
    uri: campaign.uri,
    description: campaign.description,
    caption: campaign.caption,
    category: (campaignCategories as readonly string[]).includes(campaign.category) ? (campaign.category as CampaignCategory) : 'other',
    tags: campaign.tags.join(', '),
    visibility: campaign.visibility,
    accessCode: '',
  };
}

export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  for (const word of text.split(/[\s,]+/)) {
    const tag = word.trim().replace(/^#/, '').toLowerCase();
    if (tag) seen.add(tag);
  }
  return [...seen];
}

const TAG = /^[\p{L}\p{N}_-]+$/u;

export interface ValidationContext {
  frameCount: number;
  creatorPlan: boolean;
  /** The edit page keeps an existing access code unless a new one is typed. */
  hasAccessCode?: boolean;
}

/** The same rules as contract/campaignWrite.ts, as translatable problems shown before anything is sent. */
export function validateCampaignForm(values: CampaignFormValues, context: ValidationContext): Partial<Record<FormField, FieldProblem>> {
  const problems: Partial<Record<FormField, FieldProblem>> = {};
  const title = values.title.trim();
  if (title.length < CAMPAIGN_LIMITS.titleMin) problems.title = { key: 'titleShort', values: { min: CAMPAIGN_LIMITS.titleMin } };
  else if (title.length > CAMPAIGN_LIMITS.titleMax) problems.title = { key: 'titleLong', values: { max: CAMPAIGN_LIMITS.titleMax } };
  const uriProblem = campaignUriProblem(values.uri.trim());
  if (uriProblem) problems.uri = { key: `uri.${uriProblem}` };
  if (values.description.trim().length > CAMPAIGN_LIMITS.descriptionMax) problems.description = { key: 'tooLong', values: { max: CAMPAIGN_LIMITS.descriptionMax } };
  if (values.caption.trim().length > CAMPAIGN_LIMITS.captionMax) problems.caption = { key: 'tooLong', values: { max: CAMPAIGN_LIMITS.captionMax } };
  const tags = parseTags(values.tags);
  if (tags.length > CAMPAIGN_LIMITS.tagsMax) problems.tags = { key: 'tagsMany', values: { max: CAMPAIGN_LIMITS.tagsMax } };
  else if (tags.some((tag) => tag.length > CAMPAIGN_LIMITS.tagMax || !TAG.test(tag))) problems.tags = { key: 'tagInvalid', values: { max: CAMPAIGN_LIMITS.tagMax } };
  const code = values.accessCode.trim();
  if (values.visibility !== 'public' && !context.creatorPlan) problems.visibility = { key: 'planVisibility' };
  if (values.visibility === 'private' && !(code === '' && context.hasAccessCode)) {
    if (code.length < CAMPAIGN_LIMITS.accessCodeMin) problems.accessCode = { key: 'accessCodeShort', values: { min: CAMPAIGN_LIMITS.accessCodeMin } };
    else if (code.length > CAMPAIGN_LIMITS.accessCodeMax) problems.accessCode = { key: 'accessCodeLong', values: { max: CAMPAIGN_LIMITS.accessCodeMax } };
  }
  if (context.frameCount < 1) problems.frames = { key: 'framesNone' };
  else if (context.frameCount > (context.creatorPlan ? CAMPAIGN_LIMITS.framesMax : CAMPAIGN_LIMITS.framesFree)) problems.frames = { key: context.creatorPlan ? 'framesMany' : 'planFrames', values: { max: CAMPAIGN_LIMITS.framesMax } };
  return problems;
}

/** The fields both bodies send, trimmed; the access code only for a private campaign and when one was typed. */
function fieldsOf(values: CampaignFormValues, frames: FrameRef[]) {
  const code = values.accessCode.trim();
  return {
    uri: values.uri.trim(),
    title: values.title.trim(),
    description: values.description.trim(),
    caption: values.caption.trim(),
    category: values.category,
    tags: parseTags(values.tags),
    visibility: values.visibility,
    ...(values.visibility === 'private' && code ? { accessCode: code } : {}),
    frames,
  };
}

export function createBody(type: CampaignType, values: CampaignFormValues, frames: FrameRef[]): CampaignCreateBody {
  return { type, ...fieldsOf(values, frames) };
}

/** Every field of the edit form; an empty access code keeps the current one. */
export function updateBody(values: CampaignFormValues, frames: FrameRef[]): CampaignUpdateBody {
  return fieldsOf(values, frames);
}

/** The server's `fields` ('body.title', 'body.frames.0.key', …) keyed by the form field they belong to. */
export function serverFieldErrors(fields: Record<string, string> | undefined): Partial<Record<FormField, string>> {
  const errors: Partial<Record<FormField, string>> = {};
  const known = new Set<string>([...Object.keys(emptyCampaignForm()), 'frames']);
  for (const [path, message] of Object.entries(fields ?? {})) {
    const name = path.split('.').find((part) => known.has(part)) as FormField | undefined;
    if (name) errors[name] ??= message;
  }
  return errors;
}
