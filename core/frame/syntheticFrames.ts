/** Synthetic RGBA frames for the labelling tests: opaque everywhere except where `clear(x, y)` holds. */
export function syntheticFrame(width: number, height: number, clear: (x: number, y: number) => boolean, opaqueAlpha = 255): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      rgba[i] = (x * 7) & 255;
      rgba[i + 1] = (y * 5) & 255;
      rgba[i + 2] = 90;
      rgba[i + 3] = clear(x, y) ? 0 : opaqueAlpha;
    }
  }
  return rgba;
}

export const circle = (cx: number, cy: number, r: number) => (x: number, y: number) => (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r;

export const roundedRect =
  (left: number, top: number, width: number, height: number, radius: number) =>
  (x: number, y: number): boolean => {
    if (x < left || y < top || x >= left + width || y >= top + height) return false;
    const dx = Math.max(left + radius - (x + 0.5), x + 0.5 - (left + width - radius), 0);
    const dy = Math.max(top + radius - (y + 0.5), y + 0.5 - (top + height - radius), 0);
    return dx * dx + dy * dy <= radius * radius;
  };

/** Components found by a plain flood fill (the test oracle), as sorted "minX,minY,maxX,maxY,area,border" strings. */
export function floodFillComponents(rgba: ArrayLike<number>, width: number, height: number, threshold: number): string[] {
  const seen = new Uint8Array(width * height);
  const found: string[] = [];
  const stack: number[] = [];
  for (let start = 0; start < width * height; start++) {
    if (seen[start] || rgba[start * 4 + 3]! >= threshold) continue;
    let [minX, minY, maxX, maxY, area, border] = [width, height, 0, 0, 0, 0];
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const p = stack.pop()!;
      const x = p % width;
      const y = (p - x) / width;
      area++;
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x + 1);
      maxY = Math.max(maxY, y + 1);
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) border = 1;
      for (const [nx, ny] of [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]] as const) {
        const q = ny * width + nx;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height || seen[q] || rgba[q * 4 + 3]! >= threshold) continue;
        seen[q] = 1;
        stack.push(q);
      }
    }
    found.push([minX, minY, maxX, maxY, area, border].join(','));
  }
  return found.sort();
}

/** Kernel output as the same sorted strings. */
export function componentStrings(stats: Int32Array, fields: number): string[] {
  const out: string[] = [];
  for (let s = 0; s < stats.length; s += fields) out.push(Array.from(stats.subarray(s, s + fields)).join(','));
  return out.sort();
}
