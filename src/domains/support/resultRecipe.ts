import type { Campaign, CampaignType } from '../../../contract/campaign.ts';
import type { BackgroundChoice, HoleFill, LoadedPhoto, OutputFormat, PhotoTransform, Pipeline } from '../../pipeline/index.ts';
import type { Placed } from './usePlacement.ts';

const RESULT_QUALITY = 0.92;

/**
 * What one result is made of, enough to render it again on this device (without the watermark, or at 2×): the
 * picked photos (they never leave the device), where each sits in which frame, and the supporter's choices.
 * `resultKey` names it to the server: the same photos, placement, frame and choices make the same key.
 */
export interface ResultRecipe {
  resultKey: string;
  /** The campaign frame's id (campaign.frames). */
  frameId: string;
  type: CampaignType;
  background: BackgroundChoice;
  fill: HoleFill;
  format: OutputFormat;
  /** Each picked photo once, as the device holds it. */
  photos: Blob[];
  /** One per hole, in the frame's hole order: which of `photos` and where it sits. */
  slots: { photo: number; transform: PhotoTransform }[];
}

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

/** SHA-256 of the campaign, the choices, the placement and every photo's bytes, in base64url (43 characters). */
export async function resultKeyOf(uri: string, recipe: Omit<ResultRecipe, 'resultKey'>): Promise<string> {
  const { photos, ...placement } = recipe;
  const parts: BlobPart[] = [JSON.stringify({ uri, ...placement })];
  for (const photo of photos) parts.push(`\u0000${photo.size}\u0000`, await photo.arrayBuffer());
  const bytes = await new Blob(parts).arrayBuffer();
  return base64url(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes)));
}

/** The recipe of a placed picture (its key made from it). */
export async function recipeOf(uri: string, placed: Placed, choices: { frameId: string; type: CampaignType; background: BackgroundChoice; fill: HoleFill; format: OutputFormat }): Promise<ResultRecipe> {
  const photos: Blob[] = [];
  const slots = placed.slots.map((slot) => {
    let index = photos.indexOf(slot.source);
    if (index === -1) index = photos.push(slot.source) - 1;
    return { photo: index, transform: slot.transform };
  });
  const recipe = { frameId: choices.frameId, type: choices.type, background: choices.type === 'background' ? choices.background : ({ kind: 'keep' } as const), fill: choices.fill, format: choices.format, photos, slots };
  return { resultKey: await resultKeyOf(uri, recipe), ...recipe };
}

export interface RecipeRenderOptions {
  /** The watermark's text (translated) when the result carries one. */
  watermark?: string;
  /** 1, or 2 for twice the frame's size. */
  outputScale: number;
  signal?: AbortSignal;
}

/** Renders a recipe again in `pipeline`: the frame analysed, the photos loaded from their blobs, then placed as they were. */
export async function renderRecipe(pipeline: Pipeline, campaign: Pick<Campaign, 'frames'>, recipe: ResultRecipe, { watermark, outputScale, signal }: RecipeRenderOptions): Promise<Blob> {
  const campaignFrame = campaign.frames.find((frame) => frame.id === recipe.frameId);
  if (!campaignFrame) throw new Error(`The campaign no longer has frame ${recipe.frameId}`);
  const frame = await pipeline.analyzeFrame(campaignFrame.url, { kind: recipe.type, holes: campaignFrame.holes, ...(signal ? { signal } : {}) });
  const loaded: LoadedPhoto[] = [];
  try {
    for (const blob of recipe.photos) {
      const photo = await pipeline.loadPhoto(blob, { keep: loaded.map((p) => p.photoId), ...(signal ? { signal } : {}) });
      loaded.push(photo);
    }
    return await pipeline.render({
      frame,
      slots: recipe.slots.map(({ photo, transform }) => ({ photoId: loaded[photo]!.photoId, transform })),
      fill: recipe.fill,
      frameType: recipe.type,
      ...(recipe.type === 'background' ? { background: recipe.background } : {}),
      ...(watermark ? { watermark: { text: watermark, logo: 'bingkai' as const, position: 'auto' as const } } : {}),
      format: recipe.format,
      quality: RESULT_QUALITY,
      outputScale,
      ...(signal ? { signal } : {}),
    });
  } finally {
    for (const photo of loaded) {
      photo.proxy.close();
      pipeline.release(photo.photoId);
    }
  }
}
