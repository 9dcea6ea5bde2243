import { EDGE_SAMPLE_SIDE, ringMeanColor, sampleSize } from '../../../core/holeFill.ts';

const colors = new WeakMap<CanvasImageSource, string>();

/**
 * The 'edge' fill's colour of a photo (core/holeFill.ts ringMeanColor of a small copy), read from
 * the page's canvas. Computed once per picture (the adjuster asks on every render).
 */
export function photoEdgeColor(image: CanvasImageSource & { width: number; height: number }): string {
  const known = colors.get(image);
  if (known) return known;
  const { width, height } = sampleSize(image, EDGE_SAMPLE_SIDE);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return 'rgb(128, 128, 128)';
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);
  const color = ringMeanColor(context.getImageData(0, 0, width, height).data, width, height);
  colors.set(image, color);
  return color;
}
