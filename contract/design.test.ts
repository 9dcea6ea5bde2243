import { describe, expect, it } from 'vitest';
import { DESIGN_LIMITS, designDocument, designProblems, walkElements, type DesignDocument, type DesignElement } from './design.ts';

const base = { rotation: 0, opacity: 1, locked: false, hidden: false, hole: false };
const rect = (id: string): DesignElement => ({ ...base, id, name: id, type: 'rect', x: 0, y: 0, width: 10, height: 10, cornerRadius: 0, fill: { kind: 'solid', color: '#000000' }, stroke: null });
const group = (id: string, children: DesignElement[]): DesignElement => ({ ...base, id, name: id, type: 'group', x: 0, y: 0, children });

function valid(): DesignDocument {
  return {
    schemaVersion: 2,
    id: 'doc1',
    name: 'Frame',
    kind: 'frame',
    width: 1080,
    height: 1350,
    background: { kind: 'linear', angle: 45, stops: [{ offset: 0, color: '#ffffff' }, { offset: 1, color: '#00000080' }] },
    elements: [
      { ...base, id: 'hole', name: 'Photo hole', type: 'ellipse', x: 240, y: 240, width: 600, height: 600, fill: { kind: 'solid', color: '#000000' }, stroke: null, hole: true },
      group('g', [
        { ...base, id: 'star', name: 'Star', type: 'star', x: 0, y: 0, width: 50, height: 50, points: 5, innerRatio: 0.5, fill: { kind: 'radial', stops: [{ offset: 0, color: '#ff0000' }, { offset: 1, color: '#0000ff' }] }, stroke: { color: '#111111', width: 2 } },
        { ...base, id: 'poly', name: 'Hexagon', type: 'polygon', x: 0, y: 0, width: 50, height: 50, sides: 6, fill: null, stroke: null },
        { ...base, id: 'text', name: 'Text', type: 'text', x: 0, y: 0, width: 300, text: 'Halo', fontFamily: 'pacifico', fontSize: 48, fontWeight: 700, italic: true, underline: false, align: 'right', letterSpacing: 1, lineHeight: 1.4, fill: { kind: 'solid', color: '#111111' }, stroke: null },
      ]),
      { ...base, id: 'line', name: 'Line', type: 'line', x: 0, y: 1200, width: 1080, height: 4, color: '#111111', cap: 'butt', dash: [4, 4] },
      { ...base, id: 'pic', name: 'Logo', type: 'image', x: 10, y: 10, width: 100, height: 100, assetId: 'logo' },
    ],
    assets: { logo: { mime: 'image/webp', width: 100, height: 100, data: 'UklGRg==' } },
    templateId: 'independence-day',
    updatedAt: '2026-11-26T08:00:00.000Z',
  };
}

/** The first path zod complains about, or null when the document parses. */
function problemPath(document: unknown): string | null {
  const result = designDocument.safeParse(document);
  return result.success ? null : result.error.issues[0]!.path.join('.');
}

const withElement = (element: unknown): unknown => ({ ...valid(), elements: [element] });

describe('designDocument', () => {
  it('parses a valid document unchanged, with no problems', () => {
    expect(designDocument.parse(valid())).toEqual(valid());
    expect(designProblems(valid())).toEqual([]);
    expect([...walkElements(valid().elements)].map(({ element, depth }) => `${element.id}@${depth}`)).toEqual(['hole@0', 'g@0', 'star@1', 'poly@1', 'text@1', 'line@0', 'pic@0']);
  });

  it('refuses bad colours', () => {
    expect(problemPath({ ...valid(), background: { kind: 'solid', color: 'red' } })).toBe('background.color');
    expect(problemPath(withElement({ ...rect('r'), fill: { kind: 'solid', color: '#12345' } }))).not.toBeNull();
    expect(problemPath(withElement({ ...rect('r'), stroke: { color: '#gggggg', width: 1 } }))).not.toBeNull();
    expect(problemPath(withElement({ ...rect('r'), fill: { kind: 'linear', angle: 0, stops: [{ offset: 0, color: '#ffffff' }] } }))).not.toBeNull();
    expect(problemPath(withElement({ ...rect('r'), fill: { kind: 'solid', color: '#11223344' } }))).toBeNull();
  });

  it('refuses bad sizes and numbers', () => {
    expect(problemPath({ ...valid(), width: DESIGN_LIMITS.minSide - 1 })).toBe('width');
    expect(problemPath({ ...valid(), height: DESIGN_LIMITS.maxSide + 1 })).toBe('height');
    expect(problemPath({ ...valid(), width: 1080.5 })).toBe('width');
    expect(problemPath(withElement({ ...rect('r'), width: -1 }))).not.toBeNull();
    expect(problemPath(withElement({ ...rect('r'), x: Number.NaN }))).not.toBeNull();
    expect(problemPath(withElement({ ...rect('r'), opacity: 1.5 }))).not.toBeNull();
    expect(problemPath(withElement({ ...(valid().elements[1] as { children: DesignElement[] }).children[2], fontSize: 5 }))).not.toBeNull();
    expect(problemPath(withElement({ ...(valid().elements[1] as { children: DesignElement[] }).children[1], sides: 13 }))).not.toBeNull();
  });

  it('refuses unknown fields, types and versions', () => {
    expect(problemPath({ ...valid(), extra: true })).toBe('');
    expect(problemPath(withElement({ ...rect('r'), scaleX: 2 }))).not.toBeNull();
    expect(problemPath(withElement({ ...rect('r'), type: 'hole' }))).not.toBeNull();
    expect(problemPath(withElement(group('g', [{ ...rect('r'), extra: 1 } as unknown as DesignElement])))).not.toBeNull();
    expect(problemPath({ ...valid(), schemaVersion: 1 })).toBe('schemaVersion');
    expect(problemPath({ ...valid(), id: 'has space' })).toBe('id');
    expect(problemPath({ ...valid(), assets: { logo: { ...valid().assets.logo, mime: 'image/gif' } } })).not.toBeNull();
  });

  it('designProblems reports duplicate ids, missing assets, depth and counts', () => {
    expect(designProblems({ ...valid(), elements: [rect('a'), group('g', [rect('a')])] })).toEqual(['DUPLICATE_ID']);
    expect(designProblems({ ...valid(), assets: {} })).toEqual(['MISSING_ASSET']);
    const deep = group('g1', [group('g2', [group('g3', [group('g4', [rect('leaf')])])])]);
    expect(designProblems({ ...valid(), elements: [deep] })).toEqual(['TOO_DEEP']);
    const many = Array.from({ length: DESIGN_LIMITS.maxElements + 1 }, (_, i) => rect(`r${i}`));
    expect(designProblems({ ...valid(), elements: many })).toEqual(['TOO_MANY_ELEMENTS']);
  });
});
