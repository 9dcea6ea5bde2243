import { describe, expect, it } from 'vitest';
import { boxesIntersect, snapMove, unionBox } from './snapping.ts';

const PAGE = { width: 1000, height: 800 };

describe('snapMove', () => {
  it('snaps the centre to the page centre within the threshold and draws both centre guides', () => {
    // Centre at (497, 403): 3 px off both ways.
    const result = snapMove({ x: 447, y: 353, width: 100, height: 100 }, [], PAGE, 5);
    expect(result.dx).toBeCloseTo(3, 10);
    expect(result.dy).toBeCloseTo(-3, 10);
    expect(result.guides).toEqual(
      expect.arrayContaining([
        { orientation: 'vertical', position: 500, start: 0, end: 800 },
        { orientation: 'horizontal', position: 400, start: 0, end: 1000 },
      ]),
    );
  });

  it('leaves the box alone beyond the threshold', () => {
    expect(snapMove({ x: 440, y: 340, width: 100, height: 100 }, [], PAGE, 5)).toEqual({ dx: 0, dy: 0, guides: [] });
  });

  it('snaps edges to the page edges', () => {
    const result = snapMove({ x: -4, y: 702, width: 100, height: 100 }, [], PAGE, 5);
    expect(result.dx).toBeCloseTo(4, 10);
    expect(result.dy).toBeCloseTo(-2, 10);
  });

  it("snaps to another element's edge and the guide spans both boxes", () => {
    const other = { x: 100, y: 100, width: 200, height: 50 };
    // The moving box's left (302) is 2 px from the other's right (300).
    const result = snapMove({ x: 302, y: 600, width: 80, height: 80 }, [other], PAGE, 5);
    expect(result.dx).toBeCloseTo(-2, 10);
    expect(result.dy).toBe(0);
    expect(result.guides).toEqual([{ orientation: 'vertical', position: 300, start: 100, end: 680 }]);
  });

  it('picks the nearest of several candidates', () => {
    const result = snapMove({ x: 0, y: 0, width: 10, height: 10 }, [{ x: 13, y: 300, width: 10, height: 10 }], PAGE, 5);
    // Left edge 0 is already on the page edge; the other's left (13) is 3 px from our right (10): 0 wins.
    expect(result.dx).toBe(0);
    expect(result.guides.some((g) => g.orientation === 'vertical' && g.position === 0)).toBe(true);
  });
});

describe('box helpers', () => {
  it('unites and intersects boxes', () => {
    expect(unionBox([])).toBeNull();
    expect(unionBox([{ x: 0, y: 0, width: 10, height: 10 }, { x: 20, y: -5, width: 5, height: 5 }])).toEqual({ x: 0, y: -5, width: 25, height: 15 });
    expect(boxesIntersect({ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: 5, width: 10, height: 10 })).toBe(true);
    expect(boxesIntersect({ x: 0, y: 0, width: 10, height: 10 }, { x: 11, y: 0, width: 10, height: 10 })).toBe(false);
  });
});
