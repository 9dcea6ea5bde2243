/**
 * Transparent-region labelling in plain TypeScript: the fallback twin of the wasm kernel
 * (wasm/assembly/frameAlpha.ts), with the same algorithm and the same output, record for record.
 *
 * Pixels with alpha < threshold are transparent. Runs of transparent pixels in a row are joined
 * with union-find when they share a column with a run of the row above (4-connectivity).
 */

/** Int32 fields per component record: minX, minY, maxX, maxY (exclusive), area, touchesBorder (0/1). */
export const STAT_FIELDS = 6;

/**
 * Labels transparent components. Returns `count × STAT_FIELDS` values, components in the order
 * of their first pixel in raster order. `pixels` is RGBA (`channels` 4, the default) or an alpha
 * plane of one byte per pixel (`channels` 1); alpha is the last byte of each pixel.
 */
export type AlphaLabeller = (pixels: Uint8Array | Uint8ClampedArray, width: number, height: number, threshold: number, channels?: 1 | 4) => Int32Array;

export const labelAlpha: AlphaLabeller = (rgba, width, height, threshold, channels = 4) => {
  // Run records: x0, x1 (exclusive), y, parent. Grown by doubling.
  let runs = new Int32Array(4 * Math.max(64, height * 2));
  let n = 0;

  const find = (i: number): number => {
    let x = i;
    let p = runs[x * 4 + 3]!;
    while (p !== x) {
      const g = runs[p * 4 + 3]!;
      runs[x * 4 + 3] = g; // path halving; parents only ever point to smaller indices
      x = g;
      p = runs[x * 4 + 3]!;
    }
    return x;
  };

  let prevStart = 0;
  let prevEnd = 0;
  for (let y = 0; y < height; y++) {
    const rowStart = n;
    const alpha = (y * width + 1) * channels - 1;
    let x = 0;
    while (x < width) {
      while (x < width && rgba[alpha + x * channels]! >= threshold) x++;
      if (x >= width) break;
      const x0 = x;
      while (x < width && rgba[alpha + x * channels]! < threshold) x++;
      if ((n + 1) * 4 > runs.length) {
        const grown = new Int32Array(runs.length * 2);
        grown.set(runs);
        runs = grown;
      }
      runs[n * 4] = x0;
      runs[n * 4 + 1] = x;
      runs[n * 4 + 2] = y;
      runs[n * 4 + 3] = n;
      n++;
    }
    // Join with the runs of the row above that share at least one column.
    let j = prevStart;
    for (let i = rowStart; i < n; i++) {
      const a0 = runs[i * 4]!;
      const a1 = runs[i * 4 + 1]!;
      while (j < prevEnd && runs[j * 4 + 1]! <= a0) j++;
      for (let k = j; k < prevEnd && runs[k * 4]! < a1; k++) {
        const ra = find(i);
        const rb = find(k);
        if (ra < rb) runs[rb * 4 + 3] = ra;
        else if (rb < ra) runs[ra * 4 + 3] = rb;
      }
    }
    prevStart = rowStart;
    prevEnd = n;
  }

  // Roots are the smallest index of their set, so one ascending pass resolves every run:
  // a root gets the next component id (stored as ~id in its parent field), others copy it.
  let stats = new Int32Array(STAT_FIELDS * 16);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const x0 = runs[i * 4]!;
    const x1 = runs[i * 4 + 1]!;
    const y = runs[i * 4 + 2]!;
    const p = runs[i * 4 + 3]!;
    const border = x0 === 0 || x1 === width || y === 0 || y === height - 1 ? 1 : 0;
    let id: number;
    if (p === i) {
      id = count++;
      if (count * STAT_FIELDS > stats.length) {
        const grown = new Int32Array(stats.length * 2);
        grown.set(stats);
        stats = grown;
      }
      stats.set([x0, y, x1, y + 1, 0, 0], id * STAT_FIELDS);
    } else {
      id = ~runs[p * 4 + 3]!;
    }
    runs[i * 4 + 3] = ~id;
    const s = id * STAT_FIELDS;
    if (x0 < stats[s]!) stats[s] = x0;
    if (x1 > stats[s + 2]!) stats[s + 2] = x1;
    stats[s + 3] = y + 1; // runs come in raster order, so the last one sets maxY
    stats[s + 4] = stats[s + 4]! + x1 - x0;
    stats[s + 5] = stats[s + 5]! | border;
  }
  return stats.slice(0, count * STAT_FIELDS);
};
