import { Download, ImagePlus } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { createPipeline, isPipelineError, pipelineSupported, type BackgroundChoice, type FaceBox, type LoadedFrame, type Pipeline, type PipelineStage } from '../../pipeline/index.ts';
import type { Size } from '../../../core/geometry.ts';
import { fetchCampaign, fetchCampaigns } from '../../api/campaigns.ts';
import { PageContainer } from '../../ui/PageContainer.tsx';

const STAGES: PipelineStage[] = ['warm', 'analyze', 'decode', 'face', 'place', 'segment', 'composite', 'encode'];

const BACKGROUNDS = {
  keep: { kind: 'keep' },
  blur: { kind: 'blur', radius: 16 },
  color: { kind: 'color', color: '#ffffff' },
} satisfies Record<string, BackgroundChoice>;
type BackgroundName = keyof typeof BACKGROUNDS;

type Status = 'idle' | 'running' | 'done' | 'error';

interface Result {
  url: string;
  bytes: number;
  /** Read from the decoded <img>, so it is the real output size. */
  size: Size | null;
  photoSize: Size;
  faces: FaceBox[];
}

/** A frame bundled with the page (a circular window) for when no campaign frame can be loaded. */
async function bundledFrame(): Promise<Blob> {
  const side = 720;
  const canvas = new OffscreenCanvas(side, side);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas2D is not available');
  const gradient = ctx.createLinearGradient(0, 0, side, side);
  gradient.addColorStop(0, '#0f766e');
  gradient.addColorStop(1, '#f59e0b');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, side, side);
  ctx.globalCompositeOperation = 'destination-out';
  ctx.beginPath();
  ctx.arc(side / 2, side / 2 - 30, side * 0.36, 0, Math.PI * 2);
  ctx.fill();
  return canvas.convertToBlob({ type: 'image/png' });
}

/** The first seeded frame campaign's frame, or the bundled frame. */
async function defaultFrame(signal: AbortSignal): Promise<{ source: Blob | string; name: string }> {
  try {
    const list = await fetchCampaigns(1, 10, signal);
    const summary = list.items.find((item) => item.type === 'frame');
    if (summary) {
      const campaign = await fetchCampaign(summary.uri, signal);
      const frame = campaign.frames[0];
      if (frame) return { source: frame.url, name: campaign.title };
    }
  } catch (error) {
    if (signal.aborted) throw error;
    console.warn('No campaign frame; using the bundled one', error);
  }
  return { source: await bundledFrame(), name: '' };
}

/** Counts main-thread tasks longer than 50 ms (Chromium's Long Tasks API) that started since the last reset. */
function useLongTasks(): [number, () => void] {
  const [count, setCount] = useState(0);
  const since = useRef(0);
  useEffect(() => {
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('longtask')) return;
    const observer = new PerformanceObserver((list) => {
      // Entries arrive late: a task from before the reset must not count.
      const fresh = list.getEntries().filter((entry) => entry.startTime >= since.current).length;
      if (fresh) setCount((n) => n + fresh);
    });
    observer.observe({ type: 'longtask' });
    return () => observer.disconnect();
  }, []);
  return [
    count,
    () => {
      since.current = performance.now();
      setCount(0);
    },
  ];
}

export default function TestPage() {
  const { t } = useTranslation();
  const id = useId();
  const supported = pipelineSupported();
  const pipeline = useRef<Pipeline | null>(null);
  const frame = useRef<Promise<LoadedFrame> | null>(null);
  const [frameName, setFrameName] = useState('');
  const [frameState, setFrameState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [warm, setWarm] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState('');
  const [timings, setTimings] = useState<Partial<Record<PipelineStage, number>>>({});
  const [result, setResult] = useState<Result | null>(null);
  const [longTasks, resetLongTasks] = useLongTasks();
  const [dragging, setDragging] = useState(false);
  const [background, setBackground] = useState<BackgroundName>('keep');
  const lastPhoto = useRef<File | null>(null);

  useEffect(() => {
    if (!supported) return;
    const instance = createPipeline();
    pipeline.current = instance;
    const controller = new AbortController();
    const stop = instance.onProgress((event) => {
      // Stages may run twice in a run (a restarted worker decodes again); a new frame replaces the old analysis.
      if (event.status === 'done') setTimings((all) => ({ ...all, [event.stage]: (event.stage === 'analyze' ? 0 : (all[event.stage] ?? 0)) + event.ms }));
    });
    // Models load while the visitor is still choosing a photo.
    instance.warm().then(
      () => !controller.signal.aborted && setWarm('ready'),
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Warm-up failed', failure);
        setWarm('failed');
      },
    );
    frame.current = defaultFrame(controller.signal).then(({ source, name }) => {
      setFrameName(name);
      return instance.analyzeFrame(source, { signal: controller.signal });
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
      instance.dispose();
      pipeline.current = null;
    };
  }, [supported]);

  const resultUrl = result?.url;
  useEffect(() => () => void (resultUrl && URL.revokeObjectURL(resultUrl)), [resultUrl]);

  const message = (failure: unknown) => (isPipelineError(failure) ? t(`errors.pipeline.${failure.code}`) : t('errors.UNKNOWN'));

  async function run(photo: File, backgroundName: BackgroundName = background) {
    const instance = pipeline.current;
    if (!instance || !frame.current) return;
    lastPhoto.current = photo;
    setStatus('running');
    setError('');
    // Warm-up and frame analysis happen before the run; keep their times.
    setTimings(({ warm, analyze }) => ({ ...(warm === undefined ? {} : { warm }), ...(analyze === undefined ? {} : { analyze }) }));
    resetLongTasks();
    try {
      const loadedFrame = await frame.current;
      const loaded = await instance.loadPhoto(photo, { frame: loadedFrame });
      // This page shows only the result; an editor would draw the proxy.
      loaded.proxy.close();
      const transform = loaded.transform ?? (await instance.place(loaded, loadedFrame));
      const blob = await instance.render({ photoId: loaded.photoId, frame: loadedFrame, transform, background: BACKGROUNDS[backgroundName], format: 'jpeg', quality: 0.9 });
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
    const instance = pipeline.current;
    if (!instance) return;
    const next = instance.analyzeFrame(file);
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

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void run(file);
  };

  const ms = (value: number | undefined) => (value === undefined ? '–' : t('pipeline.ms', { value: Math.round(value) }));
  // The run's own stages: warm-up and frame analysis happen before a photo is picked.
  const total = STAGES.filter((s) => s !== 'warm' && s !== 'analyze').reduce((sum, s) => sum + (timings[s] ?? 0), 0);

  return (
    <PageContainer route="test" className="max-w-4xl">
      <h1 className="text-3xl font-bold tracking-tight">{t('pipeline.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('pipeline.lead')}</p>

      {!supported ? (
        <p role="alert" className="mt-6 rounded-md border border-destructive p-4 text-destructive">
          {t('pipeline.unsupported')}
        </p>
      ) : (
        <>
          <p className="mt-4 flex items-center gap-2 text-sm" data-testid="warm-status" data-state={warm}>
            {warm === 'loading' && <Spinner size="sm" />}
            {t(`pipeline.warm.${warm}`)}
          </p>

          <div
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={`mt-6 grid gap-4 rounded-lg border-2 border-dashed p-6 sm:grid-cols-2 ${dragging ? 'border-primary bg-accent' : 'border-border'}`}
          >
            <div>
              <label htmlFor={`${id}-photo`} className="mb-2 flex items-center gap-2 font-medium">
                <ImagePlus className="size-5" aria-hidden="true" />
                {t('pipeline.photo')}
              </label>
              <input
                id={`${id}-photo`}
                type="file"
                accept="image/*"
                className="block w-full text-sm"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void run(file);
                }}
              />
              <p className="mt-1 text-sm text-muted-foreground">{t('pipeline.drop')}</p>
            </div>
            <div>
              <label htmlFor={`${id}-frame`} className="mb-2 block font-medium">
                {t('pipeline.frame')}
              </label>
              <input
                id={`${id}-frame`}
                type="file"
                accept="image/png,image/webp"
                className="block w-full text-sm"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void chooseFrame(file);
                }}
              />
              <p className="mt-1 text-sm text-muted-foreground" data-testid="frame-name" data-state={frameState}>
                {frameState === 'failed' ? t('pipeline.frameFailed') : frameName ? t('pipeline.frameCurrent', { name: frameName }) : t('pipeline.frameBundled')}
              </p>
            </div>
          </div>

          <div className="mt-4 flex items-center gap-2">
            <label htmlFor={`${id}-background`} className="font-medium">
              {t('pipeline.background.label')}
            </label>
            <select
              id={`${id}-background`}
              value={background}
              className="rounded-md border border-input bg-background px-2 py-1"
              onChange={(event) => {
                const next = event.target.value as BackgroundName;
                setBackground(next);
                if (lastPhoto.current) void run(lastPhoto.current, next);
              }}
            >
              {(Object.keys(BACKGROUNDS) as BackgroundName[]).map((name) => (
                <option key={name} value={name}>
                  {t(`pipeline.background.${name}`)}
                </option>
              ))}
            </select>
          </div>

          <div aria-live="polite" className="mt-4 min-h-6" data-testid="run-status" data-state={status}>
            {status === 'running' && (
              <span className="flex items-center gap-2">
                <Spinner size="sm" /> {t('pipeline.running')}
              </span>
            )}
            {status === 'error' && (
              <p role="alert" className="text-destructive">
                {error}
              </p>
            )}
            {status !== 'error' && error && <p className="text-destructive">{error}</p>}
          </div>

          <div className="mt-6 grid gap-8 md:grid-cols-2">
            <section aria-labelledby={`${id}-timings`}>
              <h2 id={`${id}-timings`} className="mb-2 text-xl font-semibold">
                {t('pipeline.timings')}
              </h2>
              <table className="w-full text-sm" data-testid="timings">
                <tbody>
                  {STAGES.map((stage) => (
                    <tr key={stage} data-stage={stage} className="border-b border-border">
                      <th scope="row" className="py-1 text-start font-normal">
                        {t(`pipeline.stages.${stage}`)}
                      </th>
                      <td className="py-1 text-end tabular-nums">{ms(timings[stage])}</td>
                    </tr>
                  ))}
                  <tr>
                    <th scope="row" className="py-1 text-start">
                      {t('pipeline.total')}
                    </th>
                    <td className="py-1 text-end font-semibold tabular-nums" data-testid="total">
                      {status === 'done' ? ms(total) : '–'}
                    </td>
                  </tr>
                </tbody>
              </table>
              <dl className="mt-4 grid grid-cols-[1fr_auto] gap-1 text-sm">
                <dt>{t('pipeline.longTasks')}</dt>
                <dd className="text-end tabular-nums" data-testid="long-tasks">
                  {longTasks}
                </dd>
                <dt>{t('pipeline.cores')}</dt>
                <dd className="text-end tabular-nums">{navigator.hardwareConcurrency || '–'}</dd>
              </dl>
            </section>

            <section aria-labelledby={`${id}-result`}>
              <h2 id={`${id}-result`} className="mb-2 text-xl font-semibold">
                {t('pipeline.result')}
              </h2>
              {result ? (
                <div data-testid="result">
                  <img
                    src={result.url}
                    alt={t('pipeline.resultAlt')}
                    className="w-full rounded-md border border-border"
                    onLoad={(event) => {
                      const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
                      setResult((current) => (current && !current.size ? { ...current, size: { width, height } } : current));
                    }}
                  />
                  {result.size && (
                    <p className="mt-2 text-sm" data-testid="result-size" data-width={result.size.width} data-height={result.size.height}>
                      {t('pipeline.resultSize', { width: result.size.width, height: result.size.height, kb: Math.round(result.bytes / 1024) })}
                    </p>
                  )}
                  <p className="text-sm">{t('pipeline.photoSize', { width: result.photoSize.width, height: result.photoSize.height })}</p>
                  <p className="mt-2 text-sm font-medium" data-testid="face-count" data-count={result.faces.length}>
                    {t('pipeline.faces', { count: result.faces.length })}
                  </p>
                  <ul className="text-sm tabular-nums text-muted-foreground">
                    {result.faces.map((face, index) => (
                      <li key={index}>
                        {t('pipeline.face', {
                          x: Math.round(face.box.x),
                          y: Math.round(face.box.y),
                          width: Math.round(face.box.width),
                          height: Math.round(face.box.height),
                          score: Math.round(face.score * 100),
                        })}
                      </li>
                    ))}
                  </ul>
                  <Button asChild className="mt-4">
                    <a href={result.url} download="bingkai-device-check.jpg">
                      <Download className="size-4" aria-hidden="true" />
                      {t('pipeline.download')}
                    </a>
                  </Button>
                </div>
              ) : (
                <p className="text-sm text-muted-foreground">{t('pipeline.noResult')}</p>
              )}
            </section>
          </div>
        </>
      )}
    </PageContainer>
  );
}
