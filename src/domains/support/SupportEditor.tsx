import { ArrowRight } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '../../../contract/campaign.ts';
import { resultWatermarked } from '../../../contract/plan.ts';
import { Button } from '../../ui/Button.tsx';
import { PhotoAdjuster } from './PhotoAdjuster.tsx';
import { useAccountStore } from '../account/public.ts';
import { BLUR_RADIUS } from './backgroundChoices.ts';
import { BackgroundPicker } from './BackgroundPicker.tsx';
import { FramePicker } from './FramePicker.tsx';
import { LowResolutionNotice } from './LowResolutionNotice.tsx';
import { PhotoPicker } from './PhotoPicker.tsx';
import { PickerAlert } from './PickerAlert.tsx';
import { currentStage } from './supportStages.ts';
import { SupportStatus } from './SupportStatus.tsx';
import { useBackgroundChoice } from './useBackgroundChoice.ts';
import { useFrameCache } from './useFrameCache.ts';
import { useFrameImage } from './useFrameImage.ts';
import { useLatestStep } from './useLatestStep.ts';
import { usePastedPhoto } from './usePastedPhoto.ts';
import { usePlacement } from './usePlacement.ts';
import { useRenderResult } from './useRenderResult.ts';
import { useSupportPipeline } from './useSupportPipeline.ts';
import { WatermarkNotice } from './WatermarkNotice.tsx';

/** The preview has no person mask: a see-through photo shows where the person sits on the design. */
const DESIGN_PREVIEW_OPACITY = 0.7;

/** Steps 5 and 6 of the support flow: pick, place, adjust, and render the result in the worker. */
export function SupportEditor({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const frames = useMemo(() => [...campaign.frames].sort((a, b) => a.position - b.position), [campaign.frames]);
  const { pipeline, warm, stages } = useSupportPipeline();
  const frameFor = useFrameCache(pipeline, frames, campaign.type);
  const { busy, stepId, error, step } = useLatestStep();
  const { placed, frameIndex, pickPhoto, switchFrame, setTransform } = usePlacement(pipeline, frameFor, step);
  usePastedPhoto(pickPhoto);
  const background = useBackgroundChoice(campaign.type);
  const plan = useAccountStore((state) => state.subscription?.plan);
  const watermarked = resultWatermarked(campaign.premium, plan);
  const renderResult = useRenderResult({ campaign, frames, pipeline, background: background.choice, watermarked, step });

  const shownIndex = placed?.frameIndex ?? frameIndex;
  const shownFrame = frames[shownIndex];
  const frameImage = useFrameImage(shownFrame?.url);
  const hole = placed?.frame.analysis.holes[0];
  const working = busy !== null;

  return (
    <div className="flex flex-col gap-5">
      <PhotoPicker
        onPick={pickPhoto}
        disabled={!pipeline || busy === 'render'}
        // A file that fails after a good one leaves the placed photo as it was: say so.
        alert={error && <PickerAlert message={error.message} note={error.step === 'photo' && placed ? t('support.photoKept') : undefined} />}
      >
        {placed && hole ? (
          <PhotoAdjuster
            proxy={placed.photo.proxy}
            photoSize={placed.photo.size}
            frameImage={frameImage}
            frameSize={placed.frame.analysis}
            hole={hole}
            frameType={campaign.type}
            transform={placed.transform}
            autoTransform={placed.auto}
            onTransformChange={setTransform}
            previewBlur={campaign.type === 'background' && background.kind === 'blur' ? BLUR_RADIUS : 0}
            previewOpacity={campaign.type === 'background' && background.kind === 'design' ? DESIGN_PREVIEW_OPACITY : 1}
          />
        ) : (
          shownFrame && (
            <div className="mx-auto w-full max-w-md overflow-hidden rounded-lg border bg-[repeating-conic-gradient(var(--muted)_0_25%,transparent_0_50%)] bg-[length:24px_24px]">
              <img src={shownFrame.url} alt={t('support.frameAlt', { title: campaign.title })} width={shownFrame.width} height={shownFrame.height} className="h-auto w-full" />
            </div>
          )
        )}
        <LowResolutionNotice hole={hole} transform={placed?.transform} />
      </PhotoPicker>

      <SupportStatus busy={busy} stepId={stepId} stage={currentStage(stages)} warming={warm === 'loading' && !placed} noFace={!!placed && placed.photo.faces.length === 0} />

      <FramePicker frames={frames} selected={shownIndex} onSelect={switchFrame} disabled={busy === 'render' || busy === 'photo'} />

      {campaign.type === 'background' && placed && <BackgroundPicker kind={background.kind} color={background.color} disabled={busy === 'render'} onChange={background.choose} />}

      {watermarked && <WatermarkNotice />}

      <div className="flex justify-end">
        <Button size="lg" onClick={() => renderResult(placed)} disabled={!placed || working}>
          {t('support.next')}
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
