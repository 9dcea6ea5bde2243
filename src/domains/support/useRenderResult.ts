import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Campaign, CampaignFrame } from '../../../contract/campaign.ts';
import { countSupport, prepareSupport } from '../../api/campaignSupports.ts';
import { markPerf, PERF_MARKS } from '../../lib/perfMarks.ts';
import { resultFileName, type BackgroundChoice, type HoleFill, type OutputFormat, type Pipeline } from '../../pipeline/index.ts';
import { recipeOf } from './resultRecipe.ts';
import { supportPicture } from './supportPicture.ts';
import { setSupportResult } from './supportResult.ts';
import type { SupportStep } from './useLatestStep.ts';
import type { Placed } from './usePlacement.ts';

const RESULT_QUALITY = 0.92;

interface RenderResultOptions {
  campaign: Campaign;
  frames: readonly CampaignFrame[];
  pipeline: Pipeline | null;
  /** The supporter's background; only a background campaign uses it. */
  background: BackgroundChoice;
  /** What fills the part of a hole its photo leaves uncovered. */
  fill: HoleFill;
  watermarked: boolean;
  step: (kind: SupportStep, work: () => Promise<void>) => Promise<void>;
}

/** A see-through fill needs a format with alpha; a fill nobody sees (every hole covered) does not. */
export function resultFormat(fill: HoleFill, uncovered: boolean): OutputFormat {
  return uncovered && fill.kind === 'transparent' ? 'png' : 'jpeg';
}

/**
 * "Next": renders the placed photos in the worker, keeps the result for the result page, counts the
 * support on the server (without waiting for it) and goes to the result page.
 */
export function useRenderResult({ campaign, frames, pipeline, background, fill, watermarked, step }: RenderResultOptions): (current: Placed | null, format: OutputFormat) => void {
  const { t } = useTranslation();
  const navigate = useNavigate();

  // The page token an anonymous support needs is fetched as the page opens, not when "Next" is pressed.
  useEffect(() => prepareSupport(campaign.uri), [campaign.uri]);

  return (current, format) => {
    const campaignFrame = frames[current?.frameIndex ?? -1];
    if (!current || !pipeline || !campaignFrame) return;
    markPerf(PERF_MARKS.next);
    void step('render', async () => {
      const picture = supportPicture(current, { type: campaign.type, background, fill, ...(watermarked ? { watermark: t('support.watermark') } : {}) });
      const [blob, recipe] = await Promise.all([
        pipeline.render({
          ...picture,
          format,
          quality: RESULT_QUALITY,
          outputScale: 1,
        }),
        recipeOf(campaign.uri, current, { frameId: campaignFrame.id, type: campaign.type, background, fill, format }),
      ]);
      markPerf(PERF_MARKS.result);
      setSupportResult({
        uri: campaign.uri,
        blob,
        fileName: resultFileName(campaign.uri || campaign.title, format),
        format,
        width: current.frame.analysis.width,
        height: current.frame.analysis.height,
        frameId: campaignFrame.id,
        watermarked,
        recipe,
      });
      // Counted once by the server; the result page must not wait for it.
      countSupport(campaign.uri, campaignFrame.id).catch((failure: unknown) => console.error('The support could not be recorded', failure));
      void navigate(`/${campaign.uri}/result`);
    });
  };
}
