import type { z } from 'zod';
import { campaignCategories, campaignFields, CAMPAIGN_LIMITS, type CampaignCategory, type CampaignCreateBody, type CampaignUpdateBody, type FrameRef, type ManagedCampaign } from '../../../contract/campaignWrite.ts';
import { campaignUriProblem } from '../../../contract/campaignUri.ts';
import type { CampaignType, CampaignVisibility } from '../../../contract/campaign.ts';

export type Visibility = CampaignVisibility;

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

export interface ValidationContext {
  frameCount: number;
  creatorPlan: boolean;
  /** The edit page keeps an existing access code unless a new one is typed. */
  hasAccessCode?: boolean;
}

/** The issues of `value` under one of the contract's field rules (none when it passes). */
function issuesOf(schema: z.ZodType, value: unknown): z.core.$ZodIssue[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues;
}

/** Too short (`short`) or too long (`long`) by the field's rule, or null when it passes. */
function lengthProblem(schema: z.ZodType, value: string): 'short' | 'long' | null {
  const [issue] = issuesOf(schema, value);
  return issue ? (issue.code === 'too_small' ? 'short' : 'long') : null;
}

/**
 * The field rules of contract/campaignWrite.ts (campaignFields), run on the form's values and reported as
 * translatable problems before anything is sent; the plan and frame-count rules are the form's own.
 */
export function validateCampaignForm(values: CampaignFormValues, context: ValidationContext): Partial<Record<FormField, FieldProblem>> {
  const problems: Partial<Record<FormField, FieldProblem>> = {};
  const title = lengthProblem(campaignFields.title, values.title);
  if (title === 'short') problems.title = { key: 'titleShort', values: { min: CAMPAIGN_LIMITS.titleMin } };
  else if (title === 'long') problems.title = { key: 'titleLong', values: { max: CAMPAIGN_LIMITS.titleMax } };
  const uriProblem = campaignUriProblem(values.uri.trim());
  if (uriProblem) problems.uri = { key: `uri.${uriProblem}` };
  if (lengthProblem(campaignFields.description, values.description)) problems.description = { key: 'tooLong', values: { max: CAMPAIGN_LIMITS.descriptionMax } };
  if (lengthProblem(campaignFields.caption, values.caption)) problems.caption = { key: 'tooLong', values: { max: CAMPAIGN_LIMITS.captionMax } };
  const tagIssues = issuesOf(campaignFields.tags, parseTags(values.tags));
  // An issue of the list itself is "too many"; one of an entry is a tag that is too long or not one word.
  if (tagIssues.some((issue) => issue.path.length === 0)) problems.tags = { key: 'tagsMany', values: { max: CAMPAIGN_LIMITS.tagsMax } };
  else if (tagIssues.length > 0) problems.tags = { key: 'tagInvalid', values: { max: CAMPAIGN_LIMITS.tagMax } };
  const code = values.accessCode.trim();
  if (values.visibility !== 'public' && !context.creatorPlan) problems.visibility = { key: 'planVisibility' };
  if (values.visibility === 'private' && !(code === '' && context.hasAccessCode)) {
    const codeProblem = lengthProblem(campaignFields.accessCode, code);
    if (codeProblem === 'short') problems.accessCode = { key: 'accessCodeShort', values: { min: CAMPAIGN_LIMITS.accessCodeMin } };
    else if (codeProblem === 'long') problems.accessCode = { key: 'accessCodeLong', values: { max: CAMPAIGN_LIMITS.accessCodeMax } };
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
