/** SVG designs of the demo frames: an opaque decorated square with a transparent photo hole. */

export const FRAME_SIZE = 1080;

export interface FrameDesign {
  /** Background fill (any SVG paint) and the decoration drawn over it. */
  defs: string;
  background: string;
  decoration: string;
  hole: { shape: 'circle'; cx: number; cy: number; r: number } | { shape: 'rounded'; x: number; y: number; width: number; height: number; radius: number };
  /** Ring or border drawn around the hole. */
  holeStroke: string;
  title: string;
  subtitle: string;
  titleColor: string;
  bannerFill: string;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

function holeShape(design: FrameDesign, fill: string, extra = ''): string {
  const h = design.hole;
  return h.shape === 'circle'
    ? `<circle cx="${h.cx}" cy="${h.cy}" r="${h.r}" fill="${fill}" ${extra}/>`
    : `<rect x="${h.x}" y="${h.y}" width="${h.width}" height="${h.height}" rx="${h.radius}" fill="${fill}" ${extra}/>`;
}

export function frameSvg(design: FrameDesign): string {
  const s = FRAME_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">
  <defs>${design.defs}
    <mask id="hole"><rect width="${s}" height="${s}" fill="#fff"/>${holeShape(design, '#000')}</mask>
  </defs>
  <g mask="url(#hole)">
    <rect width="${s}" height="${s}" fill="${design.background}"/>
    ${design.decoration}
    ${holeShape(design, 'none', `stroke="${design.holeStroke}" stroke-width="18"`)}
    <rect x="60" y="850" width="960" height="170" rx="36" fill="${design.bannerFill}"/>
    <text x="540" y="925" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="56" fill="${design.titleColor}">${escapeXml(design.title)}</text>
    <text x="540" y="985" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="34" fill="${design.titleColor}" opacity="0.9">${escapeXml(design.subtitle)}</text>
  </g>
</svg>`;
}

/** A stand-in "photo" (sky, hills and a head-and-shoulders silhouette) shown through the hole in thumbnails. */
export function placeholderPhotoSvg(): string {
  const s = FRAME_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9fd8f5"/><stop offset="1" stop-color="#f6e7c8"/></linearGradient></defs>
  <rect width="${s}" height="${s}" fill="url(#sky)"/>
  <ellipse cx="540" cy="900" rx="700" ry="260" fill="#8cc59a"/>
  <circle cx="540" cy="400" r="120" fill="#5b4a42"/>
  <path d="M300 820 Q300 560 540 560 Q780 560 780 820 Z" fill="#3f6fb5"/>
</svg>`;
}

const star = (x: number, y: number, r: number, fill: string) => {
  const points = Array.from({ length: 10 }, (_, i) => {
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    const radius = i % 2 === 0 ? r : r * 0.45;
    return `${(x + radius * Math.cos(angle)).toFixed(1)},${(y + radius * Math.sin(angle)).toFixed(1)}`;
  }).join(' ');
  return `<polygon points="${points}" fill="${fill}"/>`;
};

export const demoDesigns = {
  independence: {
    defs: '<linearGradient id="merah" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d7141a"/><stop offset="0.5" stop-color="#b80f14"/><stop offset="0.5" stop-color="#ffffff"/><stop offset="1" stop-color="#f1f1f1"/></linearGradient>',
    background: 'url(#merah)',
    decoration: [star(150, 150, 60, '#ffd54a'), star(930, 150, 60, '#ffd54a'), star(120, 700, 36, '#d7141a'), star(960, 700, 36, '#d7141a'), '<text x="540" y="110" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="64" fill="#ffffff">MERDEKA!</text>'].join(''),
    hole: { shape: 'circle', cx: 540, cy: 470, r: 330 },
    holeStroke: '#ffd54a',
    title: 'Dirgahayu Indonesia ke-80',
    subtitle: '17 Agustus 2025 · Bersatu Berdaulat',
    titleColor: '#ffffff',
    bannerFill: '#b80f14',
  },
  graduation: {
    defs: '<linearGradient id="navy" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f2a5c"/><stop offset="1" stop-color="#1c4596"/></linearGradient>',
    background: 'url(#navy)',
    decoration: [
      '<path d="M540 40 L700 110 L540 180 L380 110 Z" fill="#e8b923"/>',
      '<rect x="530" y="110" width="20" height="70" fill="#e8b923"/>',
      '<circle cx="80" cy="80" r="120" fill="#e8b923" opacity="0.25"/>',
      '<circle cx="1000" cy="820" r="150" fill="#e8b923" opacity="0.2"/>',
    ].join(''),
    hole: { shape: 'rounded', x: 190, y: 200, width: 700, height: 620, radius: 60 },
    holeStroke: '#e8b923',
    title: 'Wisuda Angkatan 2026',
    subtitle: 'Selamat & sukses, para wisudawan!',
    titleColor: '#0f2a5c',
    bannerFill: '#e8b923',
  },
  sportsClub: {
    defs: '<pattern id="stripes" width="120" height="120" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="60" height="120" fill="#0b7a3b"/><rect x="60" width="60" height="120" fill="#0a6a33"/></pattern>',
    background: 'url(#stripes)',
    decoration: [
      '<circle cx="540" cy="470" r="400" fill="#ffffff" opacity="0.12"/>',
      '<text x="540" y="105" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="60" fill="#ffffff">GARUDA FC</text>',
      star(90, 820, 40, '#ffffff'),
      star(990, 820, 40, '#ffffff'),
    ].join(''),
    hole: { shape: 'circle', cx: 540, cy: 480, r: 320 },
    holeStroke: '#ffffff',
    title: 'Dukung Garuda FC!',
    subtitle: 'Musim 2026 · Satu Tim Satu Semangat',
    titleColor: '#0b7a3b',
    bannerFill: '#ffffff',
  },
  charityRun: {
    defs: '<linearGradient id="sunrise" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ff7a3d"/><stop offset="1" stop-color="#ffb347"/></linearGradient>',
    background: 'url(#sunrise)',
    decoration: [
      '<path d="M0 760 Q270 660 540 760 T1080 760 L1080 1080 L0 1080 Z" fill="#14a098" opacity="0.85"/>',
      '<path d="M540 95 C500 40 420 60 430 120 C440 170 540 210 540 210 C540 210 640 170 650 120 C660 60 580 40 540 95 Z" fill="#ffffff"/>',
      '<text x="110" y="130" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="56" fill="#ffffff">10K</text>',
    ].join(''),
    hole: { shape: 'rounded', x: 220, y: 240, width: 640, height: 560, radius: 280 },
    holeStroke: '#ffffff',
    title: 'Lari Amal Jakarta 10K',
    subtitle: 'Setiap langkah untuk anak-anak Indonesia',
    titleColor: '#ffffff',
    bannerFill: '#0e7c75',
  },
} satisfies Record<string, FrameDesign>;
