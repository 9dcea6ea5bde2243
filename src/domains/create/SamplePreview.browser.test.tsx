import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPipeline, type Pipeline } from '../../pipeline/index.ts';
import { initBrowserTestI18n, missingBrowserKeys } from '../../testing/browserI18n.ts';
import { SamplePreview } from './SamplePreview.tsx';

let pipeline: Pipeline;

beforeAll(async () => {
  await initBrowserTestI18n();
  pipeline = createPipeline();
});

afterEach(() => {
  cleanup();
});

afterAll(() => {
  pipeline.dispose();
});

/** The three rendered samples' pixels (RGBA rows), once every one is there. */
async function renderedSamples(): Promise<ImageData[]> {
  await waitFor(() => expect(screen.getAllByTestId('sample-preview')).toHaveLength(3), { timeout: 120_000 });
  return Promise.all(
    screen.getAllByTestId<HTMLImageElement>('sample-preview').map(async (image) => {
      const bitmap = await createImageBitmap(await (await fetch(image.src)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      bitmap.close();
      return context.getImageData(0, 0, canvas.width, canvas.height);
    }),
  );
}

const at = (pixels: ImageData, x: number, y: number) => [...pixels.data.subarray((y * pixels.width + x) * 4, (y * pixels.width + x) * 4 + 4)];

const luminance = (pixels: ImageData, x: number, y: number) => {
  const [r = 0, g = 0, b = 0] = at(pixels, x, y);
  return 0.299 * r + 0.587 * g + 0.114 * b;
};

/**
 * Mean luminance step between neighbouring pixels in `rect`: a photo's detail gives a few levels, while
 * an empty hole, a flat colour or the blurred fill of a hole the photo misses gives well under one.
 */
function detail(pixels: ImageData, rect: { x: number; y: number; width: number; height: number }): number {
  let sum = 0;
  let count = 0;
  for (let y = rect.y; y < rect.y + rect.height; y += 2) {
    for (let x = rect.x; x < rect.x + rect.width; x += 2) {
      sum += Math.abs(luminance(pixels, x + 1, y) - luminance(pixels, x, y)) + Math.abs(luminance(pixels, x, y + 1) - luminance(pixels, x, y));
      count++;
    }
  }
  return sum / count;
}

describe('SamplePreview', () => {
  it('fills every hole of a two-hole frame with the sample', async () => {
    // tests/fixtures: a round window centred (300, 500) r 230, and a rounded one (620, 310) 360 × 380.
    const frame = await pipeline.analyzeFrame('/tests/fixtures/generated/frame-two-holes.png');
    expect(frame.regions).toHaveLength(2);
    render(<SamplePreview pipeline={pipeline} frame={frame} type="frame" />);
    for (const pixels of await renderedSamples()) {
      expect([pixels.width, pixels.height]).toEqual([1080, 1080]);
      // Each window's middle, its whole right half included, shows a photo.
      const windows = [
        { x: 160, y: 380, width: 280, height: 240 },
        { x: 640, y: 340, width: 160, height: 320 },
        { x: 800, y: 340, width: 160, height: 320 },
      ].map((rect) => detail(pixels, rect));
      for (const value of windows) expect(value).toBeGreaterThan(1);
    }
    expect(missingBrowserKeys.size).toBe(0);
  });

  it("cuts the person out onto a background campaign's design, as a supporter's first choice does", async () => {
    // tests/fixtures: an opaque design whose photo area (240, 180) 600 × 720 is light blue #e0f2fe.
    const area = { x: 240, y: 180, width: 600, height: 720 };
    const frame = await pipeline.analyzeFrame('/tests/fixtures/generated/background-design.png', { kind: 'background', holes: [area] });
    render(<SamplePreview pipeline={pipeline} frame={frame} type="background" />);
    const design = [224, 242, 254];
    const near = (pixel: number[]) => design.every((value, i) => Math.abs((pixel[i] ?? 0) - value) <= 24);
    for (const pixels of await renderedSamples()) {
      // Above the head, in the photo area's top corners, the design shows instead of the photo's own background.
      const corners = [at(pixels, area.x + 24, area.y + 24), at(pixels, area.x + area.width - 24, area.y + 24)];
      expect(corners.some(near), `corners ${JSON.stringify(corners)}`).toBe(true);
    }
  });
});
