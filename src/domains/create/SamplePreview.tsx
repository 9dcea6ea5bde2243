import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/Spinner.tsx';
import { isPipelineError, type LoadedFrame, type Pipeline } from '../../pipeline/index.ts';
import type { CampaignType } from '../../../contract/campaign.ts';
import { defaultBackgroundChoice } from '../support/public.ts';
import { FACE_SAMPLE_URLS, faceSample } from './faceSamples.ts';

type SampleState = { status: 'pending' } | { status: 'ready'; url: string } | { status: 'failed'; message: string };

const PREVIEW_QUALITY = 0.8;
const pending = (): SampleState[] => FACE_SAMPLE_URLS.map(() => ({ status: 'pending' }));

/**
 * The face samples placed automatically into every hole of the selected frame, composed one after another
 * in the workers; a background campaign's with the background a supporter starts with (the person cut out
 * onto the design).
 */
export function SamplePreview({ pipeline, frame, type }: { pipeline: Pipeline | null; frame: LoadedFrame | null; type: CampaignType }) {
  const { t } = useTranslation();
  // Results belong to one frame; another frame starts from pending without a reset in the effect.
  const [results, setResults] = useState<{ frameId: string; samples: SampleState[] } | null>(null);
  const samples = results && frame && results.frameId === frame.frameId ? results.samples : pending();

  useEffect(() => {
    if (!pipeline || !frame) return;
    const controller = new AbortController();
    const { signal } = controller;
    const urls: string[] = [];
    const set = (index: number, state: SampleState) =>
      setResults((current) => {
        const list = current?.frameId === frame.frameId ? current.samples : pending();
        return { frameId: frame.frameId, samples: list.map((item, i) => (i === index ? state : item)) };
      });
    void (async () => {
      // One at a time: the pipeline keeps only the newest photo, and a newer load cancels an older one.
      for (const [index, sampleUrl] of FACE_SAMPLE_URLS.entries()) {
        try {
          const photo = await pipeline.loadPhoto(await faceSample(sampleUrl, signal), { frame, signal });
          photo.proxy.close();
          const placements = photo.placements ?? (await pipeline.place(photo, frame));
          const blob = await pipeline.render({
            frame,
            slots: placements.map((transform) => ({ photoId: photo.photoId, transform })),
            frameType: type,
            ...(type === 'background' ? { background: defaultBackgroundChoice(type) } : {}),
            format: 'jpeg',
            quality: PREVIEW_QUALITY,
            signal,
          });
          if (signal.aborted) return;
          const url = URL.createObjectURL(blob);
          urls.push(url);
          set(index, { status: 'ready', url });
        } catch (error) {
          if (signal.aborted || isPipelineError(error, 'CANCELLED')) return;
          console.warn('A sample preview failed', error);
          set(index, { status: 'failed', message: isPipelineError(error) ? t(`errors.pipeline.${error.code}`) : t('create.preview.failed') });
        }
      }
    })();
    return () => {
      controller.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [frame, pipeline, t, type]);

  return (
    <section aria-labelledby="sample-preview-title" className="flex flex-col gap-3">
      <h2 id="sample-preview-title" className="text-lg font-semibold">
        {t('create.preview.title')}
      </h2>
      {!frame ? (
        <p className="text-sm text-muted-foreground">{pipeline ? t('create.preview.empty') : t('create.preview.unsupported')}</p>
      ) : (
        <ul className="grid grid-cols-3 gap-2" data-testid="sample-previews">
          {samples.map((sample, index) => (
            <li key={FACE_SAMPLE_URLS[index]} className="flex aspect-square items-center justify-center overflow-hidden rounded-md border bg-muted">
              {sample.status === 'pending' && <Spinner label={t('create.preview.rendering', { number: index + 1 })} />}
              {sample.status === 'ready' && <img src={sample.url} alt={t('create.preview.alt', { number: index + 1 })} className="size-full object-contain" data-testid="sample-preview" />}
              {sample.status === 'failed' && <p className="p-2 text-center text-xs text-destructive">{sample.message}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
