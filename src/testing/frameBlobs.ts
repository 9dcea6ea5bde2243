/** A twibbon frame as a PNG blob: an opaque square of `color` with a transparent circle. */
export function circleHoleFrameBlob(side: number, hole: { cx: number; cy: number; r: number }, color: readonly [number, number, number]): Promise<Blob> {
  const canvas = new OffscreenCanvas(side, side);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.fillStyle = `rgb(${color.join(',')})`;
  ctx.fillRect(0, 0, side, side);
  ctx.globalCompositeOperation = 'destination-out';
  ctx.beginPath();
  ctx.arc(hole.cx, hole.cy, hole.r, 0, Math.PI * 2);
  ctx.fill();
  return canvas.convertToBlob({ type: 'image/png' });
}
