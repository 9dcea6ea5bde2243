/**
 * The watermark's bundled font (Inter 600, latin subset from @fontsource/inter).
 *
 *   WATERMARK_FONT_FAMILY               the family name to use in `ctx.font`
 *   loadWatermarkFont() → Promise<void> registers it with this realm's FontFaceSet (once)
 *   watermarkFontLoaded() → boolean
 *
 * Loaded from a same-origin URL that Vite emits, so nothing comes from a font CDN and text
 * renders the same on every device (no system font fallback).
 */
import interUrl from '@fontsource/inter/files/inter-latin-600-normal.woff2?url';
import { PipelineError } from '../../core/pipelineTypes.ts';

export const WATERMARK_FONT_FAMILY = 'Bingkai Watermark';

let loading: Promise<void> | undefined;
let loaded = false;

/** Workers expose `self.fonts`, windows `document.fonts`. */
function fontSet(): FontFaceSet {
  const scope = globalThis as unknown as { fonts?: FontFaceSet; document?: { fonts?: FontFaceSet } };
  const set = scope.fonts ?? scope.document?.fonts;
  if (!set) throw new PipelineError('RENDER_FAILED', 'This browser cannot load fonts here.');
  return set;
}

export function loadWatermarkFont(): Promise<void> {
  loading ??= (async () => {
    const face = new FontFace(WATERMARK_FONT_FAMILY, `url(${JSON.stringify(interUrl)}) format('woff2')`, { weight: '600', style: 'normal' });
    await face.load();
    fontSet().add(face);
    loaded = true;
  })().catch((error: unknown) => {
    loading = undefined;
    throw new PipelineError('RENDER_FAILED', `Watermark font failed to load: ${error instanceof Error ? error.message : String(error)}`);
  });
  return loading;
}

export function watermarkFontLoaded(): boolean {
  return loaded;
}
