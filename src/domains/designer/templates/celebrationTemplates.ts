import type { DesignElement } from '../../../../contract/design.ts';
import { at, defineTemplate, linear, solid, stroke, type DesignTemplate, type Kit } from './templateKit.ts';

const PARTY = ['#ff5d8f', '#ffb703', '#3a86ff', '#8338ec', '#06d6a0'] as const;
const GOLD = '#e9c46a';

function balloon(k: Kit, cx: number, cy: number, color: string, tilt: number): DesignElement {
  return k.group('Balloon', [
    k.line(cx, cy + 68, cx + tilt, cy + 260, '#6b6b8a', 3),
    k.polygon({ name: 'Knot', ...at(cx, cy + 72, 22, 22), fill: solid(color), sides: 3 }),
    k.ellipse({ name: 'Balloon', ...at(cx, cy, 112, 138), fill: solid(color) }),
    k.ellipse({ name: 'Shine', ...at(cx - 24, cy - 34, 22, 40, 30), fill: solid('#ffffff'), opacity: 0.55 }),
  ]);
}

const birthday = defineTemplate({
  id: 'birthday-confetti',
  category: 'celebrations',
  name: 'birthdayConfetti',
  width: 1080,
  height: 1080,
  background: linear(45, '#ffe3ec', '#fff4d6', '#e0f0ff'),
  elements: (k) => [
    k.confetti(72, { x: 0, y: 0, width: 1080, height: 790 }, PARTY, 17),
    balloon(k, 110, 300, '#ff5d8f', 18),
    balloon(k, 150, 540, '#3a86ff', -12),
    balloon(k, 965, 280, '#ffb703', -16),
    balloon(k, 935, 520, '#8338ec', 10),
    k.holeRect(230, 140, 620, 620, 56),
    k.rect({ name: 'Photo border', x: 230, y: 140, width: 620, height: 620, cornerRadius: 56, fill: null, stroke: stroke('#ffffff', 16) }),
    k.text({ name: 'Title', x: 90, y: 790, width: 900, text: 'Happy Birthday!', font: 'pacifico', size: 100, color: '#ff5d8f', stroke: stroke('#ffffff', 4) }),
    k.text({ name: 'Subtitle', x: 190, y: 960, width: 700, text: 'MAKE A WISH', font: 'poppins', size: 36, bold: true, letterSpacing: 12, color: '#3d3b6e' }),
  ],
});

const graduation = defineTemplate({
  id: 'graduation-laurel',
  category: 'celebrations',
  name: 'graduation',
  width: 1080,
  height: 1350,
  background: linear(90, '#0b1d3a', '#163a6b'),
  elements: (k) => [
    k.rect({ name: 'Border', x: 36, y: 36, width: 1008, height: 1278, fill: null, stroke: stroke(GOLD, 4) }),
    k.rect({ name: 'Inner border', x: 54, y: 54, width: 972, height: 1242, fill: null, stroke: stroke(GOLD, 1.5), opacity: 0.6 }),
    k.star({ ...at(540, 104, 62, 62), fill: solid(GOLD) }),
    k.star({ ...at(468, 120, 34, 34, -12), fill: solid(GOLD), opacity: 0.8 }),
    k.star({ ...at(612, 120, 34, 34, 12), fill: solid(GOLD), opacity: 0.8 }),
    k.wreath(540, 540, 388, 205, 335, 12, { width: 70, height: 26, colors: [GOLD, '#d4a017'] }),
    k.wreath(540, 540, 388, 155, 25, 12, { width: 70, height: 26, colors: [GOLD, '#d4a017'] }),
    k.holeCircle(540, 540, 330),
    k.ring(540, 540, 340, GOLD, 14),
    k.polygon({ name: 'Year badge', ...at(540, 880, 190, 190), fill: solid(GOLD), stroke: stroke('#0b1d3a', 6), sides: 12 }),
    k.text({ name: 'Year', x: 440, y: 842, width: 200, text: '2026', font: 'bebas-neue', size: 72, color: '#0b1d3a', letterSpacing: 2, lineHeight: 1 }),
    k.text({ name: 'Title', x: 60, y: 995, width: 960, text: 'Congratulations', font: 'playfair-display', size: 88, bold: true, italic: true, color: GOLD }),
    k.text({ name: 'Subtitle', x: 140, y: 1110, width: 800, text: 'GRADUATE', font: 'montserrat', size: 40, bold: true, letterSpacing: 16, color: '#ffffff' }),
    k.text({ name: 'Name', x: 140, y: 1190, width: 800, text: 'Your Name · Your School', font: 'inter', size: 30, color: '#ffffff', opacity: 0.8 }),
  ],
});

const EID_GREEN = '#0b3d2a';
const EID_GOLD = '#f4c542';

function lantern(k: Kit, x: number, drop: number): DesignElement {
  return k.group('Lantern', [
    k.line(x, 0, x, drop, EID_GOLD, 3),
    k.polygon({ name: 'Lantern top', ...at(x, drop + 16, 52, 52), fill: solid(EID_GOLD), sides: 3 }),
    k.rect({ name: 'Lantern body', ...at(x, drop + 74, 58, 84), fill: solid(EID_GOLD), cornerRadius: 14 }),
    k.rect({ name: 'Lantern light', ...at(x, drop + 74, 30, 54), fill: solid('#fff3b0'), cornerRadius: 8 }),
    k.rect({ name: 'Lantern base', ...at(x, drop + 122, 34, 12), fill: solid(EID_GOLD), cornerRadius: 4 }),
  ]);
}

const eid = defineTemplate({
  id: 'eid-mubarak',
  category: 'celebrations',
  name: 'eidMubarak',
  width: 1080,
  height: 1080,
  background: solid(EID_GREEN),
  elements: (k) => {
    const pattern = [];
    for (let row = 0; row < 6; row++) {
      for (let column = 0; column < 6; column++) {
        pattern.push(k.star({ name: 'Motif', ...at(90 + column * 180 + (row % 2) * 90, 90 + row * 180, 90, 90), fill: solid('#ffffff'), opacity: 0.06, points: 8, innerRatio: 0.72 }));
      }
    }
    return [
      k.group('Pattern', pattern),
      k.star({ name: 'Rosette', ...at(540, 500, 820, 820, 22.5), fill: solid('#d4a373'), opacity: 0.35, points: 8, innerRatio: 0.8 }),
      k.star({ name: 'Rosette', ...at(540, 500, 760, 760), fill: solid('#d4a373'), opacity: 0.45, points: 8, innerRatio: 0.8 }),
      k.holeCircle(540, 500, 300),
      k.ring(540, 500, 306, EID_GOLD, 10),
      k.group('Crescent', [k.circle(180, 170, 95, { name: 'Moon', fill: solid(EID_GOLD) }), k.circle(218, 142, 84, { name: 'Moon shadow', fill: solid(EID_GREEN) })]),
      k.star({ ...at(292, 110, 44, 44), fill: solid(EID_GOLD) }),
      k.star({ ...at(300, 226, 26, 26, 12), fill: solid(EID_GOLD) }),
      k.star({ ...at(90, 300, 30, 30, -10), fill: solid(EID_GOLD) }),
      lantern(k, 880, 120),
      lantern(k, 980, 60),
      k.text({ name: 'Title', x: 90, y: 835, width: 900, text: 'Eid Mubarak', font: 'lobster', size: 112, color: EID_GOLD }),
      k.text({ name: 'Subtitle', x: 90, y: 985, width: 900, text: 'Taqabbalallahu minna wa minkum', font: 'poppins', size: 32, color: '#e9f5db', letterSpacing: 1 }),
    ];
  },
});

export const celebrationTemplates: readonly DesignTemplate[] = [birthday, graduation, eid];
