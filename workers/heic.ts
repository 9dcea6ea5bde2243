/**
 * HEIC/HEIF decoding with libheif (wasm), for browsers that cannot decode HEIC themselves
 * (all but Safari). The 2 MB module loads lazily, on the first HEIC photo only.
 * `decodeHeic(bytes) → ImageData` of the primary image at full size; libheif applies the HEIF
 * rotation and mirroring (irot/imir), so the pixels come back upright.
 */
import { PipelineError } from '../core/pipelineTypes.ts';

interface HeifImageHandle {
  get_width(): number;
  get_height(): number;
  is_primary(): boolean;
  display(target: ImageData, done: (result: ImageData | null) => void): void;
  free(): void;
}

interface LibHeif {
  HeifDecoder: new () => { decoder: number | null; decode(bytes: Uint8Array): HeifImageHandle[] };
  heif_context_free(context: number): void;
}

let libheif: Promise<LibHeif> | undefined;

function loadLibheif(): Promise<LibHeif> {
  libheif ??= import('libheif-js/libheif-wasm/libheif-bundle.mjs').then(async (module) => (await module.default()) as LibHeif);
  // A failed load must not stick: the next photo retries.
  libheif.catch(() => {
    libheif = undefined;
  });
  return libheif;
}

/** Decodes the primary image; `maxPixels` guards the allocation when the header had no size. */
export async function decodeHeic(bytes: Uint8Array, maxPixels: number): Promise<ImageData> {
  let lib: LibHeif;
  try {
    lib = await loadLibheif();
  } catch (error) {
    throw new PipelineError('DECODE_UNSUPPORTED', `The HEIC decoder could not be loaded: ${String(error)}`);
  }
  const decoder = new lib.HeifDecoder();
  const images = decoder.decode(bytes);
  try {
    const image = images.find((candidate) => candidate.is_primary()) ?? images[0];
    if (!image) throw new PipelineError('DECODE_CORRUPT', 'The HEIC file holds no readable image');
    const width = image.get_width();
    const height = image.get_height();
    if (width * height > maxPixels) throw new PipelineError('DECODE_TOO_LARGE_PIXELS', `The HEIC image has ${width}×${height} pixels`);
    const target = new ImageData(width, height);
    const result = await new Promise<ImageData | null>((resolve) => image.display(target, resolve));
    if (!result) throw new PipelineError('DECODE_CORRUPT', 'The HEIC image data could not be decoded');
    return result;
  } finally {
    for (const image of images) image.free();
    // HeifDecoder has no free(); release its context so the wasm heap can be reused.
    if (decoder.decoder) lib.heif_context_free(decoder.decoder);
    decoder.decoder = null;
  }
}
