import { at, defineTemplate, linear, solid, stroke, type DesignTemplate } from './templateKit.ts';

const NAVY = '#1d3557';
const RED = '#e63946';

const goVote = defineTemplate({
  id: 'go-vote',
  category: 'government',
  name: 'goVote',
  width: 1080,
  height: 1080,
  background: solid('#f1faee'),
  elements: (k) => [
    k.rect({ name: 'Header', x: 0, y: 0, width: 1080, height: 210, fill: solid(NAVY) }),
    k.rect({ name: 'Header stripe', x: 0, y: 210, width: 1080, height: 14, fill: solid(RED) }),
    k.star({ ...at(105, 105, 64, 64), fill: solid('#ffffff') }),
    k.star({ ...at(975, 105, 64, 64), fill: solid('#ffffff') }),
    k.text({ name: 'Title', x: 160, y: 36, width: 760, text: 'GO VOTE!', font: 'bebas-neue', size: 150, color: '#ffffff', letterSpacing: 8, lineHeight: 1 }),
    k.holeRect(220, 260, 640, 610, 40),
    k.rect({ name: 'Photo border', x: 220, y: 260, width: 640, height: 610, cornerRadius: 40, fill: null, stroke: stroke(NAVY, 10) }),
    k.group('Ballot box', [
      k.rect({ name: 'Ballot', ...at(850, 650, 120, 136, -6), fill: solid('#ffffff'), stroke: stroke(NAVY, 4), cornerRadius: 4 }),
      k.line(812, 640, 838, 668, '#2a9d8f', 12, { name: 'Tick' }),
      k.line(838, 668, 888, 606, '#2a9d8f', 12, { name: 'Tick' }),
      k.rect({ name: 'Box', ...at(850, 812, 290, 196), fill: solid('#457b9d'), stroke: stroke(NAVY, 5), cornerRadius: 16 }),
      k.rect({ name: 'Slot', ...at(850, 736, 160, 14), fill: solid(NAVY), cornerRadius: 7 }),
      k.text({ name: 'Box label', x: 705, y: 790, width: 290, text: 'VOTE', font: 'bebas-neue', size: 66, color: '#ffffff', letterSpacing: 6, lineHeight: 1 }),
    ]),
    k.text({ name: 'Subtitle', x: 60, y: 920, width: 640, text: 'Your voice shapes our future', font: 'montserrat', size: 40, bold: true, align: 'left', color: NAVY }),
    k.text({ name: 'Date', x: 60, y: 988, width: 640, text: 'Election day · 14 February', font: 'poppins', size: 32, align: 'left', color: RED }),
  ],
});

const CANDIDATE_RED = '#b91c1c';
const YELLOW = '#facc15';

const candidate = defineTemplate({
  id: 'candidate-campaign',
  category: 'government',
  name: 'candidateCampaign',
  width: 1080,
  height: 1350,
  background: linear(90, CANDIDATE_RED, '#7f1d1d'),
  elements: (k) => [
    k.group(
      'Stripes',
      [120, 420, 720, 1020].map((cx) => k.rect({ name: 'Stripe', ...at(cx, 560, 90, 1700, 30), fill: solid('#ffffff'), opacity: 0.07 })),
    ),
    k.holeRect(140, 110, 800, 860, 40),
    k.rect({ name: 'Photo border', x: 140, y: 110, width: 800, height: 860, cornerRadius: 40, fill: null, stroke: stroke('#ffffff', 12) }),
    k.rect({ name: 'Panel stripe', x: 0, y: 1000, width: 1080, height: 18, fill: solid(YELLOW) }),
    k.rect({ name: 'Panel', x: 0, y: 1018, width: 1080, height: 332, fill: solid('#ffffff') }),
    k.circle(910, 170, 120, { name: 'Number badge', fill: solid(YELLOW), stroke: stroke('#ffffff', 8) }),
    k.text({ name: 'Number', x: 810, y: 96, width: 200, text: '01', font: 'bebas-neue', size: 150, color: '#7f1d1d', lineHeight: 1 }),
    k.text({ name: 'Title', x: 40, y: 1046, width: 1000, text: 'VOTE FOR CHANGE', font: 'oswald', size: 96, bold: true, color: CANDIDATE_RED, letterSpacing: 2 }),
    k.text({ name: 'Subtitle', x: 90, y: 1180, width: 900, text: 'Candidate Name · Your Region', font: 'roboto-slab', size: 42, color: '#374151' }),
  ],
});

const HEALTH = '#0f766e';

const publicHealth = defineTemplate({
  id: 'public-health',
  category: 'government',
  name: 'publicHealth',
  width: 1080,
  height: 1080,
  background: linear(90, '#ecfeff', '#cffafe'),
  elements: (k) => {
    const cross = (cx: number, cy: number, size: number, color: string, opacity = 1) =>
      k.group(
        'Cross',
        [k.rect({ name: 'Cross bar', ...at(cx, cy, size, size / 3), fill: solid(color), cornerRadius: size / 12 }), k.rect({ name: 'Cross bar', ...at(cx, cy, size / 3, size), fill: solid(color), cornerRadius: size / 12 })],
        { opacity },
      );
    return [
      k.circle(1000, 80, 260, { name: 'Blob', fill: solid('#99f6e4') }),
      k.circle(60, 1020, 220, { name: 'Blob', fill: solid('#99f6e4') }),
      cross(150, 170, 120, HEALTH),
      cross(930, 560, 90, '#14b8a6', 0.8),
      cross(110, 620, 60, '#14b8a6', 0.6),
      k.holeCircle(540, 450, 310),
      k.ring(540, 450, 316, HEALTH, 14),
      k.ring(540, 450, 342, '#14b8a6', 4),
      k.rect({ name: 'Ribbon', ...at(540, 815, 880, 110), fill: solid(HEALTH), cornerRadius: 55 }),
      k.text({ name: 'Title', x: 100, y: 774, width: 880, text: 'HEALTHY TOGETHER', font: 'montserrat', size: 60, bold: true, color: '#ffffff', letterSpacing: 4, lineHeight: 1.3 }),
      k.text({ name: 'Subtitle', x: 90, y: 900, width: 900, text: 'Get your free health check at the nearest clinic', font: 'inter', size: 34, color: '#134e4a', lineHeight: 1.3 }),
    ];
  },
});

export const governmentTemplates: readonly DesignTemplate[] = [goVote, candidate, publicHealth];
