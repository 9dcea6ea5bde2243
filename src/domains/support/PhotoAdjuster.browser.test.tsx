import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import Konva from 'konva';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { autoPlace, pan, rotateBy, setRotation, zoomAt, type PhotoTransform } from '../../pipeline/index.ts';
import { wheelZoomFactor } from '../../../core/wheelZoomFactor.ts';
import { adjusterReading } from './adjusterMath.ts';
import { PhotoAdjuster } from './PhotoAdjuster.tsx';
import { initBrowserTestI18n, missingBrowserKeys } from '../../testing/browserI18n.ts';

const FRAME = { width: 500, height: 500 };
const HOLE = { x: 100, y: 100, width: 300, height: 300 };
const PHOTO = { width: 2000, height: 1500 };
const AUTO = autoPlace({ photo: PHOTO, faces: [], hole: HOLE });
const GREEN = [0, 200, 0];
const BLUE = [0, 0, 220];
const RED = [220, 0, 0];

/** The proxy (a fifth of the working size): left half green, right half blue. */
async function proxyBitmap(): Promise<ImageBitmap> {
  const canvas = new OffscreenCanvas(400, 300);
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = `rgb(${GREEN.join(',')})`;
  ctx.fillRect(0, 0, 200, 300);
  ctx.fillStyle = `rgb(${BLUE.join(',')})`;
  ctx.fillRect(200, 0, 200, 300);
  return createImageBitmap(canvas);
}

/** A red frame with a square hole. */
async function frameBitmap(): Promise<ImageBitmap> {
  const canvas = new OffscreenCanvas(FRAME.width, FRAME.height);
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = `rgb(${RED.join(',')})`;
  ctx.fillRect(0, 0, FRAME.width, FRAME.height);
  ctx.clearRect(HOLE.x, HOLE.y, HOLE.width, HOLE.height);
  return createImageBitmap(canvas);
}

let proxy: ImageBitmap;
let frame: ImageBitmap;
const missingKeys = missingBrowserKeys;

beforeAll(async () => {
  await initBrowserTestI18n();
  proxy = await proxyBitmap();
  frame = await frameBitmap();
});

afterEach(() => {
  cleanup();
  missingKeys.clear();
});

/** The adjuster with its transform in React state, as the support page holds it. */
function Harness({ onCommit, frameType = 'frame' }: { onCommit: (t: PhotoTransform) => void; frameType?: 'frame' | 'background' }) {
  const [transform, setTransform] = useState(AUTO);
  return (
    <div style={{ width: FRAME.width }}>
      <PhotoAdjuster
        holes={[{ proxy, photoSize: PHOTO, cover: HOLE, transform, auto: AUTO }]}
        active={0}
        onActiveChange={() => undefined}
        frameImage={frame}
        frameSize={FRAME}
        frameType={frameType}
        maxHeight={1000}
        onTransformChange={(_, next) => {
          onCommit(next);
          setTransform(next);
        }}
      />
    </div>
  );
}

function setup(frameType: 'frame' | 'background' = 'frame') {
  const commits: PhotoTransform[] = [];
  const onCommit = vi.fn((t: PhotoTransform) => commits.push(t));
  render(<Harness onCommit={onCommit} frameType={frameType} />);
  const surface = screen.getByRole('application', { name: 'Photo position' });
  return { commits, onCommit, surface, last: () => commits[commits.length - 1] };
}

/** A pixel of the drawn stage, in frame coordinates (the stage is at scale 1 here). */
function pixel(surface: HTMLElement, x: number, y: number): number[] {
  const canvas = surface.querySelector('canvas')!;
  const ratio = canvas.width / FRAME.width;
  const data = canvas.getContext('2d')!.getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data;
  return [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0];
}

const near = (actual: number[], expected: number[]) => actual.every((value, i) => Math.abs(value - (expected[i] ?? 0)) <= 8);

function pointer(target: HTMLElement, type: string, x: number, y: number, pointerId = 1) {
  const box = target.getBoundingClientRect();
  target.dispatchEvent(new PointerEvent(type, { pointerId, pointerType: 'touch', isPrimary: pointerId === 1, button: 0, clientX: box.left + x, clientY: box.top + y, bubbles: true, cancelable: true }));
}

function expectTransform(actual: PhotoTransform | undefined, expected: PhotoTransform) {
  expect(actual).toBeDefined();
  for (const key of ['x', 'y', 'scale', 'rotation'] as const) expect(actual?.[key]).toBeCloseTo(expected[key], 6);
}

describe('PhotoAdjuster', () => {
  it('draws the proxy under the frame, at the working-image transform', async () => {
    const { surface } = setup();
    expect(surface.style.width).toBe('500px');
    // Backed by device pixels, so it stays sharp on high-density screens.
    expect(surface.querySelector('canvas')!.width).toBe(Math.round(500 * window.devicePixelRatio));
    // Auto placement of a landscape photo: centred on the hole, 400 × 300 frame px, so its halves meet at x = 250.
    await expect.poll(() => near(pixel(surface, 200, 250), GREEN)).toBe(true);
    expect(near(pixel(surface, 300, 250), BLUE)).toBe(true);
    // Inside the photo but outside the hole: the frame is on top.
    expect(near(pixel(surface, 70, 250), RED)).toBe(true);
    expect(missingKeys.size).toBe(0);
  });

  it('draws the photo over the design for background campaigns', async () => {
    const { surface } = setup('background');
    await expect.poll(() => near(pixel(surface, 70, 250), GREEN)).toBe(true);
    expect(near(pixel(surface, 20, 20), RED)).toBe(true);
  });

  it('zooms at the pointer with the wheel and commits once the wheel rests', async () => {
    const { surface, onCommit, last } = setup();
    const box = surface.getBoundingClientRect();
    act(() => {
      surface.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, clientX: box.left + 200, clientY: box.top + 220, bubbles: true, cancelable: true }));
    });
    expect(onCommit).not.toHaveBeenCalled();
    await expect.poll(() => onCommit.mock.calls.length).toBe(1);
    expectTransform(last(), zoomAt(AUTO, wheelZoomFactor(-100), { x: 200, y: 220 }, PHOTO, HOLE));
  });

  it('announces the zoom and rotation a keyboard or button change left, politely, and nothing before', () => {
    const { surface } = setup();
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');
    act(() => {
      fireEvent.keyDown(surface, { key: '+' });
    });
    const zoomed = zoomAt(AUTO, 1.1, { x: 250, y: 250 }, PHOTO, HOLE);
    expect(status.textContent).toBe(`Zoom ${adjusterReading(zoomed, PHOTO, HOLE).zoom}%, rotation 0°`);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Rotate left 45°' }));
    });
    expect(status.textContent).toMatch(/^Zoom \d+%, rotation -45°$/);
  });

  it('pans with a drag, moving the node during the drag and committing only at the end', async () => {
    const { surface, onCommit, last } = setup();
    // Zoom in first (keyboard), so the photo has room to move both ways.
    act(() => {
      fireEvent.keyDown(surface, { key: '+' });
    });
    const zoomed = zoomAt(AUTO, 1.1, { x: 250, y: 250 }, PHOTO, HOLE);
    expectTransform(last(), zoomed);
    const stage = Konva.stages[Konva.stages.length - 1]!;
    const photoNode = stage.findOne('.photo')!;
    const before = photoNode.x();

    act(() => {
      pointer(surface, 'pointerdown', 250, 250);
      pointer(surface, 'pointermove', 240, 255);
      pointer(surface, 'pointermove', 230, 258);
    });
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(photoNode.x()).toBeCloseTo(pan(zoomed, -20, 8, PHOTO, HOLE).x, 6);
    expect(photoNode.x()).not.toBeCloseTo(before, 3);
    act(() => pointer(surface, 'pointerup', 230, 258));
    expect(onCommit).toHaveBeenCalledTimes(2);
    expectTransform(last(), pan(zoomed, -20, 8, PHOTO, HOLE));
  });

  it('pinches with two fingers: zoom about their midpoint', () => {
    const { surface, last } = setup();
    act(() => {
      pointer(surface, 'pointerdown', 200, 250, 1);
      pointer(surface, 'pointerdown', 300, 250, 2);
      pointer(surface, 'pointermove', 350, 250, 2);
      pointer(surface, 'pointerup', 350, 250, 2);
      pointer(surface, 'pointerup', 200, 250, 1);
    });
    // Distance 100 → 150 about the new midpoint (275, 250).
    expectTransform(last(), zoomAt(pan(AUTO, 25, 0, PHOTO, HOLE), 1.5, { x: 275, y: 250 }, PHOTO, HOLE));
  });

  it('moves with the arrow keys and zooms with + and −', () => {
    const { surface, last } = setup();
    act(() => {
      fireEvent.keyDown(surface, { key: '+' });
      fireEvent.keyDown(surface, { key: '+' });
    });
    const zoomed = zoomAt(zoomAt(AUTO, 1.1, { x: 250, y: 250 }, PHOTO, HOLE), 1.1, { x: 250, y: 250 }, PHOTO, HOLE);
    expectTransform(last(), zoomed);
    act(() => {
      fireEvent.keyDown(surface, { key: 'ArrowDown' });
    });
    expectTransform(last(), pan(zoomed, 0, 6, PHOTO, HOLE));
    act(() => {
      fireEvent.keyDown(surface, { key: '-' });
    });
    expectTransform(last(), zoomAt(pan(zoomed, 0, 6, PHOTO, HOLE), 1 / 1.1, { x: 250, y: 250 }, PHOTO, HOLE));
  });

  it('rotates with the ±45° buttons and the slider, and Reset restores the automatic placement', () => {
    const { last, onCommit } = setup();
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Rotate right 45°' }));
    });
    const right = rotateBy(AUTO, 45, PHOTO, HOLE);
    expectTransform(last(), right);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Rotate left 45°' }));
    });
    const back = rotateBy(right, -45, PHOTO, HOLE);
    expectTransform(last(), back);

    const slider = screen.getByRole('slider', { name: 'Rotate' });
    const calls = onCommit.mock.calls.length;
    act(() => {
      fireEvent.input(slider, { target: { value: '30' } });
    });
    // The slider moves the node live and commits on release.
    expect(onCommit).toHaveBeenCalledTimes(calls);
    act(() => {
      fireEvent.change(slider, { target: { value: '30' } });
    });
    expectTransform(last(), setRotation(back, 30, PHOTO, HOLE));

    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    });
    expect(last()).toEqual(AUTO);
    expect((slider as HTMLInputElement).value).toBe('0');
  });

  it('leaves no Konva stage behind after unmount', async () => {
    const before = Konva.stages.length;
    const { unmount } = render(<Harness onCommit={() => undefined} />);
    await expect.poll(() => Konva.stages.length).toBe(before + 1);
    unmount();
    expect(Konva.stages.length).toBe(before);
  });
});
