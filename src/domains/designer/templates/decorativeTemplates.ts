import { around, at, defineTemplate, linear, radial, solid, stroke, type DesignTemplate } from './templateKit.ts';

const NIGHT = '#1d1b3a';
const GOLD = '#e9c46a';

const geometricRings = defineTemplate({
  id: 'geometric-rings',
  category: 'decorative',
  name: 'geometricRings',
  width: 1080,
  height: 1080,
  background: solid(NIGHT),
  elements: (k) => [
    k.group(
      'Dot ring',
      around(48, 540, 540, 508).map((point) => k.circle(point.x, point.y, 7, { name: 'Dot', fill: solid(GOLD) })),
    ),
    k.ring(540, 540, 482, GOLD, 3, { opacity: 0.7 }),
    k.ring(540, 540, 466, GOLD, 1, { opacity: 0.5 }),
    k.group(
      'Outer petals',
      around(24, 540, 540, 392).map((point, index) => k.ellipse({ name: 'Petal', ...at(point.x, point.y, 64, 170, point.angle), fill: solid(index % 2 === 0 ? '#f4a261' : '#e76f51') })),
    ),
    k.group(
      'Inner petals',
      around(24, 540, 540, 350, 7.5).map((point) => k.ellipse({ name: 'Petal', ...at(point.x, point.y, 44, 120, point.angle), fill: solid('#2a9d8f') })),
    ),
    k.holeCircle(540, 540, 320),
    k.ring(540, 540, 324, GOLD, 8),
    k.rect({ name: 'Name plate', ...at(540, 962, 460, 92), fill: solid(NIGHT), stroke: stroke(GOLD, 3), cornerRadius: 46 }),
    k.text({ name: 'Title', x: 310, y: 930, width: 460, text: 'Your Name', font: 'playfair-display', size: 50, italic: true, color: GOLD, lineHeight: 1.2 }),
  ],
});

const floralArch = defineTemplate({
  id: 'floral-arch',
  category: 'decorative',
  name: 'floralArch',
  width: 1080,
  height: 1350,
  background: linear(90, '#fdf0e7', '#fbd9c9'),
  elements: (k) => {
    const leaf = (cx: number, cy: number, rotation: number, color = '#7fb685') => k.ellipse({ name: 'Leaf', ...at(cx, cy, 130, 46, rotation), fill: solid(color) });
    return [
      // The arch: a circle over a rectangle, both cutting the photo area.
      k.holeCircle(540, 530, 350),
      k.holeRect(190, 530, 700, 470),
      k.group('Leaves', [
        leaf(150, 330, -60),
        leaf(300, 180, -20, '#5e8c61'),
        leaf(930, 330, 60),
        leaf(780, 180, 20, '#5e8c61'),
        leaf(140, 880, -110, '#5e8c61'),
        leaf(300, 1060, 10),
        leaf(940, 880, 110, '#5e8c61'),
        leaf(780, 1060, -10),
      ]),
      k.flower(225, 245, 200, 6, '#f28482', '#f6bd60'),
      k.flower(855, 245, 200, 6, '#f28482', '#f6bd60', 30),
      k.flower(350, 130, 110, 5, '#f5cac3', '#f28482'),
      k.flower(730, 130, 110, 5, '#f5cac3', '#f28482'),
      k.flower(190, 1000, 180, 8, '#f7a072', '#ffffff'),
      k.flower(890, 1000, 180, 8, '#f7a072', '#ffffff', 22.5),
      k.flower(160, 700, 100, 5, '#f5cac3', '#f6bd60'),
      k.flower(920, 700, 100, 5, '#f5cac3', '#f6bd60'),
      k.text({ name: 'Title', x: 90, y: 1060, width: 900, text: 'With Love', font: 'pacifico', size: 90, color: '#b23a48' }),
      k.text({ name: 'Subtitle', x: 140, y: 1222, width: 800, text: 'Your message here', font: 'poppins', size: 36, color: '#6d4c41' }),
    ];
  },
});

const awardBadge = defineTemplate({
  id: 'award-badge',
  category: 'decorative',
  name: 'awardBadge',
  width: 1080,
  height: 1080,
  background: radial('#fff8e1', '#ffd79a'),
  elements: (k) => [
    k.group(
      'Rays',
      Array.from({ length: 12 }, (_, index) => k.rect({ name: 'Ray', ...at(540, 470, 46, 1500, index * 15), fill: solid('#ffffff'), opacity: 0.3 })),
    ),
    k.rect({ name: 'Ribbon tail', ...at(410, 880, 130, 380, 18), fill: solid('#1d3557') }),
    k.rect({ name: 'Ribbon tail', ...at(670, 880, 130, 380, -18), fill: solid('#e63946') }),
    k.star({ name: 'Rosette', ...at(540, 470, 780, 780), fill: solid('#f4a300'), points: 24, innerRatio: 0.88 }),
    k.circle(540, 470, 350, { name: 'Badge', fill: solid('#e63946') }),
    k.polygon({ name: 'Photo', hole: true, ...at(540, 470, 640, 640, 15), sides: 12 }),
    k.polygon({ name: 'Photo border', ...at(540, 470, 640, 640, 15), fill: null, stroke: stroke('#ffffff', 10), sides: 12 }),
    k.rect({ name: 'Banner', ...at(540, 800, 860, 130), fill: solid('#1d3557'), cornerRadius: 14 }),
    k.star({ ...at(170, 800, 56, 56), fill: solid('#ffd166') }),
    k.star({ ...at(910, 800, 56, 56), fill: solid('#ffd166') }),
    k.text({ name: 'Title', x: 210, y: 752, width: 660, text: 'BEST SUPPORTER', font: 'oswald', size: 78, bold: true, color: '#ffd166', letterSpacing: 3, lineHeight: 1.2 }),
  ],
});

export const decorativeTemplates: readonly DesignTemplate[] = [geometricRings, floralArch, awardBadge];
