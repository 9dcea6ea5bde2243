import { describe, expect, it } from 'vitest';
import { DESIGN_SCHEMA_VERSION, designDocument, designElement, designProblems } from '../../contract/design.ts';
import { blankDocument, defaultElement, defaultHole, newElementId } from './defaultElements.ts';
import { deepFreeze, designFixture } from '../testing/designFixture.ts';

const doc = deepFreeze(designFixture());

describe('newElementId', () => {
  it('is url-safe, short and random', () => {
    const many = Array.from({ length: 500 }, newElementId);
    for (const id of many) expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(new Set(many).size).toBe(500);
  });
});

describe('defaultElement', () => {
  it('makes valid shapes centred on the canvas, a third of the short side', () => {
    const wide = { ...doc, width: 1920, height: 1080 };
    for (const type of ['rect', 'ellipse', 'polygon', 'star'] as const) {
      const element = defaultElement(type, wide);
      expect(designElement.safeParse(element).success).toBe(true);
      expect(element).toMatchObject({ type, width: 360, height: 360, x: 780, y: 360, fill: { kind: 'solid', color: '#2563eb' }, stroke: null, hole: false });
    }
    expect(defaultElement('rect', doc)).toMatchObject({ cornerRadius: 0 });
    expect(defaultElement('polygon', doc)).toMatchObject({ sides: 6 });
    expect(defaultElement('star', doc)).toMatchObject({ points: 5, innerRatio: 0.5 });
    expect(defaultElement('rect', doc).id).not.toBe(defaultElement('rect', doc).id);
  });

  it('names a new element after its type, numbered when the design already has one of that name', () => {
    expect(defaultElement('rect', doc).name).toBe('Rectangle');
    expect(defaultElement('star', doc).name).toBe('Star 2');
    const withText = { ...doc, elements: [...doc.elements, defaultElement('text', doc)] };
    expect(defaultElement('text', withText).name).toBe('Text 2');
    expect(defaultElement('image', doc, { assetId: 'asset1', name: 'Poster' }).name).toBe('Poster');
  });

  it('makes text and lines', () => {
    const text = defaultElement('text', doc);
    expect(designElement.safeParse(text).success).toBe(true);
    // Light with a dark outline: readable on light and dark art alike.
    expect(text).toMatchObject({ text: 'Your text', fontFamily: 'inter', fontSize: 72, align: 'center', fill: { kind: 'solid', color: '#ffffff' }, stroke: { color: '#111111', width: 5 } });
    expect(text.x + text.width / 2).toBeCloseTo(540);
    const line = defaultElement('line', doc);
    expect(designElement.safeParse(line).success).toBe(true);
    expect(line).toMatchObject({ color: '#111111', height: 8, cap: 'round', y: 536 });
  });

  it('fits an image within 60 % of the canvas and applies overrides', () => {
    const big = { ...doc, assets: { ...doc.assets, huge: { mime: 'image/jpeg' as const, width: 2000, height: 1000, data: 'AA==' } } };
    const image = defaultElement('image', big, { assetId: 'huge', name: 'Poster' });
    expect(designElement.safeParse(image).success).toBe(true);
    expect(image).toMatchObject({ width: 648, height: 324, x: 216, y: 378, assetId: 'huge', name: 'Poster' });
    expect(defaultElement('image', doc, { assetId: 'asset1' })).toMatchObject({ width: 400, height: 200 });
    expect(() => defaultElement('image', doc)).toThrow(/needs the id of an asset/);
    expect(() => defaultElement('image', doc, { assetId: 'ghost' })).toThrow(/"ghost"/);
  });
});

describe('defaultHole', () => {
  it('makes black hole shapes of 60 % of the short side', () => {
    const shapes = { circle: 'ellipse', 'rounded-rect': 'rect', star: 'star', polygon: 'polygon' } as const;
    for (const [shape, type] of Object.entries(shapes)) {
      const hole = defaultHole(shape as keyof typeof shapes, doc);
      expect(designElement.safeParse(hole).success).toBe(true);
      // The fixture has a "Photo hole" already.
      expect(hole).toMatchObject({ type, hole: true, name: 'Photo hole 2', width: 648, height: 648, x: 216, y: 216, fill: { kind: 'solid', color: '#000000' } });
    }
    expect(defaultHole('rounded-rect', doc)).toMatchObject({ cornerRadius: 64.8 });
  });
});

describe('blankDocument', () => {
  it('makes a valid empty design', () => {
    const frame = blankDocument({ name: 'Mine', kind: 'frame', width: 1080, height: 1350 });
    expect(designDocument.parse(frame)).toEqual(frame);
    expect(designProblems(frame)).toEqual([]);
    expect(frame).toMatchObject({ schemaVersion: DESIGN_SCHEMA_VERSION, background: null, elements: [], assets: {}, templateId: null });
    expect(blankDocument({ id: 'x1', name: 'B', kind: 'background', width: 1080, height: 1080 })).toMatchObject({ id: 'x1', background: { kind: 'solid', color: '#ffffff' } });
    expect(blankDocument({ name: 'B', kind: 'background', width: 1080, height: 1080, background: null }).background).toBeNull();
  });
});
