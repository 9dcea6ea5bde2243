import { describe, expect, it } from 'vitest';
import type { DesignDocument, DesignElement } from '../../../contract/design.ts';
import { applyCommand } from '../../../core/design/commands.ts';
import { designFixture } from '../../../core/testing/designFixture.ts';
import { alignCommand, canvasBounds, distributeCommand } from './alignElements.ts';

const base = { rotation: 0, opacity: 1, locked: false, hidden: false, hole: false, fill: null, stroke: null };
const rect = (id: string, x: number, y: number, width: number, height: number, extra: Partial<DesignElement> = {}): DesignElement =>
  ({ ...base, id, name: id, type: 'rect', x, y, width, height, cornerRadius: 0, ...extra }) as DesignElement;

function doc(elements: DesignElement[]): DesignDocument {
  return { ...designFixture(), elements, assets: {} };
}

const close = (box: { minX: number; minY: number; maxX: number; maxY: number } | null, expected: [number, number, number, number]) => {
  expect(box).not.toBeNull();
  [box!.minX, box!.minY, box!.maxX, box!.maxY].forEach((value, i) => expect(value).toBeCloseTo(expected[i]!, 6));
};

describe('canvasBounds', () => {
  it('includes the element’s own rotation and its groups’', () => {
    close(canvasBounds(doc([rect('a', 100, 100, 100, 50)]), 'a'), [100, 100, 200, 150]);
    // 90° about its origin: the box swings to the left of x.
    close(canvasBounds(doc([rect('a', 100, 100, 100, 50, { rotation: 90 })]), 'a'), [50, 100, 100, 200]);
    const group = { ...base, id: 'g', name: 'g', type: 'group', x: 500, y: 0, rotation: 90, children: [rect('child', 0, 0, 100, 50)] } as DesignElement;
    close(canvasBounds(doc([group]), 'child'), [450, 0, 500, 100]);
    close(canvasBounds(doc([group]), 'g'), [450, 0, 500, 100]);
    expect(canvasBounds(doc([group]), 'missing')).toBeNull();
  });
});

describe('alignCommand', () => {
  it('aligns to the selection’s edges and centres', () => {
    const design = doc([rect('a', 100, 100, 100, 50), rect('b', 300, 400, 50, 50)]);
    const left = applyCommand(design, alignCommand(design, ['a', 'b'], 'left', 'selection')!);
    expect([canvasBounds(left, 'a')!.minX, canvasBounds(left, 'b')!.minX]).toEqual([100, 100]);
    const middle = applyCommand(design, alignCommand(design, ['a', 'b'], 'middle', 'selection')!);
    expect([canvasBounds(middle, 'a')!.minY, canvasBounds(middle, 'b')!.minY]).toEqual([250, 250]);
  });

  it('aligns to the canvas, and a single element always to the canvas', () => {
    const design = doc([rect('a', 100, 100, 100, 50)]);
    const centred = applyCommand(design, alignCommand(design, ['a'], 'center', 'selection')!);
    expect(canvasBounds(centred, 'a')!.minX).toBe(490);
    const bottom = applyCommand(design, alignCommand(design, ['a'], 'bottom', 'canvas')!);
    expect(canvasBounds(bottom, 'a')!.maxY).toBe(1080);
  });

  it('moves an element inside a rotated group along the canvas axes', () => {
    const group = { ...base, id: 'g', name: 'g', type: 'group', x: 500, y: 0, rotation: 90, children: [rect('child', 0, 0, 100, 50)] } as DesignElement;
    const design = doc([group]);
    const next = applyCommand(design, alignCommand(design, ['child'], 'left', 'canvas')!);
    close(canvasBounds(next, 'child'), [0, 0, 50, 100]);
  });

  it('leaves locked elements and children of selected groups alone; null when nothing moves', () => {
    const design = doc([rect('a', 100, 100, 100, 50, { locked: true }), rect('b', 300, 400, 50, 50)]);
    const next = applyCommand(design, alignCommand(design, ['a', 'b'], 'left', 'selection')!);
    expect(canvasBounds(next, 'a')!.minX).toBe(100);
    expect(canvasBounds(next, 'b')!.minX).toBe(100);
    expect(alignCommand(next, ['a', 'b'], 'left', 'selection')).toBeNull();
    expect(alignCommand(design, ['a'], 'left', 'canvas')).toBeNull();
  });
});

describe('distributeCommand', () => {
  it('makes the gaps between three or more elements equal, the outer ones staying', () => {
    const design = doc([rect('a', 0, 0, 100, 10), rect('b', 120, 0, 50, 10), rect('c', 400, 0, 100, 10)]);
    const next = applyCommand(design, distributeCommand(design, ['c', 'a', 'b'], 'horizontal')!);
    expect(['a', 'b', 'c'].map((id) => canvasBounds(next, id)!.minX)).toEqual([0, 225, 400]);
    expect(distributeCommand(design, ['a', 'b'], 'horizontal')).toBeNull();
  });
});
