import { at, defineTemplate, linear, solid, type DesignTemplate } from './templateKit.ts';

const TEAL = '#2a9d8f';
const CORAL = '#e76f51';

const supportCause = defineTemplate({
  id: 'support-our-cause',
  category: 'socials',
  name: 'supportCause',
  width: 1080,
  height: 1080,
  background: solid('#fff7ed'),
  elements: (k) => [
    k.circle(60, 70, 230, { name: 'Blob', fill: solid(TEAL), opacity: 0.9 }),
    k.circle(1050, 1010, 270, { name: 'Blob', fill: solid(CORAL), opacity: 0.9 }),
    k.circle(1000, 120, 90, { name: 'Blob', fill: solid('#f4a261') }),
    k.circle(80, 990, 74, { name: 'Blob', fill: solid('#e9c46a') }),
    k.heart(905, 330, 64, CORAL),
    k.heart(160, 360, 46, TEAL, { opacity: 0.85 }),
    k.holeCircle(540, 460, 320),
    k.ring(540, 460, 328, CORAL, 18),
    k.ring(540, 460, 354, TEAL, 4),
    k.group('Banner', [
      k.rect({ name: 'Banner tail', ...at(228, 812, 160, 100, -4), fill: solid('#b5452f') }),
      k.rect({ name: 'Banner tail', ...at(852, 768, 160, 100, -4), fill: solid('#b5452f') }),
      k.rect({ name: 'Banner', ...at(540, 782, 760, 124, -4), fill: solid(CORAL), cornerRadius: 8 }),
    ]),
    k.text({ name: 'Title', ...at(540, 782, 740, 80, -4), text: 'I SUPPORT THIS CAUSE', font: 'bebas-neue', size: 80, color: '#ffffff', letterSpacing: 3, lineHeight: 1 }),
    k.text({ name: 'Subtitle', x: 140, y: 900, width: 800, text: '#TogetherWeCan', font: 'poppins', size: 46, bold: true, color: TEAL }),
  ],
});

const environmentDay = defineTemplate({
  id: 'world-environment-day',
  category: 'socials',
  name: 'environmentDay',
  width: 1080,
  height: 1080,
  background: linear(90, '#e9f5db', '#b7e4c7'),
  elements: (k) => [
    k.circle(920, 140, 80, { name: 'Sun', fill: solid('#ffd166') }),
    k.ellipse({ name: 'Hill', x: -220, y: 800, width: 920, height: 520, fill: solid('#95d5b2') }),
    k.ellipse({ name: 'Hill', x: 480, y: 850, width: 900, height: 460, fill: solid('#74c69d') }),
    k.wreath(540, 470, 362, 0, 350, 36, { width: 92, height: 34, colors: ['#2d6a4f', '#40916c', '#52b788'] }),
    k.holeCircle(540, 470, 310),
    k.ring(540, 470, 314, '#1b4332', 10),
    k.text({ name: 'Title', x: 40, y: 860, width: 1000, text: 'World Environment Day', font: 'playfair-display', size: 64, bold: true, color: '#1b4332' }),
    k.text({ name: 'Subtitle', x: 90, y: 960, width: 900, text: '5 JUNE · ONE PLANET, OUR HOME', font: 'poppins', size: 30, bold: true, letterSpacing: 4, color: '#081c15' }),
  ],
});

const PINK = '#f72585';

const volunteer = defineTemplate({
  id: 'volunteer-story',
  category: 'socials',
  name: 'volunteerStory',
  width: 1080,
  height: 1920,
  background: linear(120, '#3a0ca3', '#7209b7'),
  elements: (k) => {
    const dots = [];
    for (let row = 0; row < 16; row++) {
      for (let column = 0; column < 9; column++) dots.push(k.circle(60 + column * 120, 60 + row * 120, 6, { name: 'Dot', fill: solid('#ffffff'), opacity: 0.12 }));
    }
    return [
      k.group('Dots', dots),
      k.text({ name: 'Title', x: 60, y: 140, width: 960, text: "I'M A\nVOLUNTEER", font: 'montserrat', size: 96, bold: true, color: '#ffffff', lineHeight: 1.05, letterSpacing: 2 }),
      k.text({ name: 'Subtitle', x: 90, y: 380, width: 900, text: 'Join us and make a difference', font: 'poppins', size: 42, color: '#ffd6f0' }),
      k.holeCircle(540, 900, 400),
      k.ring(540, 900, 408, PINK, 22),
      k.ring(540, 900, 446, '#ffffff', 4),
      k.heart(900, 560, 90, PINK),
      k.heart(170, 1240, 70, '#4cc9f0'),
      k.rect({ name: 'Pill', ...at(540, 1480, 660, 116), fill: solid(PINK), cornerRadius: 58 }),
      k.text({ name: 'Hashtag', x: 210, y: 1446, width: 660, text: '#VolunteerDay', font: 'poppins', size: 52, bold: true, color: '#ffffff', lineHeight: 1.2 }),
      k.text({ name: 'Organisation', x: 90, y: 1700, width: 900, text: 'Your organisation', font: 'inter', size: 36, color: '#ffffff', opacity: 0.8 }),
      k.rect({ name: 'Rule', ...at(540, 1670, 120, 6), fill: solid(PINK), stroke: null, cornerRadius: 3 }),
    ];
  },
});

export const socialTemplates: readonly DesignTemplate[] = [supportCause, environmentDay, volunteer];
