/**
 * Generates the editor-core test fixtures into tests/fixtures/generated/ (git-ignored):
 * twibbon frames (PNG with holes), a background design with its photo area, the face samples
 * of @vladmandic/face-api, EXIF-rotated variants (orientations 2–8), 12 MP and 48 MP JPEGs (the latter
 * also tagged orientation 6, a phone portrait),
 * PNG / WebP / AVIF / animated GIF copies, and broken or oversized files for the decode errors.
 * Existing files are kept. The HEIC fixture is committed (sharp cannot encode HEVC), see
 * tests/fixtures/README.md. Run: `npx tsx scripts/buildFixtures.ts`.
 */
import { access, copyFile, mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type Sharp } from 'sharp';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const fixturesDir = resolve(root, 'tests/fixtures/generated');
const samplesDir = resolve(root, 'node_modules/@vladmandic/face-api/demo');
const sample = resolve(samplesDir, 'sample1.jpg');

/** Where the photo goes in background-design.png (also written to background-design.json). */
export const BACKGROUND_PHOTO_AREA = { x: 240, y: 180, width: 600, height: 720 } as const;

/** Stored-pixel transforms: applying EXIF orientation `n` to them gives back the upright image. */
const ORIENTATION_INVERSES: Record<number, (image: Sharp) => Sharp> = {
  2: (image) => image.flop(),
  3: (image) => image.rotate(180),
  4: (image) => image.flip(),
  5: (image) => image.rotate(270).flop(),
  6: (image) => image.rotate(270),
  7: (image) => image.rotate(90).flop(),
  8: (image) => image.rotate(90),
};

/** The upright base of the orientation fixtures (orientation-1.jpg). */
function uprightSample(): Sharp {
  return sharp(sample).resize(960, 640, { fit: 'cover' });
}

async function orientedVariant(orientation: number): Promise<Buffer> {
  const inverse = ORIENTATION_INVERSES[orientation];
  if (!inverse) throw new Error(`no inverse for orientation ${orientation}`);
  // Materialise the upright pixels first, so sharp does not reorder resize and rotation.
  const upright = await uprightSample().png().toBuffer();
  const stored = await inverse(sharp(upright)).png().toBuffer();
  return sharp(stored).jpeg({ quality: 95 }).withMetadata({ orientation }).toBuffer();
}

/**
 * `jpeg` with an EXIF segment holding only `orientation`, inserted after SOI / JFIF: the stored
 * pixels stay byte-identical (no re-encode), so tests can compare against the untagged file.
 */
export function withExifOrientation(jpeg: Buffer, orientation: number): Buffer {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG');
  // Big-endian TIFF: header, one IFD entry (0x0112 Orientation, SHORT, 1 value), no next IFD.
  const tiff = Buffer.from([0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const segment = Buffer.concat([Buffer.from([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body]);
  const hasJfif = jpeg[2] === 0xff && jpeg[3] === 0xe0;
  const at = hasJfif ? 4 + ((jpeg[4]! << 8) | jpeg[5]!) : 2;
  return Buffer.concat([jpeg.subarray(0, at), segment, jpeg.subarray(at)]);
}

/** A sample scaled up to a camera-sized JPEG, with sensor-like noise so it weighs like a real photo. */
async function largePhoto(width: number, height: number): Promise<Buffer> {
  const base = await sharp(sample).resize(width, height, { fit: 'cover', kernel: 'lanczos3' }).toBuffer();
  const noise = await sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 18 } } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return sharp(base).composite([{ input: noise, blend: 'soft-light' }]).jpeg({ quality: 90 }).toBuffer();
}

function svgPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const FONT = 'font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold"';

function gradient(id: string, from: string, to: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

/** Circle hole centred at (540, 500), radius 380. */
function circleFrameSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1080">
  <defs>${gradient('g', '#0f766e', '#1e3a8a')}</defs>
  <path fill="url(#g)" fill-rule="evenodd" d="M0 0H1080V1080H0Z M160 500a380 380 0 1 0 760 0a380 380 0 1 0 -760 0Z"/>
  <circle cx="540" cy="500" r="392" fill="none" stroke="#facc15" stroke-width="24"/>
  <circle cx="90" cy="90" r="50" fill="#f97316"/><circle cx="990" cy="90" r="36" fill="#facc15"/>
  <path d="M0 1080L220 900L420 1080Z" fill="#22d3ee" opacity="0.8"/>
  <text x="540" y="990" text-anchor="middle" ${FONT} font-size="72" fill="#ffffff">HARI BUMI 2026</text>
  <text x="540" y="1050" text-anchor="middle" ${FONT} font-size="32" fill="#facc15">#JagaBumi bersama Bingkai</text>
</svg>`;
}

/** Rounded-rect hole at (120, 160), 840 × 900, corner radius 60. */
function roundedFrameSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1350">
  <defs>${gradient('g', '#be123c', '#7c3aed')}</defs>
  <path fill="url(#g)" fill-rule="evenodd" d="M0 0H1080V1350H0Z M180 160H900A60 60 0 0 1 960 220V1000A60 60 0 0 1 900 1060H180A60 60 0 0 1 120 1000V220A60 60 0 0 1 180 160Z"/>
  <text x="540" y="110" text-anchor="middle" ${FONT} font-size="64" fill="#fde68a">WISUDA ANGKATAN 26</text>
  <rect x="120" y="1110" width="840" height="150" rx="30" fill="#fde68a"/>
  <text x="540" y="1205" text-anchor="middle" ${FONT} font-size="54" fill="#7c3aed">Selamat &amp; Sukses!</text>
  <polygon points="60,1300 90,1240 120,1300" fill="#fde68a"/><polygon points="960,1300 990,1240 1020,1300" fill="#fde68a"/>
</svg>`;
}

/** Two holes: a circle centred at (300, 500) r 230 (the larger) and a rounded rect at (620, 310) 360 × 380. */
function twoHolesFrameSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1080">
  <defs>${gradient('g', '#ea580c', '#9d174d')}</defs>
  <path fill="url(#g)" fill-rule="evenodd" d="M0 0H1080V1080H0Z M70 500a230 230 0 1 0 460 0a230 230 0 1 0 -460 0Z M660 310H940A40 40 0 0 1 980 350V650A40 40 0 0 1 940 690H660A40 40 0 0 1 620 650V350A40 40 0 0 1 660 310Z"/>
  <text x="540" y="140" text-anchor="middle" ${FONT} font-size="60" fill="#ffffff">SAHABAT SELAMANYA</text>
  <text x="540" y="900" text-anchor="middle" ${FONT} font-size="44" fill="#fed7aa">Reuni Akbar 2026</text>
  <circle cx="540" cy="1000" r="28" fill="#fed7aa"/>
</svg>`;
}

function backgroundDesignSvg(): string {
  const a = BACKGROUND_PHOTO_AREA;
  const dots = Array.from({ length: 12 }, (_, i) => `<circle cx="${60 + i * 88}" cy="1040" r="14" fill="#fbbf24"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1080">
  <defs>${gradient('g', '#1d4ed8', '#0891b2')}</defs>
  <rect width="1080" height="1080" fill="url(#g)"/>
  <circle cx="900" cy="160" r="220" fill="#38bdf8" opacity="0.5"/><circle cx="120" cy="880" r="260" fill="#1e40af" opacity="0.6"/>
  <rect x="${a.x}" y="${a.y}" width="${a.width}" height="${a.height}" rx="24" fill="#e0f2fe" stroke="#fbbf24" stroke-width="8" stroke-dasharray="28 16"/>
  <text x="540" y="120" text-anchor="middle" ${FONT} font-size="60" fill="#ffffff">DUKUNG TIM KITA!</text>
  <text x="540" y="990" text-anchor="middle" ${FONT} font-size="40" fill="#fde68a">Final Liga Kampus 2026</text>
  ${dots}
</svg>`;
}

/** A two-frame GIF: the sample, then solid red, so a test can tell that the first frame was decoded. */
async function animatedGif(): Promise<Buffer> {
  const first = await uprightSample().raw().toBuffer();
  const second = Buffer.alloc(first.length);
  for (let i = 0; i < second.length; i += 3) second[i] = 255;
  return sharp(Buffer.concat([first, second]), { raw: { width: 960, height: 1280, channels: 3, pageHeight: 640 } })
    .gif({ delay: [500, 500], loop: 0 })
    .toBuffer();
}

const MINIMAL_PDF = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj
trailer << /Root 1 0 R >>
%%EOF
`;

type Maker = () => Promise<Buffer | string>;

/** Makers run in order, so one may read a file written by an earlier one in `outDir`. */
function fixtureMakers(outDir: string): Record<string, Maker> {
  const makers: Record<string, Maker> = {
    'frame-circle.png': () => svgPng(circleFrameSvg()),
    'frame-rounded.png': () => svgPng(roundedFrameSvg()),
    'frame-two-holes.png': () => svgPng(twoHolesFrameSvg()),
    'background-design.png': () => sharp(Buffer.from(backgroundDesignSvg())).flatten().png().toBuffer(),
    'background-design.json': async () => `${JSON.stringify({ width: 1080, height: 1080, photoArea: BACKGROUND_PHOTO_AREA }, null, 2)}\n`,
    'orientation-1.jpg': () => uprightSample().jpeg({ quality: 95 }).toBuffer(),
    'photo-12mp.jpg': () => largePhoto(4000, 3000),
    'photo-48mp.jpg': () => largePhoto(8000, 6000),
    // A phone portrait: the 48 MP pixels stored landscape, tagged to turn upright (6000 × 8000).
    'photo-48mp-orientation-6.jpg': async () => withExifOrientation(await readFile(resolve(outDir, 'photo-48mp.jpg')), 6),
    'photo-sample.png': () => uprightSample().png().toBuffer(),
    'photo-sample.webp': () => uprightSample().webp({ quality: 90 }).toBuffer(),
    'photo-sample.avif': () => uprightSample().avif({ quality: 60, effort: 2 }).toBuffer(),
    'photo-sample.gif': animatedGif,
    'corrupt-truncated.jpg': async () => {
      const whole = await uprightSample().jpeg({ quality: 95 }).toBuffer();
      return whole.subarray(0, Math.floor(whole.length * 0.6));
    },
    'not-an-image.jpg': async () => 'This is a text file with an image extension.\n',
    'document-pdf.jpg': async () => MINIMAL_PDF,
    // 12 000 × 9 000 = 108 MP, but a few hundred kilobytes: only the pixel limit can reject it.
    'huge-pixels.png': () => sharp({ create: { width: 12_000, height: 9_000, channels: 3, background: '#3b82f6' } }).png({ compressionLevel: 9 }).toBuffer(),
  };
  for (const orientation of [2, 3, 4, 5, 6, 7, 8]) makers[`orientation-${orientation}.jpg`] = () => orientedVariant(orientation);
  // PNG carries EXIF orientation too (eXIf chunk), and browsers apply it.
  makers['orientation-6.png'] = async () => sharp(await orientedVariant(6)).png().withMetadata({ orientation: 6 }).toBuffer();
  return makers;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** Writes every missing fixture into `outDir`; returns the names it wrote. */
export async function buildFixtures(outDir = fixturesDir): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const written: string[] = [];
  for (const name of (await readdir(samplesDir)).filter((f) => /^sample\d+\.jpg$/.test(f))) {
    const to = resolve(outDir, name);
    if (await exists(to)) continue;
    await copyFile(resolve(samplesDir, name), to);
    written.push(name);
  }
  for (const [name, make] of Object.entries(fixtureMakers(outDir))) {
    const to = resolve(outDir, name);
    if (await exists(to)) continue;
    // Write then rename, so an interrupted run never leaves a half file that later runs would keep.
    const partial = `${to}.${process.pid}.partial`;
    await writeFile(partial, await make());
    await rename(partial, to);
    written.push(name);
  }
  return written;
}

/** Vitest globalSetup entry: browser tests fetch the fixtures over HTTP, so they must exist first. */
export async function setup(): Promise<void> {
  await buildFixtures();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const written = await buildFixtures();
  console.info(written.length ? `fixtures written: ${written.join(', ')}` : 'fixtures up to date');
}
