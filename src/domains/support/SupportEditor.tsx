import { ArrowRight, LoaderCircle, Sparkles } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Campaign } from '../../../contract/campaign.ts';
import { resultWatermarked } from '../../../contract/plan.ts';
import { Button } from '../../ui/Button.tsx';
import { PhotoAdjuster } from './PhotoAdjuster.tsx';
import {
  createPipeline,
  isPipelineError,
  resultFileName,
  type LoadedFrame,
  type LoadedPhoto,
  type PhotoTransform,
  type Pipeline,
} from '../../pipeline/index.ts';
import { useAccountStore } from '../account/accountStore.ts';
import { recordSupport } from '../../api/campaigns.ts';
import { backgroundChoice, BACKGROUND_COLORS, BLUR_RADIUS, type BackgroundKind } from './backgroundChoices.ts';
import { BackgroundPicker } from './BackgroundPicker.tsx';
import { FramePicker } from './FramePicker.tsx';
import { PhotoPicker } from './PhotoPicker.tsx';
import { pickImageFile } from './pickImageFile.ts';
import { setSupportResult } from './supportResult.ts';
import { currentStage, trackStages, type VisibleStage } from './supportStages.ts';
import { useFrameImage } from './useFrameImage.ts';

/** A photo placed in one of the campaign's frames; the proxy bitmap stays in component state, never in a store. */
interface Placed {
  photo: LoadedPhoto;
  frameIndex: number;
  frame: LoadedFrame;
  auto: PhotoTransform;
  transform: PhotoTransform;
}

type Busy = 'photo' | 'frame' | 'render' | null;

const RESULT_FORMAT = 'jpeg';
const RESULT_QUALITY = 0.92;
/** The preview has no person mask: a see-through photo shows where the person sits on the design. */
const DESIGN_PREVIEW_OPACITY = 0.7;

/** Steps 5 and 6 of the support flow: pick, place, adjust, and render the result in the worker. */
export function SupportEditor({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const frames = useMemo(() => [...campaign.frames].sort((a, b) => a.position - b.position), [campaign.frames]);
  const [pipeline, setPipeline] = useState<Pipeline | null>(null);
  const analyses = useRef(new Map<string, Promise<LoadedFrame>>());
  const [frameIndex, setFrameIndex] = useState(0);
  const [placed, setPlaced] = useState<Placed | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const run = useRef(0);
  const [stages, setStages] = useState<VisibleStage[]>([]);
  const [warm, setWarm] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [error, setError] = useState('');
  // A background campaign is about the person on its design, so the design is the first choice.
  const [backgroundKind, setBackgroundKind] = useState<BackgroundKind>(campaign.type === 'background' ? 'design' : 'keep');
  const [backgroundColor, setBackgroundColor] = useState<string>(BACKGROUND_COLORS[0].color);
  const plan = useAccountStore((state) => state.subscription?.plan);
  const watermarked = resultWatermarked(campaign.premium, plan);

  // One pipeline per visit: models load while the supporter is still choosing a photo.
  useEffect(() => {
    const instance = createPipeline();
    let active = true;
    const stop = instance.onProgress((event) => setStages((running) => trackStages(running, event)));
    instance.warm().then(
      () => active && setWarm('ready'),
      (failure: unknown) => {
        if (!active) return;
        console.warn('The editor could not warm up', failure);
        setWarm('failed');
      },
    );
    analyses.current = new Map();
    setPipeline(instance);
    return () => {
      active = false;
      stop();
      instance.dispose();
      setPipeline(null);
    };
  }, []);

  const frameFor = useCallback(
    (index: number): Promise<LoadedFrame> => {
      const frame = frames[index];
      if (!pipeline || !frame) return Promise.reject(new Error('The editor is not ready'));
      let analysis = analyses.current.get(frame.id);
      if (!analysis) {
        analysis = pipeline.analyzeFrame(frame.url, { kind: campaign.type });
        // A failed analysis is tried again next time instead of being remembered.
        analysis.catch(() => analyses.current.delete(frame.id));
        analyses.current.set(frame.id, analysis);
      }
      return analysis;
    },
    [frames, pipeline, campaign.type],
  );

  // Every frame is analysed up front, so switching frames later only places the photo.
  useEffect(() => {
    if (!pipeline) return;
    frames.forEach((_, index) => {
      frameFor(index).catch((failure: unknown) => console.warn('Frame analysis failed', failure));
    });
    // The campaign's frames do not change during a visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pipeline]);

  // The bitmap of a replaced photo is released once the stage shows the new one.
  const proxy = placed?.photo.proxy;
  useEffect(() => () => proxy?.close(), [proxy]);

  const describe = useCallback((failure: unknown) => (isPipelineError(failure) ? t(`errors.pipeline.${failure.code}`) : t('support.failed')), [t]);

  /** Runs one step; a newer step makes an older one's outcome irrelevant. */
  const step = useCallback(
    async (kind: Exclude<Busy, null>, work: () => Promise<void>) => {
      const token = ++run.current;
      setBusy(kind);
      setError('');
      try {
        await work();
      } catch (failure) {
        if (isPipelineError(failure, 'CANCELLED') || token !== run.current) return;
        console.warn(`Support step "${kind}" failed`, failure);
        setError(describe(failure));
      } finally {
        if (token === run.current) setBusy(null);
      }
    },
    [describe],
  );

  const pickPhoto = useCallback(
    (file: File) => {
      if (!pipeline) return;
      const index = frameIndex;
      void step('photo', async () => {
        const frame = await frameFor(index);
        const photo = await pipeline.loadPhoto(file, { frame });
        const auto = photo.transform ?? (await pipeline.place(photo, frame));
        setPlaced({ photo, frameIndex: index, frame, auto, transform: auto });
      });
    },
    [frameFor, frameIndex, pipeline, step],
  );

  // Pasting an image anywhere on the page picks it.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const file = pickImageFile(event.clipboardData?.files);
      if (!file) return;
      event.preventDefault();
      pickPhoto(file);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [pickPhoto]);

  const switchFrame = (index: number) => {
    setFrameIndex(index);
    const current = placed;
    if (!current || !pipeline) return;
    void step('frame', async () => {
      const frame = await frameFor(index);
      const auto = await pipeline.place(current.photo, frame);
      setPlaced((latest) => (latest && latest.photo === current.photo ? { ...latest, frameIndex: index, frame, auto, transform: auto } : latest));
    });
  };

  const next = () => {
    const current = placed;
    const campaignFrame = frames[current?.frameIndex ?? -1];
    if (!current || !pipeline || !campaignFrame) return;
    void step('render', async () => {
      const blob = await pipeline.render({
        photoId: current.photo.photoId,
        frame: current.frame,
        transform: current.transform,
        frameType: campaign.type,
        ...(campaign.type === 'background' ? { background: backgroundChoice(backgroundKind, backgroundColor) } : {}),
        ...(watermarked ? { watermark: { text: t('support.watermark'), logo: 'bingkai' as const, position: 'bottom-right' as const } } : {}),
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

  const shownIndex = placed?.frameIndex ?? frameIndex;
  const shownFrame = frames[shownIndex];
  const frameImage = useFrameImage(shownFrame?.url);
  const hole = placed?.frame.analysis.holes[0];
  const stage = currentStage(stages);
  const working = busy !== null;
  const statusText = working ? t(stage ? `support.progress.${stage}` : `support.progress.${busy}`) : warm === 'loading' && !placed ? t('support.progress.warm') : '';

  return (
    <div className="flex flex-col gap-5">
      <PhotoPicker onPick={pickPhoto} disabled={!pipeline || busy === 'render'}>
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
            onTransformChange={(transform) => setPlaced((latest) => (latest ? { ...latest, transform } : latest))}
            previewBlur={campaign.type === 'background' && backgroundKind === 'blur' ? BLUR_RADIUS : 0}
            previewOpacity={campaign.type === 'background' && backgroundKind === 'design' ? DESIGN_PREVIEW_OPACITY : 1}
          />
        ) : (
          shownFrame && (
            <div className="mx-auto w-full max-w-md overflow-hidden rounded-lg border bg-[repeating-conic-gradient(var(--muted)_0_25%,transparent_0_50%)] bg-[length:24px_24px]">
              <img src={shownFrame.url} alt={t('support.frameAlt', { title: campaign.title })} width={shownFrame.width} height={shownFrame.height} className="h-auto w-full" />
            </div>
          )
        )}
      </PhotoPicker>

      <output aria-live="polite" className="flex min-h-6 items-center justify-center gap-2 text-sm" data-testid="support-status" data-busy={working ? busy : undefined}>
        {statusText && (
          <>
            <LoaderCircle className="size-4 animate-spin text-primary motion-reduce:animate-none" aria-hidden="true" />
            <span>{statusText}</span>
          </>
        )}
        {!working && placed && placed.photo.faces.length === 0 && <span>{t('support.noFace')}</span>}
      </output>
      {error && (
        <p role="alert" className="rounded-md border border-destructive p-3 text-center text-sm text-destructive">
          {error}
        </p>
      )}

      <FramePicker frames={frames} selected={shownIndex} onSelect={switchFrame} disabled={busy === 'render' || busy === 'photo'} />

      {campaign.type === 'background' && placed && (
        <BackgroundPicker
          kind={backgroundKind}
          color={backgroundColor}
          disabled={busy === 'render'}
          onChange={(kind, color) => {
            setBackgroundKind(kind);
            setBackgroundColor(color);
          }}
        />
      )}

      {watermarked && (
        <p className="flex items-start gap-2 rounded-md bg-muted p-3 text-sm" data-testid="watermark-notice">
          <Sparkles className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <span>{t('support.watermarkNotice', { text: t('support.watermark') })}</span>{' '}
            <Link to="/pricing/supporters" className="font-medium underline underline-offset-4">
              {t('support.watermarkLink')}
            </Link>
          </span>
        </p>
      )}

      <div className="flex justify-end">
        <Button size="lg" onClick={next} disabled={!placed || working}>
          {t('support.next')}
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
