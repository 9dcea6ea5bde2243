/**
 * Export stage of the frame designer: a design document → a transparent PNG at its native size,
 * analysed like an uploaded frame.
 *
 *   renderDesignToCanvas(document, options?) → Promise<OffscreenCanvas>
 *   exportDesign(document, options?)         → Promise<{ canvas, png, analysis }>
 *
 * Runs in the image worker (also works on a window with OffscreenCanvas): the document is
 * validated, its embedded images decoded (base64 → Blob → createImageBitmap), the fonts its text
 * uses loaded into this realm's FontFaceSet, then drawDesign paints it (designRender.ts).
 * Errors: FRAME_INVALID for a document that does not parse or an image that does not decode,
 * RENDER_FAILED for fonts or a missing canvas, the frame analysis' FRAME_NOT_TRANSPARENT for a
 * 'frame' design without a hole, FRAME_HOLE_COVERED for one whose holes would show but are painted
 * over by the layers above them, ENCODE_FAILED from the PNG encoder.
 */
import { designDocument, designProblems, walkElements, type DesignDocument, type DesignElement, type DesignFontId } from '../contract/design.ts';
import { loadDesignFonts } from '../core/design/designFonts.ts';
import { drawDesign, type DesignImages } from '../core/design/designRender.ts';
import { encodeImage } from './encode.ts';
import { analyzeFrame } from './frameAnalysis.ts';
import { PipelineError, type FrameAnalysis } from '../core/pipelineTypes.ts';

export interface ExportDesignOptions {
  /** Where fonts load; default this realm's (`self.fonts` in a worker, `document.fonts` on a page). */
  fonts?: FontFaceSet;
  /** Called between steps; throws to stop (the image worker's cancel). */
  checkpoint?: () => void;
}

export interface DesignExport {
  /** The rendered design, kept by the worker as the loaded frame. */
  canvas: OffscreenCanvas;
  png: Blob;
  analysis: FrameAnalysis;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

function realmFonts(): FontFaceSet {
  const scope = globalThis as unknown as { fonts?: FontFaceSet; document?: { fonts?: FontFaceSet } };
  const set = scope.fonts ?? scope.document?.fonts;
  if (!set) throw new PipelineError('RENDER_FAILED', 'This browser cannot load fonts here.');
  return set;
}

/** The document parsed against the schema and its tree rules; anything else is FRAME_INVALID. */
export function validDesign(document: unknown): DesignDocument {
  const parsed = designDocument.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PipelineError('FRAME_INVALID', `The design is not valid: ${issue ? `${issue.path.join('.') || 'document'}: ${issue.message}` : 'unknown problem'}`);
  }
  const problems = designProblems(parsed.data);
  if (problems.length > 0) throw new PipelineError('FRAME_INVALID', `The design is not valid: ${problems.join(', ')}`);
  return parsed.data;
}

/** Decodes the embedded images that elements use. Callers close the bitmaps. */
export async function decodeDesignAssets(document: DesignDocument): Promise<Map<string, ImageBitmap>> {
  const used = new Set<string>();
  for (const { element } of walkElements(document.elements)) if (element.type === 'image') used.add(element.assetId);
  const images = new Map<string, ImageBitmap>();
  try {
    for (const id of used) {
      const asset = document.assets[id];
      if (!asset) throw new PipelineError('FRAME_INVALID', `The design uses image "${id}", which it does not embed.`);
      let bytes: Uint8Array<ArrayBuffer>;
      try {
        bytes = Uint8Array.from(atob(asset.data), (char) => char.charCodeAt(0));
      } catch (error) {
        throw new PipelineError('FRAME_INVALID', `Image "${id}" is not valid base64: ${message(error)}`);
      }
      try {
        images.set(id, await createImageBitmap(new Blob([bytes], { type: asset.mime })));
      } catch (error) {
        throw new PipelineError('FRAME_INVALID', `Image "${id}" could not be decoded as ${asset.mime}: ${message(error)}`);
      }
    }
    return images;
  } catch (error) {
    for (const bitmap of images.values()) bitmap.close();
    throw error;
  }
}

/** The fonts the document's text elements use. */
export function designFontIds(document: DesignDocument): DesignFontId[] {
  const ids = new Set<DesignFontId>();
  for (const { element } of walkElements(document.elements)) if (element.type === 'text') ids.add(element.fontFamily);
  return [...ids];
}

async function render(document: DesignDocument, options: ExportDesignOptions): Promise<OffscreenCanvas> {
  const checkpoint = options.checkpoint ?? (() => undefined);
  await loadDesignFonts(options.fonts ?? realmFonts(), designFontIds(document));
  checkpoint();
  const images = await decodeDesignAssets(document);
  try {
    checkpoint();
    const canvas = new OffscreenCanvas(document.width, document.height);
    const context = canvas.getContext('2d');
    if (!context) throw new PipelineError('RENDER_FAILED', 'No 2D context to draw the design');
    const lookup: DesignImages = { get: (id) => images.get(id) };
    drawDesign(context, document, lookup);
    return canvas;
  } finally {
    for (const bitmap of images.values()) bitmap.close();
  }
}

/** Draws the document at native size on a fresh transparent canvas. */
export function renderDesignToCanvas(input: unknown, options: ExportDesignOptions = {}): Promise<OffscreenCanvas> {
  return render(validDesign(input), options);
}

/** The hole elements alone (groups kept around those inside them), everything else left out. */
function holesOf(elements: readonly DesignElement[]): DesignElement[] {
  return elements.flatMap((element): DesignElement[] => {
    if (element.hole) return [element];
    if (element.type !== 'group') return [];
    const children = holesOf(element.children);
    return children.length > 0 ? [{ ...element, children }] : [];
  });
}

/** The analysis of the canvas as a frame of the document's kind. */
async function analyse(document: DesignDocument, canvas: OffscreenCanvas): Promise<FrameAnalysis> {
  const { width, height } = canvas;
  const context = canvas.getContext('2d');
  if (!context) throw new PipelineError('RENDER_FAILED', 'No 2D context to read the design');
  return analyzeFrame(context.getImageData(0, 0, width, height).data, width, height, { kind: document.kind });
}

/**
 * Whether the holes would leave a usable photo area on their own, over an opaque canvas: when they do but
 * the whole design does not, what is drawn above them covers them.
 */
async function holesWouldShow(document: DesignDocument, options: ExportDesignOptions): Promise<boolean> {
  const elements = holesOf(document.elements);
  if (elements.length === 0) return false;
  const alone = await render({ ...document, background: { kind: 'solid', color: '#000000' }, elements }, options);
  return analyse(document, alone).then(
    () => true,
    () => false,
  );
}

/** Renders, analyses (as a frame of the document's kind) and encodes the design as PNG. */
export async function exportDesign(input: unknown, options: ExportDesignOptions = {}): Promise<DesignExport> {
  const document = validDesign(input);
  const canvas = await render(document, options);
  let analysis: FrameAnalysis;
  try {
    analysis = await analyse(document, canvas);
  } catch (error) {
    if (error instanceof PipelineError && error.code === 'FRAME_NOT_TRANSPARENT' && (await holesWouldShow(document, options))) {
      throw new PipelineError('FRAME_HOLE_COVERED', 'The design has a photo hole, but the layers drawn above it cover it, so the photo cannot show through.');
    }
    throw error;
  }
  options.checkpoint?.();
  const png = await encodeImage(canvas, { format: 'png' });
  options.checkpoint?.();
  return { canvas, png, analysis };
}
