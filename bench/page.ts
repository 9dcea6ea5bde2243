/**
 * Benchmark page (served by Vite, driven by bench/run.ts in headless Chromium). Each phase is a
 * function on `window.bench` that returns raw timings; the runner computes the statistics.
 * Our code is loaded by URL (this file belongs to the tools project, which cannot import the
 * app's or the workers' sources), so the calls it makes are typed here.
 *
 * Main-thread long tasks (> 50 ms) are observed for the whole page life; every phase reports
 * the ones that started while it ran.
 */
import Konva from 'konva';
import type { Rect } from '../core/geometry.ts';
import type { FacePeerRun, PhaseResult } from './types.ts';

const FIXTURES = '/tests/fixtures/generated';
const FRAME_URL = `${FIXTURES}/frame-circle.png`;
const FACE_API_MODELS = '/node_modules/@vladmandic/face-api/model';

interface Transform {
  x: number;
  y: number;
  scale: number;
  rotation: number;
}
interface LoadedFrame {
  frameId: string;
  analysis: { holes: Rect[] };
}
interface LoadedPhoto {
  photoId: string;
  proxy: ImageBitmap;
  faces: { box: Rect; score: number }[];
  placements: Transform[] | null;
}
/** The part of src/pipeline's `Pipeline` the benchmark uses. */
interface PipelineSeam {
  warm(): Promise<void>;
  analyzeFrame(frame: Blob): Promise<LoadedFrame>;
  loadPhoto(file: Blob, options?: { frame?: LoadedFrame }): Promise<LoadedPhoto>;
  render(options: Record<string, unknown>): Promise<Blob>;
  /** `workerMs`: the face stage's time inside the vision worker (`ms` is the round trip through the facade). */
  onProgress(listener: (event: { stage: string; status: string; ms?: number; workerMs?: number }) => void): () => void;
  dispose(): void;
}
type CreatePipeline = (options?: { stageTimeoutMs?: number }) => PipelineSeam;

/** The part of src/pipeline's `Pipeline` the design-export phase uses. */
interface DesignExportSeam {
  exportDesign(document: unknown): Promise<{ png: Blob; frame: LoadedFrame }>;
  dispose(): void;
}
interface DesignTemplate {
  id: string;
  width: number;
  height: number;
  build(options: { id: string; kind: 'frame'; name: string }): { width: number; height: number; elements: unknown[] };
}
type DrawDesign = (context: CanvasRenderingContext2D, document: unknown, images: { get(id: string): undefined }) => void;
type LoadDesignFonts = (fonts: FontFaceSet) => Promise<void>;

/** Longest gap between animation frames while `work` runs: how long the main thread was blocked. */
async function longestFrameGap(work: () => Promise<unknown> | unknown): Promise<number> {
  let last = performance.now();
  let longest = 0;
  let running = true;
  const tick = (now: number) => {
    longest = Math.max(longest, now - last);
    last = now;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await work();
  // A synchronous job shows up in the next frame's gap.
  await new Promise((resolve) => requestAnimationFrame(resolve));
  running = false;
  return longest;
}

const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask', buffered: true });

/** Runs a phase and attaches the long tasks that started during it. */
async function phase<T extends object>(work: () => Promise<T>): Promise<T & PhaseResult> {
  const start = performance.now();
  const result = await work();
  // Let the observer deliver the last entries.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const end = performance.now();
  const during = longTasks.filter((t) => t.start >= start && t.start < end).map((t) => t.duration);
  return { ...result, longTasks: during };
}

async function fetchBlob(url: string): Promise<Blob> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.blob();
}

const importByUrl = <T>(url: string) => import(/* @vite-ignore */ url) as Promise<T>;
const pipelineModule = () => importByUrl<{ createPipeline: CreatePipeline }>('/src/pipeline/index.ts');

/** Of the last framedJpeg: pick → placed preview (loadPhoto through the facade; the working image may still be decoding), and its slots. */
const lastPath: { placedMs: number; slots: { photoId: string; transform: Transform }[] } = { placedMs: 0, slots: [] };

/** The supporter's path: photo → faces → placement → composite → 1080² JPEG. */
async function framedJpeg(pipeline: PipelineSeam, file: Blob, frame: LoadedFrame, background?: Record<string, unknown>): Promise<Blob> {
  const picked = performance.now();
  const photo = await pipeline.loadPhoto(file, { frame });
  lastPath.placedMs = performance.now() - picked;
  photo.proxy.close();
  if (!photo.placements) throw new Error('no automatic placement');
  const slots = photo.placements.map((transform) => ({ photoId: photo.photoId, transform }));
  const blob = await pipeline.render({ frame, slots, format: 'jpeg', quality: 0.9, ...(background ? { background } : {}) });
  if (blob.type !== 'image/jpeg' || blob.size < 10_000) throw new Error(`unexpected result ${blob.type} ${blob.size} B`);
  lastPath.slots = slots;
  return blob;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const bench = {
  /** Whole path cold (fresh workers, no warm-up) and warm, with per-stage times of the warm runs. */
  pipeline: (runs: number) =>
    phase(async () => {
      const { createPipeline } = await pipelineModule();
      const inputs = { '12mp': await fetchBlob(`${FIXTURES}/photo-12mp.jpg`), '48mp': await fetchBlob(`${FIXTURES}/photo-48mp.jpg`) };
      const frameBlob = await fetchBlob(FRAME_URL);
      const cold: Record<string, number> = {};
      const coldStages: Record<string, Record<string, number>> = {};
      for (const [name, file] of Object.entries(inputs)) {
        const pipeline = createPipeline({ stageTimeoutMs: 120_000 });
        const stages: Record<string, number> = {};
        pipeline.onProgress((e) => {
          if (e.status === 'done' && e.ms !== undefined) stages[e.stage] = (stages[e.stage] ?? 0) + e.ms;
        });
        // The campaign page analyses its frame before the supporter picks a photo.
        const frame = await pipeline.analyzeFrame(frameBlob);
        delete stages.analyze;
        const t = performance.now();
        await framedJpeg(pipeline, file, frame);
        cold[name] = performance.now() - t;
        coldStages[name] = stages;
        pipeline.dispose();
      }

      const pipeline = createPipeline({ stageTimeoutMs: 120_000 });
      const warmStart = performance.now();
      await pipeline.warm();
      const warmUpMs = performance.now() - warmStart;
      const frame = await pipeline.analyzeFrame(frameBlob);
      let label = '';
      const stages: Record<string, number[]> = {};
      pipeline.onProgress((e) => {
        if (e.status !== 'done' || e.ms === undefined || !label) return;
        (stages[`${e.stage} ${label}`] ??= []).push(e.ms);
        if (e.workerMs !== undefined) (stages[`${e.stage} ${label} (in worker)`] ??= []).push(e.workerMs);
      });
      const warm: Record<string, number[]> = {};
      for (const [name, file] of Object.entries(inputs)) {
        await framedJpeg(pipeline, file, frame);
        label = name;
        warm[name] = [];
        for (let i = 0; i < runs; i++) {
          const t = performance.now();
          await framedJpeg(pipeline, file, frame);
          warm[name].push(performance.now() - t);
          (stages[`placed ${name} (pick → placed preview)`] ??= []).push(lastPath.placedMs);
          // Next → JPEG once the supporter has looked at the preview: the working image is ready.
          label = `${name} Next`;
          const next = performance.now();
          await pipeline.render({ frame, slots: lastPath.slots, format: 'jpeg', quality: 0.9 });
          (stages[`Next → JPEG ${name}`] ??= []).push(performance.now() - next);
          label = name;
        }
        label = '';
      }
      // Segmentation runs once per photo, when a background other than 'keep' is chosen.
      label = '12mp blurred background';
      for (let i = 0; i < Math.ceil(runs / 3); i++) await framedJpeg(pipeline, inputs['12mp'], frame, { kind: 'blur', radius: 12 });
      label = '1080² frame';
      for (let i = 0; i < runs; i++) await pipeline.analyzeFrame(frameBlob);
      label = '';
      pipeline.dispose();
      return { cold, coldStages, warmUpMs, warm, stages };
    }),

  /** The incumbent's way: decode on the main thread with an <img>, drawImage into a 1080² canvas, toBlob. */
  naive: (runs: number) =>
    phase(async () => {
      const frame = new Image();
      frame.src = FRAME_URL;
      await frame.decode();
      const times: Record<string, number[]> = {};
      for (const name of ['12mp', '48mp']) {
        const file = await fetchBlob(`${FIXTURES}/photo-${name}.jpg`);
        times[name] = [];
        for (let i = 0; i <= runs; i++) {
          const t = performance.now();
          const url = URL.createObjectURL(file);
          const img = new Image();
          img.src = url;
          await img.decode();
          const canvas = document.createElement('canvas');
          canvas.width = canvas.height = 1080;
          const ctx = canvas.getContext('2d')!;
          const k = Math.max(760 / img.naturalWidth, 760 / img.naturalHeight);
          ctx.drawImage(img, 540 - (img.naturalWidth * k) / 2, 500 - (img.naturalHeight * k) / 2, img.naturalWidth * k, img.naturalHeight * k);
          ctx.drawImage(frame, 0, 0);
          const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
          URL.revokeObjectURL(url);
          if (!blob) throw new Error('toBlob failed');
          // The first run pays for the frame's decode and code warm-up, as in the warm pipeline runs.
          if (i > 0) times[name].push(performance.now() - t);
        }
      }
      return { times };
    }),

  /** The resize step: a decoded 12 MP photo (4000 × 3000) to the 1440 × 1080 it covers in the output. */
  resize: (runs: number) =>
    phase(async () => {
      const { resampleTo } = await importByUrl<{ resampleTo(source: ImageBitmap, w: number, h: number): ImageBitmap | OffscreenCanvas }>('/workers/resample.ts');
      const { default: picaFactory } = await import('pica');
      const pica = picaFactory({ features: ['js', 'wasm', 'ww'] });
      const source = await createImageBitmap(await fetchBlob(`${FIXTURES}/photo-12mp.jpg`));
      const [w, h] = [1440, 1080];
      const pixels = (image: CanvasImageSource) => {
        const canvas = new OffscreenCanvas(w, h);
        const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
        ctx.drawImage(image, 0, 0);
        return ctx.getImageData(0, 0, w, h).data;
      };
      const methods: Record<string, () => Promise<CanvasImageSource>> = {
        'single drawImage (naive)': async () => {
          const canvas = new OffscreenCanvas(w, h);
          const ctx = canvas.getContext('2d')!;
          ctx.drawImage(source, 0, 0, w, h);
          ctx.getImageData(0, 0, 1, 1);
          return canvas;
        },
        'ours: resampleTo (halving, high quality)': async () => {
          const out = resampleTo(source, w, h);
          if (out instanceof OffscreenCanvas) out.getContext('2d')!.getImageData(0, 0, 1, 1);
          return out;
        },
        'createImageBitmap resizeQuality high': () => createImageBitmap(source, { resizeWidth: w, resizeHeight: h, resizeQuality: 'high' }),
        'pica (lanczos3, js+wasm+workers)': async () => {
          const to = document.createElement('canvas');
          to.width = w;
          to.height = h;
          return pica.resize(source, to);
        },
      };
      const times: Record<string, number[]> = {};
      const outputs: Record<string, Uint8ClampedArray> = {};
      for (const [name, method] of Object.entries(methods)) {
        outputs[name] = pixels(await method());
        times[name] = [];
        for (let i = 0; i < runs; i++) {
          const t = performance.now();
          await method();
          times[name].push(performance.now() - t);
        }
      }
      // Quality: mean absolute difference from pica's Lanczos result (0..255).
      const reference = outputs['pica (lanczos3, js+wasm+workers)']!;
      const differenceFromPica: Record<string, number> = {};
      for (const [name, data] of Object.entries(outputs)) {
        let sum = 0;
        for (let i = 0; i < data.length; i += 4) sum += Math.abs(data[i]! - reference[i]!) + Math.abs(data[i + 1]! - reference[i + 1]!) + Math.abs(data[i + 2]! - reference[i + 2]!);
        differenceFromPica[name] = sum / ((data.length / 4) * 3);
      }
      source.close();
      return { times, differenceFromPica };
    }),

  /** Face detection on the face-api samples: @vladmandic/face-api's tiny face detector and our MediaPipe stage. */
  faces: (runs: number) =>
    phase(async () => {
      const samples = [1, 2, 3, 4, 5, 6].map((n) => `sample${n}.jpg`);
      const blobs = await Promise.all(samples.map((name) => fetchBlob(`${FIXTURES}/${name}`)));
      const ours: FacePeerRun[] = [];
      const { createPipeline } = await pipelineModule();
      const pipeline = createPipeline({ stageTimeoutMs: 120_000 });
      await pipeline.warm();
      let faceMs = 0;
      pipeline.onProgress((e) => {
        if (e.stage === 'face' && e.status === 'done' && e.ms !== undefined) faceMs = e.ms;
      });
      for (const [i, blob] of blobs.entries()) {
        const times: number[] = [];
        let boxes: Rect[] = [];
        for (let r = 0; r < runs; r++) {
          const photo = await pipeline.loadPhoto(blob);
          photo.proxy.close();
          times.push(faceMs);
          boxes = photo.faces.map((f) => f.box);
        }
        ours.push({ sample: samples[i]!, ms: median(times), boxes });
      }
      pipeline.dispose();

      const faceapi = await import('@vladmandic/face-api');
      // face-api's own typings leave these tfjs calls out.
      const tf = faceapi.tf as unknown as { setBackend(name: string): Promise<boolean>; ready(): Promise<void>; getBackend(): string };
      // WebGL is SwiftShader here (--disable-gpu); fall back to the CPU backend when it fails.
      if (!(await tf.setBackend('webgl').catch(() => false))) await tf.setBackend('cpu');
      await tf.ready();
      const backend = tf.getBackend();
      await faceapi.nets.tinyFaceDetector.loadFromUri(FACE_API_MODELS);
      const options = new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: 0.5 });
      const peer: FacePeerRun[] = [];
      for (const [i, blob] of blobs.entries()) {
        const image = await createImageBitmap(blob);
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        canvas.getContext('2d')!.drawImage(image, 0, 0);
        image.close();
        // The first call compiles the model's shaders: not counted.
        if (i === 0) await faceapi.detectAllFaces(canvas, options);
        const times: number[] = [];
        let boxes: Rect[] = [];
        for (let r = 0; r < runs; r++) {
          const t = performance.now();
          const found = await faceapi.detectAllFaces(canvas, options);
          times.push(performance.now() - t);
          boxes = found.map((d) => ({ x: d.box.x, y: d.box.y, width: d.box.width, height: d.box.height }));
        }
        peer.push({ sample: samples[i]!, ms: median(times), boxes });
      }
      return { ours, peer, peerBackend: backend };
    }),

  /** Frame analysis of the 1080² circle frame: the wasm kernel and its TypeScript twin. */
  frameAnalysis: (runs: number) =>
    phase(async () => {
      type Analyze = (rgba: Uint8ClampedArray, width: number, height: number, options: { engine: 'wasm' | 'ts' }) => Promise<{ holes: unknown[] }>;
      const { analyzeFrame } = await importByUrl<{ analyzeFrame: Analyze }>('/workers/frameAnalysis.ts');
      const bitmap = await createImageBitmap(await fetchBlob(FRAME_URL));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const { data, width, height } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      bitmap.close();
      const times: Record<string, number[]> = {};
      for (const engine of ['wasm', 'ts'] as const) {
        const result = await analyzeFrame(data, width, height, { engine });
        if (result.holes.length !== 1) throw new Error(`${engine}: ${result.holes.length} holes`);
        times[engine] = [];
        for (let i = 0; i < runs; i++) {
          const t = performance.now();
          await analyzeFrame(data, width, height, { engine });
          times[engine].push(performance.now() - t);
        }
      }
      return { times, size: `${width}×${height}` };
    }),

  /**
   * Composite of a 4000 × 3000 working image into the 1080² frame: WebGL2 and Canvas2D; then Canvas2D
   * with two slots (the same photo twice, the owner map split at x = 540) and with the photo zoomed
   * out so the blurred fill shows.
   */
  composite: (runs: number) =>
    phase(async () => {
      type Composite = (input: Record<string, unknown>) => Promise<OffscreenCanvas>;
      const { compositeResult } = await importByUrl<{ compositeResult: Composite }>('/workers/composite.ts');
      const webgl = await importByUrl<{ webglAvailable(): boolean; webglIsSoftware(): boolean }>('/workers/compositeWebgl.ts');
      const photo = await createImageBitmap(await fetchBlob(`${FIXTURES}/photo-12mp.jpg`));
      const frame = await createImageBitmap(await fetchBlob(FRAME_URL));
      // The circle's box (scripts/buildFixtures.ts: centre (540, 500), inner radius 380).
      const cover = { x: 160, y: 120, width: 760, height: 760 };
      const slot = { photo, transform: { x: 540, y: 500, scale: 0.27, rotation: 0 }, cover };
      const owner = { width: 1080, height: 1080, data: new Uint8Array(1080 * 1080).map((_, i) => (i % 1080 < 540 ? 1 : 2)) };
      const cases = {
        webgl: { slots: [slot], renderer: 'webgl' },
        canvas: { slots: [slot], renderer: 'canvas' },
        'canvas, 2 slots': { slots: [slot, slot], owner, renderer: 'canvas' },
        'canvas, blur fill': { slots: [{ ...slot, transform: { ...slot.transform, scale: 0.16 } }], renderer: 'canvas' },
      };
      const times: Record<string, number[]> = {};
      for (const [renderer, input] of Object.entries(cases)) {
        const render = async () => {
          const out = await compositeResult({ frame, frameType: 'frame', outputScale: 1, ...input });
          // Drawing is deferred until pixels are read.
          out.getContext('2d')!.getImageData(0, 0, 1, 1);
        };
        await render();
        times[renderer] = [];
        for (let i = 0; i < runs; i++) {
          const t = performance.now();
          await render();
          times[renderer].push(performance.now() - t);
        }
      }
      photo.close();
      frame.close();
      return { times, webglAvailable: webgl.webglAvailable(), webglSoftware: webgl.webglAvailable() && webgl.webglIsSoftware() };
    }),

  /**
   * Preview drag on the proxy, the way src/domains/support/PhotoAdjuster.tsx does it: a Konva stage with the 1280 px
   * proxy under the frame; every animation frame moves, turns and scales the photo node and batch-draws the layer.
   */
  previewDrag: (seconds: number) =>
    phase(async () => {
      const source = await fetchBlob(`${FIXTURES}/photo-12mp.jpg`);
      const proxy = await createImageBitmap(source, { resizeWidth: 1280, resizeHeight: 960, resizeQuality: 'high' });
      const frame = await createImageBitmap(await fetchBlob(FRAME_URL));
      const container = document.createElement('div');
      document.body.append(container);
      const stage = new Konva.Stage({ container, width: 540, height: 540 });
      const layer = new Konva.Layer();
      const photo = new Konva.Image({ image: proxy, x: 270, y: 270, offsetX: 640, offsetY: 480, scaleX: 0.5, scaleY: 0.5 });
      layer.add(photo, new Konva.Image({ image: frame, width: 540, height: 540, listening: false }));
      stage.add(layer);
      // The first draw uploads the bitmaps: done before the clock starts, as when the editor opens.
      layer.draw();
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const stamps: number[] = [];
      const drawMs: number[] = [];
      await new Promise<void>((resolve) => {
        const step = (now: number) => {
          stamps.push(now);
          const t = performance.now();
          const phaseAngle = stamps.length / 10;
          photo.position({ x: 270 + Math.sin(phaseAngle) * 40, y: 270 + Math.cos(phaseAngle) * 20 });
          photo.rotation(Math.sin(phaseAngle) * 10);
          photo.scale({ x: 0.5 + Math.sin(phaseAngle) * 0.05, y: 0.5 + Math.sin(phaseAngle) * 0.05 });
          layer.draw();
          drawMs.push(performance.now() - t);
          if (now - stamps[0]! < seconds * 1000) requestAnimationFrame(step);
          else resolve();
        };
        requestAnimationFrame(step);
      });
      stage.destroy();
      container.remove();
      proxy.close();
      frame.close();
      const intervals = stamps.slice(1).map((s, i) => s - stamps[i]!);
      return { frames: stamps.length, seconds: (stamps.at(-1)! - stamps[0]!) / 1000, intervals, drawMs };
    }),

  /**
   * Frame designer export of a 1080² built-in template: ours renders in the image worker and analyses the PNG
   * (pipeline.exportDesign); the peer clones the design into a Konva stage on the main thread and calls
   * stage.toDataURL(), the way canvas editors export. Both draw with the same core/design/designRender.ts.
   */
  designExport: (runs: number) =>
    phase(async () => {
      const { DESIGN_TEMPLATES } = await importByUrl<{ DESIGN_TEMPLATES: readonly DesignTemplate[] }>('/src/domains/designer/templates/index.ts');
      const { drawDesign } = await importByUrl<{ drawDesign: DrawDesign }>('/core/design/designRender.ts');
      const { loadDesignFonts } = await importByUrl<{ loadDesignFonts: LoadDesignFonts }>('/core/design/designFonts.ts');
      const template = DESIGN_TEMPLATES.find((t) => t.width === 1080 && t.height === 1080) ?? DESIGN_TEMPLATES[0]!;
      const design = template.build({ id: 'bench-design', kind: 'frame', name: 'Bench' });
      const pipeline = (await pipelineModule()).createPipeline() as unknown as DesignExportSeam;
      await loadDesignFonts(document.fonts);
      const container = document.createElement('div');
      document.body.append(container);
      const stage = new Konva.Stage({ container, width: design.width, height: design.height });
      const layer = new Konva.Layer();
      const noImages = { get: () => undefined };
      layer.add(new Konva.Shape({ sceneFunc: (context) => drawDesign(context._context, design, noImages) }));
      stage.add(layer);
      const times: Record<string, number[]> = { worker: [], stageClone: [] };
      const blocked: Record<string, number[]> = { worker: [], stageClone: [] };
      let holes = 0;
      const ours = async () => {
        const t = performance.now();
        const result = await pipeline.exportDesign(design);
        holes = result.frame.analysis.holes.length;
        return performance.now() - t;
      };
      const peer = () => {
        const t = performance.now();
        const url = stage.toDataURL({ pixelRatio: 1 });
        if (!url.startsWith('data:image/png')) throw new Error('stage export failed');
        return performance.now() - t;
      };
      await ours();
      peer();
      for (let i = 0; i < runs; i++) {
        blocked.worker!.push(await longestFrameGap(async () => times.worker!.push(await ours())));
        blocked.stageClone!.push(await longestFrameGap(() => times.stageClone!.push(peer())));
      }
      stage.destroy();
      container.remove();
      pipeline.dispose();
      return { times, blocked, template: template.id, size: `${design.width}×${design.height}`, elements: design.elements.length, holes };
    }),
};

export type BenchApi = typeof bench;

declare global {
  interface Window {
    bench: BenchApi;
    benchReady: boolean;
  }
}

window.bench = bench;
window.benchReady = true;
document.getElementById('status')!.textContent = 'ready';
