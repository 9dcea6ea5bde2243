import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Size } from '../../../core/geometry.ts';
import { useLongTasks } from '../../lib/useLongTasks.ts';
import { isPipelineError, type BackgroundChoice, type FaceBox, type LoadedFrame, type PipelineStage } from '../../pipeline/index.ts';
import { usePipeline } from '../../pipeline/usePipeline.ts';
import { defaultFrame } from './defaultFrame.ts';

export const STAGES: PipelineStage[] = ['warm', 'analyze', 'decode', 'face', 'place', 'segment', 'composite', 'encode'];

export const BACKGROUNDS = {
  keep: { kind: 'keep' },
  blur: { kind: 'blur', radius: 16 },
  color: { kind: 'color', color: '#ffffff' },
} satisfies Record<string, BackgroundChoice>;
export type BackgroundName = keyof typeof BACKGROUNDS;

export type RunStatus = 'idle' | 'running' | 'done' | 'error';
export type LoadState = 'loading' | 'ready' | 'failed';

export interface DeviceCheckResult {
  url: string;
  bytes: number;
  /** Read from the decoded <img>, so it is the real output size. */
  size: Size | null;
  photoSize: Size;
  faces: FaceBox[];
}

/** The device check: the page's pipeline (usePipeline), a default frame, and a timed run per picked photo. */
export function useDeviceCheck() {
  const { t } = useTranslation();
  const { pipeline, supported } = usePipeline();
  const frame = useRef<Promise<LoadedFrame> | null>(null);
  const [frameName, setFrameName] = useState('');
  const [frameState, setFrameState] = useState<LoadState>('loading');
  const [warm, setWarm] = useState<LoadState>('loading');
  const [status, setStatus] = useState<RunStatus>('idle');
  const [error, setError] = useState('');
  const [timings, setTimings] = useState<Partial<Record<PipelineStage, number>>>({});
  const [result, setResult] = useState<DeviceCheckResult | null>(null);
  const [longTasks, resetLongTasks] = useLongTasks();
  const [background, setBackground] = useState<BackgroundName>('keep');
  const lastPhoto = useRef<File | null>(null);

  useEffect(() => {
    if (!pipeline) return;
    const controller = new AbortController();
    const stop = pipeline.onProgress((event) => {
      // Stages may run twice in a run (a restarted worker decodes again); a new frame replaces the old analysis.
      if (event.status === 'done') setTimings((all) => ({ ...all, [event.stage]: (event.stage === 'analyze' ? 0 : (all[event.stage] ?? 0)) + event.ms }));
    });
    // Models load while the visitor is still choosing a photo.
    pipeline.warm().then(
      () => !controller.signal.aborted && setWarm('ready'),
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Warm-up failed', failure);
        setWarm('failed');
      },
    );
    frame.current = defaultFrame(controller.signal).then(({ source, name }) => {
      setFrameName(name);
      return pipeline.analyzeFrame(source, { signal: controller.signal });
    });
    frame.current.then(
      () => !controller.signal.aborted && setFrameState('ready'),
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('The default frame could not be analysed', failure);
        setFrameState('failed');
      },
    );
    return () => {
      controller.abort();
      stop();
      frame.current = null;
    };
  }, [pipeline]);

  const resultUrl = result?.url;
  useEffect(() => () => void (resultUrl && URL.revokeObjectURL(resultUrl)), [resultUrl]);

  const message = (failure: unknown) => (isPipelineError(failure) ? t(`errors.pipeline.${failure.code}`) : t('errors.UNKNOWN'));

  async function run(photo: File, backgroundName: BackgroundName = background) {
    if (!pipeline || !frame.current) return;
    lastPhoto.current = photo;
    setStatus('running');
    setError('');
    // Warm-up and frame analysis happen before the run; keep their times.
    setTimings(({ warm, analyze }) => ({ ...(warm === undefined ? {} : { warm }), ...(analyze === undefined ? {} : { analyze }) }));
    resetLongTasks();
    try {
      const loadedFrame = await frame.current;
      const loaded = await pipeline.loadPhoto(photo, { frame: loadedFrame });
      // This page shows only the result; an editor would draw the proxy.
      loaded.proxy.close();
      const placements = loaded.placements ?? (await pipeline.place(loaded, loadedFrame));
      const slots = placements.map((transform) => ({ photoId: loaded.photoId, transform }));
      const blob = await pipeline.render({ frame: loadedFrame, slots, background: BACKGROUNDS[backgroundName], format: 'jpeg', quality: 0.9 });
      setResult({ url: URL.createObjectURL(blob), bytes: blob.size, size: null, photoSize: loaded.size, faces: loaded.faces });
      setStatus('done');
    } catch (failure) {
      if (isPipelineError(failure, 'CANCELLED')) return;
      console.warn('Device check failed', failure);
      setError(message(failure));
      setStatus('error');
    }
  }

  async function chooseFrame(file: File) {
    if (!pipeline) return;
    const next = pipeline.analyzeFrame(file);
    next.catch(() => undefined);
    try {
      await next;
      frame.current = next;
      setFrameName(file.name);
      setFrameState('ready');
      setError('');
      if (lastPhoto.current) void run(lastPhoto.current);
    } catch (failure) {
      setError(message(failure));
    }
  }

  function chooseBackground(next: BackgroundName) {
    setBackground(next);
    if (lastPhoto.current) void run(lastPhoto.current, next);
  }

  /** The result image decoded: its real size is known now. */
  function measureResult(size: Size) {
    setResult((current) => (current && !current.size ? { ...current, size } : current));
  }

  return { supported, warm, frameName, frameState, status, error, timings, result, longTasks, background, run, chooseFrame, chooseBackground, measureResult };
}
