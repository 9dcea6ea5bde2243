import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { autoPlace, pan, type HoleFill, type PhotoTransform } from '../../pipeline/index.ts';
import type { Rect } from '../../../core/geometry.ts';
import { PhotoAdjuster, type AdjusterHole } from './PhotoAdjuster.tsx';
import { initBrowserTestI18n, missingBrowserKeys } from '../../testing/browserI18n.ts';

/** A red frame with two square windows side by side. */
const FRAME = { width: 600, height: 300 };
const LEFT: Rect = { x: 50, y: 50, width: 200, height: 200 };
const RIGHT: Rect = { x: 350, y: 50, width: 200, height: 200 };
/** Working sizes: a landscape photo (4:3) and a square one. */
const LANDSCAPE = { width: 2000, height: 1500 };
const SQUARE = { width: 1000, height: 1000 };
const RED = [220, 0, 0];
const GREEN = [0, 200, 0];
const BLUE = [0, 0, 220];
const YELLOW = [240, 200, 0];

async function bitmap(width: number, height: number, paint: (context: OffscreenCanvasRenderingContext2D) => void): Promise<ImageBitmap> {
  const canvas = new OffscreenCanvas(width, height);
  paint(canvas.getContext('2d')!);
  return createImageBitmap(canvas);
}
const fill = (context: OffscreenCanvasRenderingContext2D, color: number[], rect: [number, number, number, number]) => {
  context.fillStyle = `rgb(${color.join(',')})`;
  context.fillRect(...rect);
};

let halves: ImageBitmap;
let yellow: ImageBitmap;
let frame: ImageBitmap;

beforeAll(async () => {
  await initBrowserTestI18n();
  // Proxies at a fifth of the working size: left half green, right half blue; and plain yellow.
  halves = await bitmap(400, 300, (context) => {
    fill(context, GREEN, [0, 0, 200, 300]);
    fill(context, BLUE, [200, 0, 200, 300]);
  });
  yellow = await bitmap(200, 200, (context) => fill(context, YELLOW, [0, 0, 200, 200]));
  frame = await bitmap(FRAME.width, FRAME.height, (context) => {
    fill(context, RED, [0, 0, FRAME.width, FRAME.height]);
    for (const hole of [LEFT, RIGHT]) context.clearRect(hole.x, hole.y, hole.width, hole.height);
  });
});

afterEach(() => {
  cleanup();
  missingBrowserKeys.clear();
});

const autoIn = (photo: typeof LANDSCAPE, hole: Rect) => autoPlace({ photo, faces: [], hole });

/** Two holes held in React state as the support page holds them: the halves photo left, the yellow one right. */
function Harness({ onCommit, fillChoice }: { onCommit: (index: number, t: PhotoTransform) => void; fillChoice?: HoleFill | null }) {
  const [transforms, setTransforms] = useState([autoIn(LANDSCAPE, LEFT), autoIn(SQUARE, RIGHT)]);
  const [active, setActive] = useState(0);
  const holes: AdjusterHole[] = [
    { proxy: halves, photoSize: LANDSCAPE, cover: LEFT, transform: transforms[0]!, auto: autoIn(LANDSCAPE, LEFT) },
    { proxy: yellow, photoSize: SQUARE, cover: RIGHT, transform: transforms[1]!, auto: autoIn(SQUARE, RIGHT) },
  ];
  return (
    <div style={{ width: FRAME.width }}>
      <PhotoAdjuster
        holes={holes}
        active={active}
        onActiveChange={setActive}
        frameImage={frame}
        frameSize={FRAME}
        frameType="frame"
        maxHeight={1000}
        {...(fillChoice === undefined ? {} : { fill: fillChoice })}
        onTransformChange={(index, next) => {
          onCommit(index, next);
          setTransforms((list) => list.map((t, i) => (i === index ? next : t)));
        }}
      />
    </div>
  );
}

function setup(fillChoice?: HoleFill | null) {
  const commits: [number, PhotoTransform][] = [];
  const onCommit = vi.fn((index: number, t: PhotoTransform) => commits.push([index, t]));
  render(<Harness onCommit={onCommit} fillChoice={fillChoice} />);
  const surface = screen.getByRole('application', { name: /^Photo position/ });
  return { commits, onCommit, surface };
}

/** A pixel of the drawn stage, in frame coordinates (the stage is at scale 1 here). */
function pixel(surface: HTMLElement, x: number, y: number): number[] {
  const canvas = surface.querySelector('canvas')!;
  const ratio = canvas.width / FRAME.width;
  const data = canvas.getContext('2d')!.getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data;
  return [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0];
}

const near = (actual: number[], expected: number[], tolerance = 8) => actual.every((value, i) => Math.abs(value - (expected[i] ?? 0)) <= tolerance);

function pointer(target: HTMLElement, type: string, x: number, y: number) {
  const box = target.getBoundingClientRect();
  target.dispatchEvent(new PointerEvent(type, { pointerId: 1, pointerType: 'mouse', isPrimary: true, button: 0, clientX: box.left + x, clientY: box.top + y, bubbles: true, cancelable: true }));
}

const zoomOutFully = () => {
  for (let press = 0; press < 6; press++) fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
};

describe('PhotoAdjuster with two holes', () => {
  it("draws each hole's photo clipped to its hole, and names the edited one", async () => {
    const { surface } = setup();
    // The landscape photo is wider than the left hole, but clipped there it never reaches the right one.
    await expect.poll(() => near(pixel(surface, 100, 150), GREEN)).toBe(true);
    expect(near(pixel(surface, 200, 150), BLUE)).toBe(true);
    expect(near(pixel(surface, 450, 150), YELLOW)).toBe(true);
    expect(near(pixel(surface, 300, 150), RED)).toBe(true);
    expect(surface.getAttribute('aria-label')).toBe('Photo position, photo area 1 of 2');
    expect(screen.getByRole('radio', { name: 'Photo area 1' })).toHaveProperty('checked', true);
    expect(missingBrowserKeys.size).toBe(0);
  });

  it('a click in the other hole edits that hole without moving it; a drag then moves only that photo', () => {
    const { surface, commits } = setup();
    act(() => {
      pointer(surface, 'pointerdown', 450, 150);
      pointer(surface, 'pointermove', 430, 150);
      pointer(surface, 'pointerup', 430, 150);
    });
    expect(commits).toEqual([]);
    expect(surface.getAttribute('aria-label')).toBe('Photo position, photo area 2 of 2');
    expect(screen.getByRole('radio', { name: 'Photo area 2' })).toHaveProperty('checked', true);

    // Zoomed in first (keyboard acts on the edited hole too), so the square photo has room to move.
    act(() => {
      fireEvent.keyDown(surface, { key: '+' });
    });
    expect(commits.map(([index]) => index)).toEqual([1]);
    const zoomed = commits[0]![1];
    act(() => {
      pointer(surface, 'pointerdown', 450, 150);
      pointer(surface, 'pointermove', 440, 145);
      pointer(surface, 'pointerup', 440, 145);
    });
    expect(commits.map(([index]) => index)).toEqual([1, 1]);
    const moved = commits[1]![1];
    const expected = pan(zoomed, -10, -5, SQUARE, RIGHT);
    expect(moved.x).toBeCloseTo(expected.x, 6);
    expect(moved.y).toBeCloseTo(expected.y, 6);
  });

  it('switches holes with the keyboard through the photo-area radios', async () => {
    const { surface, commits } = setup();
    const first = screen.getByRole('radio', { name: 'Photo area 1' });
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.poll(() => surface.getAttribute('aria-label')).toBe('Photo position, photo area 2 of 2');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Photo area 2' }));
    // Tab goes on to the surface, whose keys now act on the right photo.
    await userEvent.keyboard('{Tab}');
    expect(document.activeElement).toBe(surface);
    await userEvent.keyboard('+');
    await expect.poll(() => commits.map(([index]) => index)).toEqual([1]);
  });

  it('shows the chosen fill where the zoomed-out photo leaves its hole uncovered', async () => {
    const { surface } = setup({ kind: 'color', color: '#00ffff' });
    await expect.poll(() => near(pixel(surface, 100, 55), GREEN)).toBe(true);
    act(zoomOutFully);
    // All of the 4:3 photo visible: 200 × 150 px in the middle of the 200 px hole, 25 px of fill above and below.
    await expect.poll(() => near(pixel(surface, 100, 55), [0, 255, 255])).toBe(true);
    expect(near(pixel(surface, 100, 245), [0, 255, 255])).toBe(true);
    expect(near(pixel(surface, 100, 150), GREEN)).toBe(true);
    // Only inside the hole: the frame around it stays.
    expect(near(pixel(surface, 100, 45), RED)).toBe(true);
  });

  it("previews the edge fill in the mean colour of the photo's outermost pixels", async () => {
    const { surface } = setup({ kind: 'edge' });
    act(zoomOutFully);
    // As many green as blue pixels around the halves photo: their mean.
    await expect.poll(() => near(pixel(surface, 150, 60), [0, 100, 110])).toBe(true);
  });

  it('previews the blurred photo by default, and a checkerboard for transparent', async () => {
    const blurred = setup();
    act(zoomOutFully);
    // The stretched, blurred copy continues the photo: green over the left part, never the stage's grey.
    await expect.poll(() => {
      const [r = 0, g = 0, b = 0] = pixel(blurred.surface, 80, 55);
      return g > 120 && r < 60 && b < 100;
    }).toBe(true);
    cleanup();

    const clear = setup({ kind: 'transparent' });
    act(zoomOutFully);
    await expect.poll(() => {
      const colors = [62, 70, 78].map((x) => pixel(clear.surface, x, 62));
      return colors.every((c) => near(c, [255, 255, 255], 4) || near(c, [212, 212, 216], 4)) && colors.some((c) => near(c, [255, 255, 255], 4));
    }).toBe(true);
  });
});
