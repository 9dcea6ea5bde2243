import sharp from 'sharp';

/**
 * A frame's perceptual fingerprint: a 64-bit difference hash (dHash) of what people see of it. The frame is laid
 * on mid-grey (so its transparent holes read the same whatever colour a copy stores under them), made greyscale,
 * shrunk to 9×8 and each pixel compared with its right neighbour: bit set when brighter. Re-encoding, resizing and
 * a slight recolouring keep the hash within a few bits; a different design lands about 32 bits away.
 */
const GREY = { r: 128, g: 128, b: 128 };

/** Two frames this close (bits that differ out of 64) are shown to staff as one copied from the other. */
export const FRAME_MATCH_MAX_DISTANCE = 6;

/** The unsigned 64-bit dHash of an image's visible pixels. */
export async function frameHash(image: Uint8Array): Promise<bigint> {
  // Flattened first, in its own pass: sharp would otherwise resize before it flattens.
  const { data, info } = await sharp(image, { limitInputPixels: 8192 * 8192 }).flatten({ background: GREY }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const small = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .resize(9, 8, { fit: 'fill', kernel: 'cubic' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  let hash = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) hash = (hash << 1n) | (small[y * 9 + x]! < small[y * 9 + x + 1]! ? 1n : 0n);
  }
  return hash;
}

/** Below this spread of brightness (0–255) across its visible pixels, a frame is plain: one colour around a hole. */
export const PLAIN_FRAME_MAX_SPREAD = 8;

/**
 * The standard deviation of the brightness of a frame's visible (mostly opaque) pixels, on a 64² copy. A plain
 * frame's hash is only the shape of its hole, which countless unrelated frames share: too little to call a copy.
 */
export async function frameDetail(image: Uint8Array): Promise<number> {
  const pixels = await sharp(image, { limitInputPixels: 8192 * 8192 }).ensureAlpha().resize(64, 64, { fit: 'fill' }).raw().toBuffer();
  let n = 0;
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < pixels.length; i += 4) {
    if (pixels[i + 3]! < 128) continue;
    const luma = 0.299 * pixels[i]! + 0.587 * pixels[i + 1]! + 0.114 * pixels[i + 2]!;
    n++;
    sum += luma;
    squares += luma * luma;
  }
  return n === 0 ? 0 : Math.sqrt(Math.max(0, squares / n - (sum / n) ** 2));
}

/** The hash as PostgreSQL's signed bigint stores it, and back. */
export const toSignedHash = (hash: bigint): bigint => BigInt.asIntN(64, hash);
export const fromSignedHash = (stored: bigint): bigint => BigInt.asUintN(64, stored);

/** How many of the 64 bits differ. */
export function hammingDistance(a: bigint, b: bigint): number {
  let diff = BigInt.asUintN(64, a ^ b);
  let bits = 0;
  while (diff) {
    bits += Number(diff & 1n);
    diff >>= 1n;
  }
  return bits;
}
