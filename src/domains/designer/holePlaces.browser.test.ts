import { describe, expect, it } from 'vitest';
import type { DesignDocument, DesignElement, EllipseElement, GroupElement, RectElement, StarElement } from '../../../contract/design.ts';
import { drawDesign } from '../../../core/design/designRender.ts';
import type { Rect } from '../../../core/geometry.ts';
import { BODY_GRID, holePlaces } from './holePlaces.ts';

const common = { name: '', rotation: 0, opacity: 1, locked: false, hidden: false, hole: true, fill: null, stroke: null };
const ellipse = (id: string, x: number, y: number, width: number, height: number): EllipseElement => ({ ...common, id, type: 'ellipse', x, y, width, height });
const rect = (id: string, x: number, y: number, width: number, height: number, rotation = 0): RectElement => ({ ...common, id, type: 'rect', x, y, width, height, rotation, cornerRadius: 0 });
const star = (id: string, x: number, y: number, side: number): StarElement => ({ ...common, id, type: 'star', x, y, width: side, height: side, points: 5, innerRatio: 0.5 });

function design(elements: DesignElement[]): DesignDocument {
  return {
    schemaVersion: 2,
    id: 'holes',
    name: 'Holes',
    kind: 'frame',
    width: 1080,
    height: 1080,
    background: { kind: 'solid', color: '#ffffff' },
    elements,
    assets: {},
    templateId: null,
    updatedAt: '2026-11-26T08:00:00.000Z',
  };
}

/** The design as the export draws it: alpha of every pixel (holes cut through the white page). */
function alphaOf(document: DesignDocument): (x: number, y: number) => number {
  const context = new OffscreenCanvas(document.width, document.height).getContext('2d', { willReadFrequently: true })!;
  drawDesign(context, document, { get: () => undefined });
  const data = context.getImageData(0, 0, document.width, document.height).data;
  return (x, y) => data[(Math.floor(y) * document.width + Math.floor(x)) * 4 + 3]!;
}

/** Every sampled point of the body, one grid cell in from its edges, is cut out of the page. */
function expectInsideShape(body: Rect, bounds: Rect, alpha: (x: number, y: number) => number) {
  const inset = Math.max(bounds.width, bounds.height) / BODY_GRID;
  for (let i = 0; i <= 10; i++) {
    for (let j = 0; j <= 10; j++) {
      const x = body.x + inset + ((body.width - 2 * inset) * i) / 10;
      const y = body.y + inset + ((body.height - 2 * inset) * j) / 10;
      expect(alpha(x, y), `body point (${x.toFixed(1)}, ${y.toFixed(1)})`).toBeLessThan(128);
    }
  }
}

describe('holePlaces', () => {
  it('finds the square inside a circle, the middle of a star and the box of a plain rectangle', () => {
    const document = design([ellipse('circle', 100, 100, 400, 400), star('star', 600, 100, 400), rect('box', 100, 600, 300, 200)]);
    const places = holePlaces(document);
    expect(places).toHaveLength(3);
    const alpha = alphaOf(document);
    const [circle, box, starPlace] = [places.find((p) => p.bounds.x === 100 && p.bounds.y === 100)!, places.find((p) => p.bounds.y === 600)!, places.find((p) => p.bounds.x === 600)!];
    // A circle of radius 200 holds a square of side 200·√2 ≈ 283 around its centre (within a grid cell: 2.5 px).
    for (const [actual, expected] of [
      [circle.body.x, 300 - 100 * Math.SQRT2],
      [circle.body.y, 300 - 100 * Math.SQRT2],
      [circle.body.width, 200 * Math.SQRT2],
      [circle.body.height, 200 * Math.SQRT2],
    ] as const) {
      expect(Math.abs(actual - expected), JSON.stringify(circle.body)).toBeLessThanOrEqual(5);
    }
    expectInsideShape(circle.body, circle.bounds, alpha);
    // The star's body sits inside its arms, well within the box, and is where faces go.
    expect(starPlace.body.width * starPlace.body.height).toBeLessThan(0.4 * 400 * 400);
    expect(starPlace.body.width * starPlace.body.height).toBeGreaterThan(0.1 * 400 * 400);
    expectInsideShape(starPlace.body, starPlace.bounds, alpha);
    // A rectangle is its own body.
    for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(box.body[key] - box.bounds[key])).toBeLessThanOrEqual(2);
  });

  it('follows a hole turned by itself and by its group', () => {
    const group: GroupElement = { ...common, hole: false, id: 'g', type: 'group', x: 540, y: 300, rotation: 30, children: [rect('turned', 0, 0, 300, 300, 15)] };
    const document = design([group]);
    const [place] = holePlaces(document);
    // A square turned 45°: its bounds are a square of side 300·√2, its body the square of side 150·√2 in the middle.
    expect(place!.bounds.width).toBeCloseTo(300 * Math.SQRT2, 6);
    expect(Math.abs(place!.body.width - 150 * Math.SQRT2)).toBeLessThanOrEqual(8);
    expect(Math.abs(place!.body.x + place!.body.width / 2 - (place!.bounds.x + place!.bounds.width / 2))).toBeLessThanOrEqual(4);
    expectInsideShape(place!.body, place!.bounds, alphaOf(document));
  });
});
