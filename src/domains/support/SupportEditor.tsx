import { ArrowRight } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '../../../contract/campaign.ts';
import { resultWatermarked } from '../../../contract/plan.ts';
import { fillChoiceApplies } from '../../../core/holeFill.ts';
import { Button } from '../../ui/Button.tsx';
import { DirectionalIcon } from '../../ui/DirectionalIcon.tsx';
import { PhotoAdjuster } from './PhotoAdjuster.tsx';
import { useAccountStore } from '../account/public.ts';
import { BLUR_RADIUS } from './backgroundChoices.ts';
import { BackgroundPicker } from './BackgroundPicker.tsx';
import { FramePicker } from './FramePicker.tsx';
import { previewFill, someHoleUncovered } from './holeFillPreview.ts';
import { HoleFillPicker } from './HoleFillPicker.tsx';
import { HolePhotoInput } from './HolePhotoInput.tsx';
import { LowResolutionNotice } from './LowResolutionNotice.tsx';
import { PhotoPicker } from './PhotoPicker.tsx';
import { leastSharpHole } from './photoResolution.ts';
import { PickerAlert } from './PickerAlert.tsx';
import { currentStage } from './supportStages.ts';
import { supportPicture } from './supportPicture.ts';
import { SupportStatus } from './SupportStatus.tsx';
import { useBackgroundChoice } from './useBackgroundChoice.ts';
import { useFrameCache } from './useFrameCache.ts';
import { useFrameImage } from './useFrameImage.ts';
import { useHoleFill } from './useHoleFill.ts';
import { useLatestStep } from './useLatestStep.ts';
import { usePastedPhoto } from './usePastedPhoto.ts';
import { usePlacement } from './usePlacement.ts';
import { resultFormat, useRenderResult } from './useRenderResult.ts';
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
  const { placed, frameIndex, activeHole, setActiveHole, pickPhoto, pickPhotoForHole, switchFrame, setTransform } = usePlacement(pipeline, frameFor, step);
  usePastedPhoto(pickPhoto);
  const background = useBackgroundChoice(campaign.type);
  const holeFill = useHoleFill();
  const plan = useAccountStore((state) => state.subscription?.plan);
  const watermarked = resultWatermarked(campaign.premium, plan);
  const renderResult = useRenderResult({ campaign, frames, pipeline, background: background.choice, fill: holeFill.fill, watermarked, step });

  const shownIndex = placed?.frameIndex ?? frameIndex;
  const shownFrame = frames[shownIndex];
  const frameImage = useFrameImage(shownFrame?.url);
  const working = busy !== null;
  const holes = placed?.slots.flatMap((slot, index) => {
    const region = placed.frame.regions[index];
    return region ? [{ proxy: slot.photo.proxy, photoSize: slot.photo.size, cover: region.cover, transform: slot.transform, auto: slot.auto }] : [];
  });
  const uncovered = placed ? someHoleUncovered(placed) : false;
  const picture = placed && supportPicture(placed, { type: campaign.type, background: background.choice, fill: holeFill.fill, ...(watermarked ? { watermark: t('support.watermark') } : {}) });
  const fillApplies = uncovered && fillChoiceApplies(picture?.background);
  const format = resultFormat(holeFill.fill, fillApplies);
  const leastSharp = leastSharpHole(holes?.map((hole) => ({ hole: hole.cover, transform: hole.transform })) ?? []);

  return (
    <div className="flex flex-col gap-5">
      <PhotoPicker
        onPick={pickPhoto}
        disabled={!pipeline || busy === 'render'}
        // A file that fails after a good one leaves the placed photo as it was: say so.
        alert={error && <PickerAlert message={error.message} note={error.step === 'photo' && placed ? t('support.photoKept') : undefined} />}
      >
        {placed && holes && holes.length > 0 ? (
          <PhotoAdjuster
            holes={holes}
            active={activeHole}
            onActiveChange={setActiveHole}
            frameImage={frameImage}
            frameSize={placed.frame.analysis}
            frameType={campaign.type}
            onTransformChange={setTransform}
            fill={previewFill(campaign.type, picture?.background, holeFill.fill)}
            previewBlur={campaign.type === 'background' && background.kind === 'blur' ? BLUR_RADIUS : 0}
            previewOpacity={campaign.type === 'background' && background.kind === 'design' ? DESIGN_PREVIEW_OPACITY : 1}
            holeActions={<HolePhotoInput onPick={pickPhotoForHole} disabled={!pipeline || busy === 'render'} />}
            preview={{ pipeline, picture, format }}
          />
        ) : (
          shownFrame && (
            <div className="mx-auto w-full max-w-md overflow-hidden rounded-lg border bg-[repeating-conic-gradient(var(--muted)_0_25%,transparent_0_50%)] bg-[length:24px_24px]">
              <img src={shownFrame.url} alt={t('support.frameAlt', { title: campaign.title })} width={shownFrame.width} height={shownFrame.height} className="h-auto w-full" />
            </div>
          )
        )}
        <LowResolutionNotice hole={leastSharp?.hole} transform={leastSharp?.transform} />
      </PhotoPicker>

      <SupportStatus busy={busy} stepId={stepId} stage={currentStage(stages)} warming={warm === 'loading' && !placed} noFace={!!placed && placed.slots.every((slot) => slot.photo.faces.length === 0)} />

      <FramePicker frames={frames} selected={frameIndex} onSelect={switchFrame} disabled={busy === 'render' || busy === 'photo'} />

      {fillApplies && (
        <HoleFillPicker kind={holeFill.kind} color={holeFill.color} onChange={holeFill.choose} allowTransparent={campaign.type === 'frame'} disabled={busy === 'render'} />
      )}

      {campaign.type === 'background' && placed && <BackgroundPicker kind={background.kind} color={background.color} disabled={busy === 'render'} onChange={background.choose} />}

      {watermarked && <WatermarkNotice />}

      <div className="flex justify-end">
        <Button size="lg" onClick={() => renderResult(placed, format)} disabled={!placed || working}>
          {t('support.next')}
          <DirectionalIcon icon={ArrowRight} />
        </Button>
      </div>
    </div>
  );
}
