/** Test-only module worker: the watermark drawn inside a worker (watermark.browser.test.ts). */
import { drawWatermark, loadWatermarkFont } from './watermark.ts';
import type { WatermarkSpec } from './watermark.ts';

self.onmessage = async (event: MessageEvent<{ spec: WatermarkSpec; width: number; height: number }>) => {
  try {
    const { spec, width, height } = event.data;
    await loadWatermarkFont();
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.fillStyle = 'rgb(128, 128, 128)';
    ctx.fillRect(0, 0, width, height);
    drawWatermark(ctx, spec, { width, height });
    const resources = performance.getEntriesByType('resource').map((entry) => entry.name);
    self.postMessage({ pixels: ctx.getImageData(0, 0, width, height).data, resources });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
  }
};
