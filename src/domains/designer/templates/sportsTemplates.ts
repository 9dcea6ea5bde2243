import { around, at, defineTemplate, linear, solid, stroke, type DesignTemplate } from './templateKit.ts';

const football = defineTemplate({
  id: 'football-matchday',
  category: 'sports',
  name: 'footballMatchday',
  width: 1080,
  height: 1080,
  background: solid('#1b7f3b'),
  elements: (k) => [
    k.group(
      'Pitch stripes',
      Array.from({ length: 5 }, (_, index) => k.rect({ name: 'Stripe', x: index * 216 + 108, y: 0, width: 108, height: 1080, fill: solid('#22934a') })),
    ),
    k.group('Pitch lines', [
      k.rect({ name: 'Touchline', x: 40, y: 40, width: 1000, height: 1000, fill: null, stroke: stroke('#ffffff', 5), opacity: 0.45 }),
      k.rect({ name: 'Penalty box', x: 290, y: 40, width: 500, height: 120, fill: null, stroke: stroke('#ffffff', 5), opacity: 0.45 }),
      k.line(40, 540, 1040, 540, '#ffffff', 5, { name: 'Halfway line', opacity: 0.45, cap: 'butt' }),
    ]),
    k.holeCircle(540, 480, 300),
    k.ring(540, 480, 304, '#ffffff', 16),
    k.group('Ball', [
      k.circle(800, 716, 88, { name: 'Ball', fill: solid('#ffffff'), stroke: stroke('#111111', 4) }),
      k.polygon({ name: 'Patch', ...at(800, 716, 62, 62), fill: solid('#111111'), sides: 5 }),
      ...around(5, 800, 716, 68, 36).map((point) => k.polygon({ name: 'Patch', ...at(point.x, point.y, 32, 32, point.angle + 180), fill: solid('#111111'), sides: 5 })),
    ]),
    k.rect({ name: 'Banner', x: 0, y: 850, width: 1080, height: 230, fill: linear(0, '#0d3b1e', '#145a2e', '#0d3b1e') }),
    k.text({ name: 'Title', x: 40, y: 862, width: 1000, text: 'MATCHDAY', font: 'bebas-neue', size: 140, color: '#ffffff', letterSpacing: 10, lineHeight: 1 }),
    k.text({ name: 'Subtitle', x: 40, y: 1008, width: 1000, text: 'PROUD SUPPORTER', font: 'oswald', size: 40, bold: true, color: '#ffd60a', letterSpacing: 10 }),
  ],
});

const badminton = defineTemplate({
  id: 'badminton-smash',
  category: 'sports',
  name: 'badmintonSmash',
  width: 1080,
  height: 1350,
  background: linear(135, '#0077b6', '#00b4d8'),
  elements: (k) => [
    k.group('Court', [
      k.rect({ name: 'Court lines', x: 70, y: 70, width: 940, height: 1210, fill: null, stroke: stroke('#ffffff', 6), opacity: 0.35 }),
      k.line(540, 70, 540, 1280, '#ffffff', 6, { name: 'Centre line', opacity: 0.35, cap: 'butt' }),
      k.line(70, 640, 1010, 640, '#ffffff', 12, { name: 'Net', opacity: 0.5, cap: 'butt', dash: [14, 10] }),
    ]),
    k.holeRect(160, 160, 760, 760, 72),
    k.rect({ name: 'Photo border', x: 160, y: 160, width: 760, height: 760, cornerRadius: 72, fill: null, stroke: stroke('#ffffff', 14) }),
    k.group(
      'Shuttlecock',
      [
        k.polygon({ name: 'Feathers', ...at(0, 3, 172, 146, 180), fill: solid('#ffffff'), stroke: stroke('#9bb7c9', 4), sides: 3 }),
        ...[-1, -0.5, 0, 0.5, 1].map((share) => k.line(0, 76, share * 86, -70, '#9bb7c9', 3, { name: 'Rib' })),
        k.line(-52, -20, 52, -20, '#0077b6', 6, { name: 'Band' }),
        k.circle(0, 96, 38, { name: 'Cork', fill: solid('#f1faee'), stroke: stroke('#9bb7c9', 4) }),
      ],
      { x: 900, y: 1060, rotation: -30 },
    ),
    k.text({ name: 'Title', x: 90, y: 975, width: 680, text: 'GO FOR GOLD', font: 'oswald', size: 100, bold: true, align: 'left', color: '#ffffff', letterSpacing: 2 }),
    k.text({ name: 'Subtitle', x: 90, y: 1105, width: 680, text: 'BADMINTON SUPPORTER', font: 'montserrat', size: 36, bold: true, align: 'left', color: '#caf0f8', letterSpacing: 4 }),
    k.text({ name: 'Hashtag', x: 90, y: 1170, width: 680, text: '#SmashIt', font: 'poppins', size: 34, align: 'left', color: '#ffffff' }),
  ],
});

const funRun = defineTemplate({
  id: 'fun-run',
  category: 'sports',
  name: 'funRun',
  width: 1080,
  height: 1920,
  background: linear(90, '#ff6b35', '#ffb347'),
  elements: (k) => [
    k.circle(1000, 430, 130, { name: 'Sun', fill: solid('#ffe066'), opacity: 0.9 }),
    k.group(
      'Speed stripes',
      [
        [220, 360, 900],
        [820, 1500, 1000],
        [300, 1600, 700],
        [880, 620, 600],
      ].map(([cx = 0, cy = 0, length = 0]) => k.rect({ name: 'Stripe', ...at(cx, cy, length, 36, -20), fill: solid('#ffffff'), opacity: 0.16, cornerRadius: 18 })),
    ),
    k.text({ name: 'Title', x: 60, y: 110, width: 960, text: 'FUN RUN 5K', font: 'bebas-neue', size: 210, color: '#ffffff', letterSpacing: 6, lineHeight: 1 }),
    k.text({ name: 'Subtitle', x: 60, y: 330, width: 960, text: 'RUN · SWEAT · SMILE', font: 'oswald', size: 46, color: '#ffffff', letterSpacing: 10 }),
    k.holeRect(110, 440, 860, 1000, 60),
    k.rect({ name: 'Photo border', x: 110, y: 440, width: 860, height: 1000, cornerRadius: 60, fill: null, stroke: stroke('#ffffff', 14) }),
    k.group('Race bib', [
      k.rect({ name: 'Bib', ...at(540, 1660, 640, 300), fill: solid('#ffffff'), stroke: stroke('#222222', 4), cornerRadius: 24 }),
      ...[
        [250, 1540],
        [830, 1540],
        [250, 1780],
        [830, 1780],
      ].map(([x = 0, y = 0]) => k.circle(x, y, 11, { name: 'Pin', fill: solid('#c0c0c0') })),
      k.text({ name: 'Number', x: 220, y: 1548, width: 640, text: '2026', font: 'bebas-neue', size: 170, color: '#ff6b35', lineHeight: 1, letterSpacing: 8 }),
      k.text({ name: 'Label', x: 220, y: 1724, width: 640, text: 'FINISHER', font: 'montserrat', size: 32, bold: true, color: '#222222', letterSpacing: 10 }),
    ]),
  ],
});

export const sportsTemplates: readonly DesignTemplate[] = [football, badminton, funRun];
