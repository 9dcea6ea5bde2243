import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Campaign, CampaignFrame } from '../../../contract/campaign.ts';
import { recordSupport } from '../../api/campaigns.ts';
import { resultFileName, type BackgroundChoice, type Pipeline } from '../../pipeline/index.ts';
import { setSupportResult } from './supportResult.ts';
import type { SupportStep } from './useLatestStep.ts';
import type { Placed } from './usePlacement.ts';

const RESULT_FORMAT = 'jpeg';
const RESULT_QUALITY = 0.92;

interface RenderResultOptions {
  campaign: Campaign;
  frames: readonly CampaignFrame[];
  pipeline: Pipeline | null;
  /** The supporter's background; only a background campaign uses it. */
  background: BackgroundChoice;
  watermarked: boolean;
  step: (kind: SupportStep, work: () => Promise<void>) => Promise<void>;
}

/**
 * "Next": renders the placed photo in the worker, keeps the result for the result page, counts the
 * support on the server (without waiting for it) and goes to the result page.
 */
export function useRenderResult({ campaign, frames, pipeline, background, watermarked, step }: RenderResultOptions): (current: Placed | null) => void {
  const { t } = useTranslation();
  const navigate = useNavigate();

  return (current) => {
    const campaignFrame = frames[current?.frameIndex ?? -1];
    if (!current || !pipeline || !campaignFrame) return;
    void step('render', async () => {
      const blob = await pipeline.render({
        photoId: current.photo.photoId,
        frame: current.frame,
        transform: current.transform,
        frameType: campaign.type,
        ...(campaign.type === 'background' ? { background } : {}),
        ...(watermarked ? { watermark: { text: t('support.watermark'), logo: 'bingkai' as const, position: 'auto' as const } } : {}),
        format: RESULT_FORMAT,
        quality: RESULT_QUALITY,
        outputScale: 1,
      });
      setSupportResult({
        uri: campaign.uri,
        blob,
        fileName: resultFileName(campaign.uri || campaign.title, RESULT_FORMAT),
        format: RESULT_FORMAT,
        width: current.frame.analysis.width,
        height: current.frame.analysis.height,
        frameId: campaignFrame.id,
        watermarked,
      });
      // Counted once by the server; the result page must not wait for it.
      recordSupport(campaign.uri, campaignFrame.id).catch((failure: unknown) => console.error('The support could not be recorded', failure));
      void navigate(`/${campaign.uri}/result`);
    });
  };
}
