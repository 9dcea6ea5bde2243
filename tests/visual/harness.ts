/**
 * Harness page of the golden-image tests (served by Vite from the repo root). It renders a case
 * through the real pipeline (src/pipeline → image and vision workers) and exposes
 *   window.runCase(spec: CaseSpec) → Promise<CaseResult>
 * The pipeline is loaded by URL: this file belongs to the tools project, which cannot import the
 * app's sources, so the few calls it makes are typed here (`PipelineSeam`).
 */
import type { CaseResult, CaseSpec } from './cases.ts';

interface Transform {
  x: number;
  y: number;
  scale: number;
  rotation: number;
}

interface LoadedFrame {
  frameId: string;
}

/** The part of src/pipeline's `Pipeline` the harness uses. */
interface PipelineSeam {
  warm(): Promise<void>;
  analyzeFrame(frame: string): Promise<LoadedFrame>;
  loadPhoto(file: Blob, options: { frame: LoadedFrame }): Promise<{
    photoId: string;
    proxy: ImageBitmap;
    size: { width: number; height: number };
    faces: CaseResult['faces'];
    placements: Transform[] | null;
  }>;
  render(options: Record<string, unknown>): Promise<Blob>;
  onProgress(listener: (event: { stage: string; status: string; ms?: number }) => void): () => void;
}

declare global {
  interface Window {
    runCase(spec: CaseSpec): Promise<CaseResult>;
    harnessReady: Promise<void>;
  }
}

const PIPELINE_URL = '/src/pipeline/index.ts';

async function fetchBlob(url: string): Promise<Blob> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.blob();
}

async function base64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** Lossless copy of a JPEG/WebP result, so the spec compares decoded pixels. */
async function asPng(blob: Blob): Promise<Blob> {
  if (blob.type === 'image/png') return blob;
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  bitmap.close();
  return canvas.convertToBlob({ type: 'image/png' });
}

let pipeline: PipelineSeam;

window.harnessReady = (async () => {
  const module = (await import(/* @vite-ignore */ PIPELINE_URL)) as { createPipeline(options?: { stageTimeoutMs?: number }): PipelineSeam };
  pipeline = module.createPipeline({ stageTimeoutMs: 60_000 });
  await pipeline.warm();
  document.getElementById('status')!.textContent = 'ready';
})();

window.runCase = async (spec) => {
  await window.harnessReady;
  const stages: Record<string, number> = {};
  const stop = pipeline.onProgress((event) => {
    if (event.status === 'done' && event.ms !== undefined) stages[event.stage] = (stages[event.stage] ?? 0) + event.ms;
  });
  try {
    const frame = await pipeline.analyzeFrame(spec.frame);
    const photo = await pipeline.loadPhoto(await fetchBlob(spec.photo), { frame });
    const proxySize = { width: photo.proxy.width, height: photo.proxy.height };
    photo.proxy.close();
    const [first] = photo.placements ?? [];
    if (!photo.placements || !first) throw new Error('loadPhoto with a frame returned no placement');
    // A spec's transform or shift applies to the first hole; other holes keep their automatic placement.
    const placed = spec.transform ?? first;
    const transform = spec.shift ? { ...placed, x: placed.x + spec.shift.x, y: placed.y + spec.shift.y } : placed;
    const slots = [transform, ...photo.placements.slice(1)].map((t) => ({ photoId: photo.photoId, transform: t }));
    const blob = await pipeline.render({
      frame,
      slots,
      background: spec.background,
      ...(spec.backgroundImage ? { backgroundImage: await fetchBlob(spec.backgroundImage) } : {}),
      ...(spec.watermark ? { watermark: spec.watermark } : {}),
      format: spec.format,
      quality: 0.92,
      outputScale: spec.outputScale,
    });
    const png = await asPng(blob);
    const bitmap = await createImageBitmap(png);
    const { width, height } = bitmap;
    bitmap.close();
    return {
      pngBase64: await base64(png),
      width,
      height,
      photoSize: photo.size,
      proxySize,
      faces: photo.faces.map(({ box, score }) => ({ box, score })),
      transform,
      stages,
    };
  } finally {
    stop();
  }
};
