import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { Rect } from '../../../core/geometry.ts';
import type { HoleRegion } from '../../pipeline/index.ts';
import { missingKeys, setupTestI18n } from '../../testing/i18n.ts';
import { holeSummary } from './holeSummary.ts';

let en: TFunction;
let id: TFunction;
beforeAll(() => {
  const i18n = setupTestI18n('en');
  en = i18n.getFixedT('en');
  id = i18n.getFixedT('id');
});

const rect = (x: number, y: number, width: number, height: number): Rect => ({ x, y, width, height });
/** A region as the worker's holeRegions reports it; hard-edged with its own box as cover and body unless told. */
const region = (hole: Rect, shape: HoleRegion['shape'], more: Partial<HoleRegion> = {}): HoleRegion => ({ hole, cover: hole, body: hole, softEdge: false, shape, ...more });
const areas = (regions: HoleRegion[], width = 1080, height = 1080) => ({ width, height, holes: regions.map((r) => r.hole), regions });

describe('holeSummary', () => {
  it('names one rectangular hole with its place and size', () => {
    expect(holeSummary(areas([region(rect(340, 340, 400, 400), 'rectangle')]), 'frame', en)).toEqual(['1 hole found: a rectangular one (centre, 400 × 400 px).']);
    expect(holeSummary(areas([region(rect(340, 340, 400, 400), 'rectangle')]), 'frame', id)).toEqual(['1 lubang ditemukan: persegi panjang (tengah, 400 × 400 px).']);
  });

  it('says a round hole fades out and how far a supporter’s photo reaches', () => {
    const soft = region(rect(280, 280, 520, 520), 'ellipse', { hole: rect(330, 330, 420, 420), cover: rect(280, 280, 520, 520), softEdge: true });
    expect(holeSummary({ width: 1080, height: 1080, holes: [soft.hole], regions: [soft] }, 'frame', en)).toEqual([
      '1 hole found: a round one (centre, 420 × 420 px).',
      "Its edges fade out: a supporter's photo covers 520 × 520 px, the fading rim included.",
    ]);
    expect(holeSummary({ width: 1080, height: 1080, holes: [soft.hole], regions: [soft] }, 'frame', id)[1]).toBe(
      'Tepinya memudar: foto pendukung menutupi 520 × 520 px, termasuk tepi yang memudar.',
    );
  });

  it('says where faces go in a star: the largest rectangle inside it', () => {
    const star = region(rect(240, 200, 600, 580), 'other', { body: rect(390, 380, 300, 260) });
    expect(holeSummary(areas([star]), 'frame', en)).toEqual([
      '1 hole found: an irregular one (centre, 600 × 580 px).',
      'Star-shaped or irregular: faces are placed in its middle, the largest rectangle inside it (300 × 260 px).',
    ]);
  });

  it('lists two holes, largest first, and names the one that fades by its place', () => {
    const left = region(rect(60, 330, 420, 420), 'ellipse', { cover: rect(40, 310, 460, 460), softEdge: true });
    const right = region(rect(640, 350, 360, 380), 'rectangle');
    expect(holeSummary(areas([left, right]), 'frame', en)).toEqual([
      '2 holes found: a round one (left, 420 × 420 px) and a rectangular one (right, 360 × 380 px).',
      "The left hole's edges fade out: a supporter's photo covers 460 × 460 px there, the fading rim included.",
    ]);
    expect(holeSummary(areas([left, right]), 'frame', id)).toEqual([
      '2 lubang ditemukan: bulat (kiri, 420 × 420 px) dan persegi panjang (kanan, 360 × 380 px).',
      'Tepi lubang kiri memudar: foto pendukung menutupi 460 × 460 px di sana, termasuk tepi yang memudar.',
    ]);
  });

  it('lists three holes in a sentence, an oval and an irregular one among them', () => {
    const top = region(rect(390, 40, 300, 200), 'ellipse');
    const bottomLeft = region(rect(40, 800, 250, 250), 'other', { body: rect(90, 850, 150, 150) });
    const bottomRight = region(rect(800, 820, 240, 220), 'rectangle');
    expect(holeSummary(areas([top, bottomLeft, bottomRight]), 'frame', en)).toEqual([
      '3 holes found: an oval one (top, 300 × 200 px), an irregular one (bottom left, 250 × 250 px), and a rectangular one (bottom right, 240 × 220 px).',
      'The bottom left hole is star-shaped or irregular: faces are placed in its middle, the largest rectangle inside it (150 × 150 px).',
    ]);
    expect(holeSummary(areas([top, bottomLeft, bottomRight]), 'frame', id)[0]).toBe(
      '3 lubang ditemukan: lonjong (atas, 300 × 200 px), tak beraturan (kiri bawah, 250 × 250 px), dan persegi panjang (kanan bawah, 240 × 220 px).',
    );
  });

  it('sums up many holes by their sizes and counts', () => {
    const many = Array.from({ length: 6 }, (_, i) => region(rect(i * 170, 400, 160 - i * 10, 160 - i * 10), i < 2 ? 'other' : 'rectangle', { softEdge: i === 5, cover: rect(i * 170 - 5, 395, 170, 170) }));
    expect(holeSummary(areas(many), 'frame', en)).toEqual([
      '6 holes found, from 110 × 110 px to 160 × 160 px.',
      "One of them fades out at its edges: a supporter's photo covers its fading rim too.",
      '2 of them are star-shaped or irregular: faces are placed in the largest rectangle inside each.',
    ]);
  });

  it('speaks of photo areas in a background design, and of the whole design without holes', () => {
    expect(holeSummary({ width: 1080, height: 1350, holes: [], regions: [] }, 'background', en)).toEqual(['Photos go over the whole design']);
    expect(holeSummary({ width: 1080, height: 1350, holes: [], regions: null }, 'background', id)).toEqual(['Foto ditempatkan di atas seluruh desain']);
    expect(holeSummary(areas([region(rect(100, 100, 300, 300), 'ellipse')], 1080, 1350), 'background', en)).toEqual(['1 photo area found: a round one (top left, 300 × 300 px).']);
  });

  it('falls back to the count for a frame only the server checked, or regions that do not match the holes', () => {
    const holes = [rect(60, 330, 420, 420), rect(640, 350, 360, 380)];
    expect(holeSummary({ width: 1080, height: 1080, holes, regions: null }, 'frame', en)).toEqual(['2 holes found']);
    expect(holeSummary({ width: 1080, height: 1080, holes, regions: [region(holes[0]!, 'ellipse')] }, 'frame', en)).toEqual(['2 holes found']);
    expect(holeSummary({ width: 1080, height: 1080, holes: holes.slice(0, 1), regions: null }, 'background', id)).toEqual(['1 area foto ditemukan']);
    expect(holeSummary(null, 'frame', en)).toEqual([]);
    expect([...missingKeys]).toEqual([]);
  });
});
