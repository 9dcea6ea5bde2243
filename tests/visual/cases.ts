/**
 * The golden-image cases: face samples × frames, every background choice, EXIF-rotated
 * variants (compared with the upright photo's golden), HEIC, a 2× output and the watermark.
 * Shared by the Playwright spec (node) and the harness page (browser): plain data only.
 */

export type BackgroundSpec = { kind: 'keep' } | { kind: 'blur'; radius: number } | { kind: 'color'; color: string } | { kind: 'design' };

export interface CaseSpec {
  /** Same-origin URL of the photo. */
  photo: string;
  /** Same-origin URL of the frame PNG. */
  frame: string;
  background: BackgroundSpec;
  /** Same-origin URL of the picture behind the person (background 'design'). */
  backgroundImage?: string;
  watermark?: { text: string; logo?: 'bingkai'; position: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right' };
  format: 'png' | 'jpeg';
  outputScale: 1 | 2;
  /** Frame pixels added to the automatic placement (negative tests: a misplaced photo must fail). */
  shift?: { x: number; y: number };
  /** Placement to use instead of the automatic one. */
  transform?: { x: number; y: number; scale: number; rotation: number };
}

export interface VisualCase {
  name: string;
  spec: CaseSpec;
  /**
   * Compared with this case's golden instead of its own (EXIF variants → the upright photo), and
   * rendered with that golden's placement: the faces found are compared separately (IoU), so a
   * lossy re-encoding that moves a face box by a pixel or two does not shift the whole picture.
   */
  goldenOf?: string;
  /** faces.json entry the detected faces must match, with the scale of this photo relative to that file. */
  handMarked?: { sample: string; scale: number };
}

const FIXTURES = '/tests/fixtures/generated';
const frame = (name: 'circle' | 'rounded' | 'two-holes') => `${FIXTURES}/frame-${name}.png`;
const keep = { kind: 'keep' } as const;
const WATERMARK = { text: 'Made with Bingkai', logo: 'bingkai', position: 'bottom-right' } as const;

function sampleCase(n: number, frameName: Parameters<typeof frame>[0], extra: Partial<CaseSpec> = {}, suffix = ''): VisualCase {
  return {
    name: `sample${n}-${frameName}${suffix}`,
    spec: { photo: `${FIXTURES}/sample${n}.jpg`, frame: frame(frameName), background: keep, format: 'png', outputScale: 1, ...extra },
    handMarked: { sample: `sample${n}.jpg`, scale: 1 },
  };
}

const backgrounds: { name: string; background: BackgroundSpec; backgroundImage?: string }[] = [
  { name: 'keep', background: keep },
  { name: 'blur', background: { kind: 'blur', radius: 12 } },
  { name: 'color', background: { kind: 'color', color: '#fde68a' } },
  { name: 'design', background: { kind: 'design' }, backgroundImage: `${FIXTURES}/background-design.png` },
];

/** orientation-1.jpg is sample1.jpg scaled to 960 × 640. */
const upright = 'orientation-1-circle';

export const VISUAL_CASES: VisualCase[] = [
  sampleCase(1, 'circle'),
  sampleCase(2, 'circle'),
  sampleCase(3, 'rounded'),
  sampleCase(4, 'two-holes'),
  sampleCase(5, 'circle', { watermark: WATERMARK }, '-watermark'),
  sampleCase(1, 'circle', { watermark: WATERMARK, outputScale: 2 }, '-2x-watermark'),
  sampleCase(2, 'rounded', { format: 'jpeg' }, '-jpeg'),
  ...backgrounds.map(({ name, background, backgroundImage }) => ({
    ...sampleCase(6, 'circle', { background, ...(backgroundImage ? { backgroundImage } : {}) }),
    name: `sample6-circle-background-${name}`,
  })),
  {
    name: upright,
    spec: { photo: `${FIXTURES}/orientation-1.jpg`, frame: frame('circle'), background: keep, format: 'png', outputScale: 1 },
    handMarked: { sample: 'sample1.jpg', scale: 0.5 },
  },
  ...[2, 3, 4, 5, 6, 7, 8].map((orientation) => ({
    name: `orientation-${orientation}-circle`,
    spec: { photo: `${FIXTURES}/orientation-${orientation}.jpg`, frame: frame('circle'), background: keep, format: 'png' as const, outputScale: 1 as const },
    goldenOf: upright,
    handMarked: { sample: 'sample1.jpg', scale: 0.5 },
  })),
  // The HEIC fixtures hold orientation-1.jpg's picture: upright, and stored turned with EXIF orientation 6.
  {
    name: 'heic-circle',
    spec: { photo: '/tests/fixtures/photo-sample.heic', frame: frame('circle'), background: keep, format: 'png', outputScale: 1 },
    handMarked: { sample: 'sample1.jpg', scale: 0.5 },
  },
  {
    name: 'heic-orientation-6-circle',
    spec: { photo: '/tests/fixtures/photo-orientation-6.heic', frame: frame('circle'), background: keep, format: 'png', outputScale: 1 },
    goldenOf: 'heic-circle',
    handMarked: { sample: 'sample1.jpg', scale: 0.5 },
  },
];

/** What `window.runCase` hands back to the spec. */
export interface CaseResult {
  /** The rendered output as PNG (JPEG outputs are decoded and re-encoded losslessly), base64. */
  pngBase64: string;
  width: number;
  height: number;
  /** Working-image size: the space of faces and transform. */
  photoSize: { width: number; height: number };
  /** Size of the preview proxy loadPhoto returned (must have the working image's shape). */
  proxySize: { width: number; height: number };
  faces: { box: { x: number; y: number; width: number; height: number }; score: number }[];
  transform: { x: number; y: number; scale: number; rotation: number };
  stages: Record<string, number>;
}
