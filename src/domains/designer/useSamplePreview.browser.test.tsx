/**
 * The designer's live preview on a two-hole design, on real canvas pixels: the face sample is placed into each
 * hole (holePlaces → sampleUnderlays, as useSamplePreview does) and DesignCanvas draws each photo clipped to its
 * hole, so the right hole's photo, drawn last, does not cover the left hole.
 */
import { cleanup, render, screen } from '@testing-library/react';
import Konva from 'konva';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DesignDocument, EllipseElement, RectElement } from '../../../contract/design.ts';
import { initBrowserTestI18n, missingBrowserKeys } from '../../testing/browserI18n.ts';
import { DesignCanvas } from './DesignCanvas.tsx';
import { useDesignStore } from './designStore.ts';
import { useDesignViewStore } from './designViewStore.ts';
import { holePlaces } from './holePlaces.ts';
import { sampleUnderlays, type LoadedSample } from './useSamplePreview.ts';

const BLUE = [20, 60, 200];
const RED = [220, 20, 20];
const WHITE = [255, 255, 255];

const common = { name: '', rotation: 0, opacity: 1, locked: false, hidden: false, hole: true, fill: null, stroke: null };
const round: EllipseElement = { ...common, id: 'round', name: 'Round hole', type: 'ellipse', x: 60, y: 330, width: 420, height: 420 };
const square: RectElement = { ...common, id: 'square', name: 'Square hole', type: 'rect', x: 640, y: 350, width: 360, height: 380, cornerRadius: 0 };

const twoHoles: DesignDocument = {
  schemaVersion: 2,
  id: 'two',
  name: 'Two holes',
  kind: 'frame',
  width: 1080,
  height: 1080,
  background: { kind: 'solid', color: '#ffffff' },
  elements: [round, square],
  assets: {},
  templateId: null,
  updatedAt: '2026-11-26T08:00:00.000Z',
};

/** A 1280 × 960 proxy of a 4000 × 3000 photo: blue, with one red face in its middle (working px 1800–2200 × 1300–1700). */
let sample: LoadedSample;

beforeAll(async () => {
  await initBrowserTestI18n();
  const photo = new OffscreenCanvas(1280, 960);
  const context = photo.getContext('2d')!;
  context.fillStyle = `rgb(${BLUE.join(',')})`;
  context.fillRect(0, 0, 1280, 960);
  context.fillStyle = `rgb(${RED.join(',')})`;
  context.fillRect(1800 * 0.32, 1300 * 0.32, 400 * 0.32, 400 * 0.32);
  sample = { image: await createImageBitmap(photo), size: { width: 4000, height: 3000 }, faces: [{ box: { x: 1800, y: 1300, width: 400, height: 400 }, score: 0.9, keypoints: [] }] };
});

beforeEach(() => {
  useDesignStore.getState().load(twoHoles);
  useDesignViewStore.setState({ zoom: 1, x: 0, y: 0, fitRequest: 0 });
});

afterEach(() => {
  cleanup();
  expect([...missingBrowserKeys]).toEqual([]);
});

/** What the screen shows at a document point: the stage's layer canvases composited in order. */
function pixel(surface: HTMLElement, x: number, y: number): number[] {
  const canvases = [...surface.querySelectorAll('canvas')];
  const out = new OffscreenCanvas(canvases[0]!.width, canvases[0]!.height);
  const context = out.getContext('2d')!;
  for (const canvas of canvases) context.drawImage(canvas, 0, 0);
  const ratio = canvases[0]!.width / surface.clientWidth;
  const { zoom, x: vx, y: vy } = useDesignViewStore.getState();
  const data = context.getImageData(Math.round((vx + x * zoom) * ratio), Math.round((vy + y * zoom) * ratio), 1, 1).data;
  return [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0];
}

const near = (actual: number[], expected: number[]) => actual.every((value, i) => Math.abs(value - (expected[i] ?? 0)) <= 12);

describe('the designer’s sample preview', () => {
  it('shows the face in both holes of a two-hole design, each photo clipped to its hole', async () => {
    const places = holePlaces(twoHoles);
    const underlays = sampleUnderlays(sample, places);
    expect(underlays).toHaveLength(2);
    render(
      <div style={{ width: 600, height: 600, display: 'grid' }}>
        <DesignCanvas underlays={underlays} />
      </div>,
    );
    const surface = screen.getByRole('application', { name: 'Design canvas' });
    // The page draws (white outside the holes).
    await expect.poll(() => near(pixel(surface, 540, 150), WHITE)).toBe(true);

    // Two underlay groups on the stage, each clipped to its hole's bounds.
    const stage = Konva.stages.at(-1)!;
    const clips = stage.find<Konva.Group>('.sample-underlay').map((group) => [group.clipX(), group.clipY(), group.clipWidth(), group.clipHeight()]);
    expect(clips).toEqual(places.map(({ bounds }) => [bounds.x, bounds.y, bounds.width, bounds.height]));

    for (const { body } of places) {
      // The face sits in the middle of each hole's body…
      expect(near(pixel(surface, body.x + body.width / 2, body.y + body.height / 2), RED), `face in ${JSON.stringify(body)}`).toBe(true);
      // …with the rest of the photo around it, inside the hole.
      expect(near(pixel(surface, body.x + body.width / 2, body.y + 0.85 * body.height), BLUE), `photo in ${JSON.stringify(body)}`).toBe(true);
    }
    // Between the holes the page is opaque: no photo there.
    expect(near(pixel(surface, 560, 540), WHITE)).toBe(true);
  });
});
