/** A realistic design for tests: groups (nested, rotated), text, an image asset, holes, a locked element. */
import type { DesignDocument, DesignElement } from '../../contract/design.ts';

const base = { rotation: 0, opacity: 1, locked: false, hidden: false, hole: false };
const blue = { kind: 'solid', color: '#2563eb' } as const;

export function designFixture(): DesignDocument {
  const elements: DesignElement[] = [
    { ...base, id: 'bg', name: 'Backdrop', type: 'rect', x: 0, y: 0, width: 1080, height: 1080, cornerRadius: 0, fill: { kind: 'linear', angle: 90, stops: [{ offset: 0, color: '#ffffff' }, { offset: 1, color: '#2563eb80' }] }, stroke: null, locked: true },
    { ...base, id: 'hole', name: 'Photo hole', type: 'ellipse', x: 240, y: 240, width: 600, height: 600, fill: { kind: 'solid', color: '#000000' }, stroke: null, hole: true },
    {
      ...base,
      id: 'badge',
      name: 'Badge',
      type: 'group',
      x: 540,
      y: 100,
      rotation: 90,
      opacity: 0.5,
      children: [
        { ...base, id: 'star', name: 'Star', type: 'star', x: 10, y: 20, width: 120, height: 120, points: 5, innerRatio: 0.5, fill: blue, stroke: { color: '#111111', width: 4 }, rotation: 15 },
        { ...base, id: 'label', name: 'Label', type: 'text', x: 0, y: 150, width: 300, text: 'Merdeka!', fontFamily: 'bebas-neue', fontSize: 64, fontWeight: 700, italic: false, underline: true, align: 'center', letterSpacing: 2, lineHeight: 1.2, fill: { kind: 'solid', color: '#dc2626' }, stroke: { color: '#ffffff', width: 2 } },
        {
          ...base,
          id: 'inner',
          name: 'Inner',
          type: 'group',
          x: 40,
          y: -30,
          children: [
            { ...base, id: 'poly', name: 'Hexagon', type: 'polygon', x: 0, y: 0, width: 80, height: 80, sides: 6, fill: blue, stroke: null },
            { ...base, id: 'rule', name: 'Rule', type: 'line', x: 0, y: 100, width: 200, height: 6, color: '#111111', cap: 'round', dash: [10, 5] },
          ],
        },
      ],
    },
    { ...base, id: 'logo', name: 'Logo', type: 'image', x: 800, y: 900, width: 200, height: 100, assetId: 'asset1', opacity: 0.9 },
    { ...base, id: 'title', name: 'Title', type: 'text', x: 140, y: 960, width: 800, text: 'Hari Kemerdekaan', fontFamily: 'inter', fontSize: 72, fontWeight: 400, italic: true, underline: false, align: 'center', letterSpacing: 0, lineHeight: 1.2, fill: { kind: 'solid', color: '#111111' }, stroke: null },
  ];
  return {
    schemaVersion: 2,
    id: 'doc1',
    name: 'Independence day',
    kind: 'frame',
    width: 1080,
    height: 1080,
    background: null,
    elements,
    assets: { asset1: { mime: 'image/png', width: 400, height: 200, data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==' } },
    templateId: null,
    updatedAt: '2026-11-26T08:00:00.000Z',
  };
}

/** Freezes a value and everything inside it, so a test fails loudly if code mutates its input. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
