/** The longest side of the copy the edge colour is read from (as workers/holeFill.ts reads it). */
const SAMPLE_SIDE = 64;

const colors = new WeakMap<CanvasImageSource, string>();

/**
 * The 'edge' fill's colour of a photo: the alpha-weighted mean of the outermost pixel ring of a
 * small copy, as a CSS colour. Computed once per picture (the adjuster asks on every render).
 */
export function photoEdgeColor(image: CanvasImageSource & { width: number; height: number }): string {
  const known = colors.get(image);
  if (known) return known;
  const k = Math.min(1, SAMPLE_SIDE / Math.max(image.width, image.height, 1));
  const width = Math.max(1, Math.round(image.width * k));
  const height = Math.max(1, Math.round(image.height * k));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return 'rgb(128, 128, 128)';
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);
  const { data } = context.getImageData(0, 0, width, height);
  let [r, g, b, a, n] = [0, 0, 0, 0, 0];
  for (let y = 0; y < height; y++) {
    const ring = y === 0 || y === height - 1;
    for (let x = 0; x < width; x += ring || width === 1 ? 1 : width - 1) {
      const i = (y * width + x) * 4;
      const alpha = data[i + 3]!;
      r += data[i]! * alpha;
      g += data[i + 1]! * alpha;
      b += data[i + 2]! * alpha;
      a += alpha;
      n++;
    }
  }
  const color = a === 0 ? 'rgba(0, 0, 0, 0)' : `rgba(${Math.round(r / a)}, ${Math.round(g / a)}, ${Math.round(b / a)}, ${(a / n / 255).toFixed(3)})`;
  colors.set(image, color);
  return color;
}
