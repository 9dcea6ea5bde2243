import type { Campaign } from '../../../contract/campaign.ts';
import { createPipeline } from '../../pipeline/index.ts';
import { renderRecipe, type ResultRecipe } from '../support/public.ts';

/**
 * Renders a result again on this device, in a pipeline of its own that is stopped afterwards (the result page has
 * none running): without the watermark when `watermark` is absent, at `outputScale` × the frame's size.
 */
export async function renderOnDevice(campaign: Pick<Campaign, 'frames'>, recipe: ResultRecipe, options: { watermark?: string; outputScale: number }): Promise<Blob> {
  const pipeline = createPipeline();
  try {
    return await renderRecipe(pipeline, campaign, recipe, options);
  } finally {
    pipeline.dispose();
  }
}
