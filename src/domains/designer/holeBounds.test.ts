import { describe, expect, it } from 'vitest';
import type { DesignElement, EllipseElement, GroupElement, RectElement, TextElement } from '../../../contract/design.ts';
import { holeBoundsList } from './holeBounds.ts';

const common = { name: '', rotation: 0, opacity: 1, locked: false, hidden: false, hole: false };
const rect = (id: string, patch: Partial<RectElement> = {}): RectElement => ({
  ...common,
  id,
  type: 'rect',
  x: 0,
  y: 0,
  width: 100,
  height: 100,
  fill: { kind: 'solid', color: '#000000' },
  stroke: null,
  cornerRadius: 0,
  ...patch,
});
const ellipse = (id: string, patch: Partial<EllipseElement> = {}): EllipseElement => ({
  ...common,
  id,
  type: 'ellipse',
  x: 0,
  y: 0,
  width: 100,
  height: 100,
  fill: { kind: 'solid', color: '#000000' },
  stroke: null,
  ...patch,
});
const group = (id: string, children: DesignElement[], patch: Partial<GroupElement> = {}): GroupElement => ({ ...common, id, type: 'group', x: 0, y: 0, children, ...patch });
const doc = (elements: DesignElement[], width = 1080, height = 1080) => ({ width, height, elements });
/** The largest hole's bounds, or null: the first of the list. */
const holeBounds = (...args: Parameters<typeof holeBoundsList>) => holeBoundsList(...args)[0] ?? null;

const expectBounds = (actual: ReturnType<typeof holeBounds>, expected: { x: number; y: number; width: number; height: number }) => {
  expect(actual).not.toBeNull();
  for (const key of ['x', 'y', 'width', 'height'] as const) expect(actual?.[key]).toBeCloseTo(expected[key], 6);
};

describe('holeBounds', () => {
  it('is null without a hole, and ignores hidden, transparent and off-canvas holes', () => {
    expect(holeBounds(doc([rect('a', { width: 500, height: 500 })]))).toBeNull();
    expect(holeBounds(doc([rect('a', { hole: true, hidden: true }), rect('b', { hole: true, opacity: 0 }), rect('c', { hole: true, x: 2000 })]))).toBeNull();
    // A hidden group hides the hole inside it.
    expect(holeBounds(doc([group('g', [rect('a', { hole: true })], { hidden: true })]))).toBeNull();
  });

  it('gives a plain hole its box, and picks the largest of several', () => {
    const small = rect('s', { hole: true, x: 10, y: 20, width: 100, height: 50 });
    const large = ellipse('l', { hole: true, x: 300, y: 200, width: 400, height: 600 });
    expectBounds(holeBounds(doc([large, small])), { x: 300, y: 200, width: 400, height: 600 });
    expect(holeBoundsList(doc([small, large]))).toHaveLength(2);
    expectBounds(holeBoundsList(doc([small, large]))[1] ?? null, { x: 10, y: 20, width: 100, height: 50 });
  });

  it('turns a rotated rectangle about its origin and bounds its corners', () => {
    // A 200 × 100 box at (500, 500) turned 90° clockwise covers x ∈ [400, 500], y ∈ [500, 700].
    expectBounds(holeBounds(doc([rect('r', { hole: true, x: 500, y: 500, width: 200, height: 100, rotation: 90 })])), { x: 400, y: 500, width: 100, height: 200 });
    // 45°: a 100-square's diagonal stands upright.
    const d = 100 * Math.SQRT2;
    expectBounds(holeBounds(doc([rect('r', { hole: true, x: 500, y: 500, rotation: 45 })])), { x: 500 - d / 2, y: 500, width: d, height: d });
  });

  it('bounds a rotated ellipse exactly, tighter than its box', () => {
    // A circle keeps its bounds under any rotation, about its centre as it turns about the origin.
    const circle = holeBounds(doc([ellipse('c', { hole: true, x: 500, y: 500, width: 200, height: 200, rotation: 90 })]));
    expectBounds(circle, { x: 300, y: 500, width: 200, height: 200 });
    // A 400 × 200 ellipse at 45°: half extents √(200²/2 + 100²/2) on both axes.
    const e = Math.sqrt((200 ** 2 + 100 ** 2) / 2);
    const turned = holeBounds(doc([ellipse('e', { hole: true, x: 500, y: 300, width: 400, height: 200, rotation: 45 })]));
    const cx = 500 + 200 * Math.SQRT1_2 - 100 * Math.SQRT1_2;
    const cy = 300 + 200 * Math.SQRT1_2 + 100 * Math.SQRT1_2;
    expectBounds(turned, { x: cx - e, y: cy - e, width: 2 * e, height: 2 * e });
  });

  it('applies the transforms of the groups around a hole', () => {
    // The group at (600, 100) turned 90°: its child's (100, 0) lands at (600, 200), and the child's own 0° box turns too.
    const nested = group('g', [rect('r', { hole: true, x: 100, y: 0, width: 200, height: 100 })], { x: 600, y: 100, rotation: 90 });
    expectBounds(holeBounds(doc([nested])), { x: 500, y: 200, width: 100, height: 200 });
    // Two levels: the rotations add up (45° + 45° = 90°).
    const twice = group('o', [group('i', [rect('r', { hole: true, width: 200, height: 100 })], { rotation: 45 })], { x: 600, y: 100, rotation: 45 });
    expectBounds(holeBounds(doc([twice])), { x: 500, y: 100, width: 100, height: 200 });
  });

  it('counts a hole group as one hole: the union of its visible children', () => {
    const holeGroup = group('g', [rect('a', { x: 0, y: 0 }), rect('b', { x: 300, y: 200 }), rect('c', { x: 900, y: 900, hidden: true })], { x: 100, y: 100, hole: true });
    const single = rect('s', { hole: true, x: 700, y: 700, width: 150, height: 150 });
    // The group's cut (2 × 100²) is smaller than the single 150² hole.
    expectBounds(holeBounds(doc([holeGroup, single])), { x: 700, y: 700, width: 150, height: 150 });
    expectBounds(holeBoundsList(doc([holeGroup, single]))[1] ?? null, { x: 100, y: 100, width: 400, height: 300 });
  });

  it('clips a hole to the canvas, and ranks it by the part on the canvas', () => {
    const bleeding = rect('b', { hole: true, x: -500, y: 0, width: 600, height: 600 });
    const inside = rect('i', { hole: true, x: 500, y: 500, width: 300, height: 300 });
    expectBounds(holeBounds(doc([bleeding, inside])), { x: 500, y: 500, width: 300, height: 300 });
    expectBounds(holeBounds(doc([bleeding])), { x: 0, y: 0, width: 100, height: 600 });
  });

  it('measures text holes with the given measure (their height comes from the layout)', () => {
    const text: TextElement = {
      ...common,
      id: 't',
      type: 'text',
      hole: true,
      x: 100,
      y: 100,
      width: 500,
      text: 'BIG\nTEXT',
      fontFamily: 'inter',
      fontSize: 100,
      fontWeight: 700,
      italic: false,
      underline: false,
      align: 'left',
      letterSpacing: 0,
      lineHeight: 1.2,
      fill: { kind: 'solid', color: '#000000' },
      stroke: null,
    };
    expectBounds(holeBounds(doc([text])), { x: 100, y: 100, width: 500, height: 240 });
    expectBounds(holeBounds(doc([text]), () => ({ width: 500, height: 300 })), { x: 100, y: 100, width: 500, height: 300 });
    expect(holeBounds(doc([text]), () => ({ width: 500, height: 0 }))).toBeNull();
  });
});
