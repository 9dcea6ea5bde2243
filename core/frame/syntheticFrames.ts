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

/** Synthetic RGBA frame whose alpha at each pixel is `alphaAt(x, y)` (0..255): for soft edges and fades. */
export function alphaFrame(width: number, height: number, alphaAt: (x: number, y: number) => number): Uint8ClampedArray {
  const rgba = syntheticFrame(width, height, () => false);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rgba[(y * width + x) * 4 + 3] = alphaAt(x, y);
  }
  return rgba;
}

/** Alpha 0 at distance ≤ 0 from a shape, ramping linearly to 255 at `fade` px out. */
const fadeOut = (distance: number, fade: number): number => (distance <= 0 ? 0 : distance >= fade ? 255 : Math.round((255 * distance) / fade));

/** A round hole that fades out (a vignette): alpha 0 within `r` of (cx, cy), 255 from r + fade on. */
export const roundVignette =
  (cx: number, cy: number, r: number, fade: number) =>
  (x: number, y: number): number =>
    fadeOut(Math.hypot(x + 0.5 - cx, y + 0.5 - cy) - r, fade);

/** A rectangular hole that fades out over `fade` px around it. */
export const rectVignette =
  (left: number, top: number, width: number, height: number, fade: number) =>
  (x: number, y: number): number =>
    fadeOut(Math.hypot(Math.max(left - (x + 0.5), x + 0.5 - (left + width), 0), Math.max(top - (y + 0.5), y + 0.5 - (top + height), 0)), fade);

/** A square frame with a centred round vignette of radius size/4 fading over `fade` px. */
export const vignetteFrame = (size = 600, fade = 40): Uint8ClampedArray => alphaFrame(size, size, roundVignette(size / 2, size / 2, size / 4, fade));

/** Inside a polygon of [x, y] vertices (even-odd rule), tested at pixel centres. */
export const polygon =
  (vertices: readonly (readonly [number, number])[]) =>
  (x: number, y: number): boolean => {
    const px = x + 0.5;
    const py = y + 0.5;
    let inside = false;
    for (let i = 0, j = vertices.length - 1; i < vertices.length; j = i++) {
      const [xi, yi] = vertices[i]!;
      const [xj, yj] = vertices[j]!;
      if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };

/** A star with `points` tips at radius `outer` from (cx, cy), one pointing up, and its inner corners at `inner` (0.382·outer: a regular pentagram's outline). */
export const star = (cx: number, cy: number, outer: number, inner = outer * 0.382, points = 5): ((x: number, y: number) => boolean) =>
  polygon(
    Array.from({ length: points * 2 }, (_, i) => {
      const r = i % 2 === 0 ? outer : inner;
      const angle = -Math.PI / 2 + (i * Math.PI) / points;
      return [cx + r * Math.cos(angle), cy + r * Math.sin(angle)] as const;
    }),
  );

/** A heart (u² + v² − 1)³ ≤ u²·v³ in units of `size` around (cx, cy), v pointing up: about 2.28·size wide, lobes up to 1.24·size above cy, tip 1·size below. */
export const heart =
  (cx: number, cy: number, size: number) =>
  (x: number, y: number): boolean => {
    const u = (x + 0.5 - cx) / size;
    const v = (cy - (y + 0.5)) / size;
    return (u * u + v * v - 1) ** 3 <= u * u * v * v * v;
  };

export const starFrame = (size = 600): Uint8ClampedArray => syntheticFrame(size, size, star(size / 2, size * 0.53, size * 0.45));
export const heartFrame = (size = 600): Uint8ClampedArray => syntheticFrame(size, size, heart(size / 2, size * 0.52, size * 0.38));

/** Two equal rounded windows side by side, mirror images of each other across the vertical midline. */
export const twoWindows = (width: number, height: number): ((x: number, y: number) => boolean) => {
  const [left, top, w, h] = [Math.round(width * 0.1), Math.round(height * 0.15), Math.round(width * 0.3), Math.round(height * 0.7)];
  const first = roundedRect(left, top, w, h, 24);
  const second = roundedRect(width - left - w, top, w, h, 24);
  return (x, y) => first(x, y) || second(x, y);
};

/** Three windows of different sizes: a tall one on the left, a wide one top right, a round one bottom right. */
export const threeWindows = (width: number, height: number): ((x: number, y: number) => boolean) => {
  const tall = roundedRect(Math.round(width * 0.05), Math.round(height * 0.08), Math.round(width * 0.4), Math.round(height * 0.84), 16);
  const wide = roundedRect(Math.round(width * 0.52), Math.round(height * 0.08), Math.round(width * 0.43), Math.round(height * 0.4), 16);
  const round = circle(width * 0.72, height * 0.74, Math.min(width, height) * 0.17);
  return (x, y) => tall(x, y) || wide(x, y) || round(x, y);
};

export const twoHoleFrame = (width = 800, height = 500): Uint8ClampedArray => syntheticFrame(width, height, twoWindows(width, height));
export const threeHoleFrame = (width = 900, height = 600): Uint8ClampedArray => syntheticFrame(width, height, threeWindows(width, height));
