import { at, defineTemplate, linear, solid, stroke, type DesignTemplate } from './templateKit.ts';

const MERAH = '#d7141a';
const GOLD = '#ffd166';

const independence = defineTemplate({
  id: 'indonesia-independence',
  category: 'national-day',
  name: 'indonesiaIndependence',
  width: 1080,
  height: 1080,
  background: solid('#ffffff'),
  elements: (k) => [
    k.rect({ name: 'Red field', x: 0, y: 0, width: 1080, height: 470, fill: linear(90, '#e3121b', '#b40d14') }),
    k.ellipse({ name: 'White swoosh', x: -240, y: 372, width: 1560, height: 250, fill: solid('#ffffff') }),
    k.line(0, 22, 1080, 22, '#ffffff', 3, { name: 'Bunting string' }),
    k.group(
      'Bunting',
      Array.from({ length: 11 }, (_, index) => k.polygon({ name: 'Pennant', ...at(50 + index * 98, 56, 72, 72, 180), fill: solid(index % 2 === 0 ? '#ffffff' : '#8f0a10'), sides: 3 })),
    ),
    k.star({ ...at(125, 210, 76, 76, -8), fill: solid(GOLD) }),
    k.star({ ...at(960, 196, 60, 60, 12), fill: solid(GOLD) }),
    k.star({ ...at(80, 390, 40, 40, 20), fill: solid(GOLD) }),
    k.star({ ...at(1005, 372, 46, 46), fill: solid(GOLD) }),
    k.holeCircle(540, 470, 300),
    k.ring(540, 470, 304, '#ffffff', 18),
    k.ring(540, 470, 324, MERAH, 6),
    k.text({ name: 'Title', x: 40, y: 806, width: 1000, text: '17 AGUSTUS', font: 'bebas-neue', size: 150, color: MERAH, letterSpacing: 6, lineHeight: 1 }),
    k.text({ name: 'Subtitle', x: 40, y: 966, width: 1000, text: 'DIRGAHAYU REPUBLIK INDONESIA', font: 'montserrat', size: 38, bold: true, letterSpacing: 3, color: '#1f1f1f' }),
  ],
});

const heroesDay = defineTemplate({
  id: 'heroes-day',
  category: 'national-day',
  name: 'heroesDay',
  width: 1080,
  height: 1350,
  background: linear(90, '#7f0d0d', '#c8102e'),
  elements: (k) => [
    k.star({ name: 'Big star', ...at(540, 640, 1060, 1060), fill: solid('#ffffff'), opacity: 0.08, innerRatio: 0.42 }),
    k.text({ name: 'Title', x: 40, y: 66, width: 1000, text: 'HARI PAHLAWAN', font: 'oswald', size: 100, bold: true, letterSpacing: 4, color: '#ffffff' }),
    k.text({ name: 'Date', x: 140, y: 192, width: 800, text: '10 November', font: 'playfair-display', size: 50, italic: true, color: GOLD }),
    k.wreath(540, 640, 380, 205, 335, 13, { width: 72, height: 26, colors: [GOLD, '#f4a300'] }),
    k.wreath(540, 640, 380, 155, 25, 13, { width: 72, height: 26, colors: [GOLD, '#f4a300'] }),
    k.holeCircle(540, 640, 320),
    k.ring(540, 640, 326, GOLD, 12),
    k.star({ name: 'Medal star', ...at(540, 968, 104, 104), fill: solid(GOLD), stroke: stroke('#7f0d0d', 5) }),
    k.text({ name: 'Quote', x: 110, y: 1050, width: 860, text: 'Bangsa yang besar adalah bangsa yang menghargai jasa pahlawannya', font: 'roboto-slab', size: 36, color: '#ffffff', lineHeight: 1.35 }),
    k.rect({ name: 'White stripe', x: 0, y: 1270, width: 1080, height: 40, fill: solid('#ffffff') }),
    k.rect({ name: 'Red stripe', x: 0, y: 1310, width: 1080, height: 40, fill: solid(MERAH) }),
  ],
});

const merdekaStory = defineTemplate({
  id: 'merdeka-story',
  category: 'national-day',
  name: 'merdekaStory',
  width: 1080,
  height: 1920,
  background: solid('#ffffff'),
  elements: (k) => [
    k.rect({ name: 'Red field', x: 0, y: 0, width: 1080, height: 820, fill: linear(90, '#e3121b', '#b40d14') }),
    k.ellipse({ name: 'White swoosh', x: -320, y: 700, width: 1720, height: 280, fill: solid('#ffffff') }),
    k.star({ ...at(110, 110, 70, 70, -12), fill: solid(GOLD) }),
    k.star({ ...at(980, 150, 90, 90, 8), fill: solid(GOLD) }),
    k.star({ ...at(90, 470, 44, 44, 18), fill: solid(GOLD) }),
    k.star({ ...at(1000, 460, 52, 52), fill: solid(GOLD) }),
    k.text({ name: 'Title', x: 40, y: 96, width: 1000, text: 'MERDEKA!', font: 'bebas-neue', size: 250, color: '#ffffff', letterSpacing: 10, lineHeight: 1 }),
    k.text({ name: 'Date', x: 90, y: 360, width: 900, text: '17 · 08 · 2026', font: 'oswald', size: 58, color: '#ffffff', letterSpacing: 12 }),
    k.holeRect(160, 520, 760, 1020, 380),
    k.rect({ name: 'Photo border', x: 160, y: 520, width: 760, height: 1020, cornerRadius: 380, fill: null, stroke: stroke('#ffffff', 36) }),
    k.rect({ name: 'Photo border', x: 160, y: 520, width: 760, height: 1020, cornerRadius: 380, fill: null, stroke: stroke(MERAH, 14) }),
    k.text({ name: 'Subtitle', x: 60, y: 1600, width: 960, text: 'Dirgahayu Republik Indonesia', font: 'playfair-display', size: 62, bold: true, italic: true, color: MERAH }),
    k.text({ name: 'Tagline', x: 90, y: 1710, width: 900, text: 'BERSATU, BERDAULAT, ADIL DAN MAKMUR', font: 'montserrat', size: 28, bold: true, letterSpacing: 3, color: '#1f1f1f' }),
    k.rect({ name: 'Red stripe', x: 0, y: 1830, width: 1080, height: 45, fill: solid(MERAH) }),
  ],
});

export const nationalDayTemplates: readonly DesignTemplate[] = [independence, merdekaStory, heroesDay];
