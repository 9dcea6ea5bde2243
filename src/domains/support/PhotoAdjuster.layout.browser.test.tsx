import '../../testing/appStyles.ts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { autoPlace } from '../../pipeline/index.ts';
import { PhotoAdjuster } from './PhotoAdjuster.tsx';
import { initBrowserTestI18n, missingBrowserKeys } from '../../testing/browserI18n.ts';

const FRAME = { width: 1080, height: 1080 };
const HOLE = { x: 140, y: 140, width: 800, height: 800 };
const PHOTO = { width: 1600, height: 1200 };
const AUTO = autoPlace({ photo: PHOTO, faces: [], hole: HOLE });
/**
 * What the adjuster gets of a 360 px phone on the support page: the page's 16 px padding, the drop
 * zone's 2 px border and 12 px padding on each side.
 */
const PHONE_CONTENT_WIDTH = 360 - 2 * (16 + 2 + 12);

let proxy: ImageBitmap;

beforeAll(async () => {
  await initBrowserTestI18n();
  const canvas = new OffscreenCanvas(400, 300);
  canvas.getContext('2d')!.fillRect(0, 0, 400, 300);
  proxy = await createImageBitmap(canvas);
});

afterEach(() => {
  cleanup();
  missingBrowserKeys.clear();
});

afterAll(async () => {
  await page.viewport(414, 896);
});

function renderAdjuster(width: number) {
  render(
    <div style={{ width }}>
      <PhotoAdjuster
        holes={[{ proxy, photoSize: PHOTO, cover: HOLE, transform: AUTO, auto: AUTO }]}
        active={0}
        onActiveChange={() => undefined}
        frameImage={undefined}
        frameSize={FRAME}
        frameType="frame"
        maxHeight={400}
        onTransformChange={() => undefined}
      />
    </div>,
  );
  const box = (element: HTMLElement) => element.getBoundingClientRect();
  const button = (name: string) => box(screen.getByRole('button', { name }));
  const controls = {
    zoomOut: button('Zoom out'),
    zoomIn: button('Zoom in'),
    rotateLeft: button('Rotate left 45°'),
    rotateRight: button('Rotate right 45°'),
    reset: button('Reset'),
    slider: box(screen.getByRole('slider', { name: 'Rotate' })),
  };
  const rows = new Set(Object.values(controls).map((rect) => Math.round(rect.top + rect.height / 2)));
  return { controls, rows };
}

describe('PhotoAdjuster buttons', () => {
  it('on a 360 px phone take two rows, with rotate left and right side by side', async () => {
    await page.viewport(360, 740);
    const { controls, rows } = renderAdjuster(PHONE_CONTENT_WIDTH);
    expect(rows.size).toBe(2);
    const { rotateLeft, rotateRight, zoomIn, reset, slider } = controls;
    expect(rotateRight.top).toBe(rotateLeft.top);
    expect(rotateRight.left - rotateLeft.right).toBeGreaterThanOrEqual(0);
    expect(rotateRight.left - rotateLeft.right).toBeLessThanOrEqual(8);
    // Zoom and rotate buttons share the first row; the slider and Reset the second.
    expect(zoomIn.top).toBe(rotateLeft.top);
    expect(reset.top).toBeGreaterThan(rotateLeft.bottom);
    expect(slider.width).toBeGreaterThanOrEqual(96);
    for (const rect of Object.values(controls)) {
      expect(rect.left).toBeGreaterThanOrEqual(0);
      expect(rect.right).toBeLessThanOrEqual(PHONE_CONTENT_WIDTH);
    }
    expect(missingBrowserKeys.size).toBe(0);
  });

  it('on a wide screen fit one row', async () => {
    await page.viewport(1280, 900);
    const { rows } = renderAdjuster(640);
    expect(rows.size).toBe(1);
  });
});
