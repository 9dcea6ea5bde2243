// @ts-nocheck -- AssemblyScript (i32, load/store, memory.grow), compiled by wasm/build.ts with asc, not by tsc.
/**
 * Transparent-region labelling kernel (see workers/frameAnalysis.ts for the contract).
 *
 * The caller copies RGBA pixels to `inputOffset()` and calls `label(width, height, threshold)`.
 * Pixels with alpha < threshold are transparent. Runs of transparent pixels are joined with
 * union-find when they overlap a run of the row above (4-connectivity). The result is
 * `count` records of six i32 at `statsOffset()`: minX, minY, maxX, maxY (exclusive),
 * area, touchesBorder (0/1), in the order of each component's first pixel in raster order.
 * core/frame/labelAlpha.ts is the same algorithm in TypeScript; both must stay identical.
 */

const RUN_BYTES: usize = 16; // x0, x1 (exclusive), y, parent
const STAT_BYTES: usize = 24;

let statsAt: usize = 0;

export function inputOffset(): usize {
  return (__heap_base + 15) & ~15;
}

export function statsOffset(): usize {
  return statsAt;
}

/** Grows the memory so that [0, end) is addressable; traps when the host refuses. */
function reserve(end: usize): void {
  const have = (<usize>memory.size()) << 16;
  if (end <= have) return;
  const pages = <i32>((end - have + 0xffff) >> 16);
  if (memory.grow(pages) < 0) unreachable();
}

function parentOf(runs: usize, i: i32): i32 {
  return load<i32>(runs + <usize>i * RUN_BYTES, 12);
}

function setParent(runs: usize, i: i32, p: i32): void {
  store<i32>(runs + <usize>i * RUN_BYTES, p, 12);
}

function find(runs: usize, i: i32): i32 {
  let x = i;
  let p = parentOf(runs, x);
  while (p != x) {
    const g = parentOf(runs, p);
    setParent(runs, x, g); // path halving; parents only ever point to smaller indices
    x = g;
    p = parentOf(runs, x);
  }
  return x;
}

function union(runs: usize, a: i32, b: i32): void {
  const ra = find(runs, a);
  const rb = find(runs, b);
  if (ra < rb) setParent(runs, rb, ra);
  else if (rb < ra) setParent(runs, ra, rb);
}

export function label(width: i32, height: i32, threshold: i32): i32 {
  const input = inputOffset();
  const rowBytes = <usize>width << 2;
  const runs = (input + rowBytes * <usize>height + 15) & ~15;
  reserve(runs);
  let n: i32 = 0;
  let prevStart: i32 = 0;
  let prevEnd: i32 = 0;
  for (let y: i32 = 0; y < height; y++) {
    const rowStart = n;
    const alpha = input + rowBytes * <usize>y + 3;
    let x: i32 = 0;
    while (x < width) {
      while (x < width && <i32>load<u8>(alpha + (<usize>x << 2)) >= threshold) x++;
      if (x >= width) break;
      const x0 = x;
      while (x < width && <i32>load<u8>(alpha + (<usize>x << 2)) < threshold) x++;
      const r = runs + <usize>n * RUN_BYTES;
      reserve(r + RUN_BYTES);
      store<i32>(r, x0, 0);
      store<i32>(r, x, 4);
      store<i32>(r, y, 8);
      store<i32>(r, n, 12);
      n++;
    }
    // Join with the runs of the row above that share at least one column.
    let j = prevStart;
    for (let i = rowStart; i < n; i++) {
      const r = runs + <usize>i * RUN_BYTES;
      const a0 = load<i32>(r, 0);
      const a1 = load<i32>(r, 4);
      while (j < prevEnd && load<i32>(runs + <usize>j * RUN_BYTES, 4) <= a0) j++;
      let k = j;
      while (k < prevEnd && load<i32>(runs + <usize>k * RUN_BYTES, 0) < a1) {
        union(runs, i, k);
        k++;
      }
    }
    prevStart = rowStart;
    prevEnd = n;
  }

  // Roots are the smallest index of their set, so one ascending pass resolves every run:
  // a root gets the next component id (stored as ~id in its parent field), others copy it.
  const stats = (runs + <usize>n * RUN_BYTES + 15) & ~15;
  statsAt = stats;
  reserve(stats);
  let count: i32 = 0;
  for (let i: i32 = 0; i < n; i++) {
    const r = runs + <usize>i * RUN_BYTES;
    const x0 = load<i32>(r, 0);
    const x1 = load<i32>(r, 4);
    const y = load<i32>(r, 8);
    const p = load<i32>(r, 12);
    const border: i32 = x0 == 0 || x1 == width || y == 0 || y == height - 1 ? 1 : 0;
    let id: i32;
    if (p == i) {
      id = count++;
      const s = stats + <usize>id * STAT_BYTES;
      reserve(s + STAT_BYTES);
      store<i32>(s, x0, 0);
      store<i32>(s, y, 4);
      store<i32>(s, x1, 8);
      store<i32>(s, y + 1, 12);
      store<i32>(s, 0, 16);
      store<i32>(s, 0, 20);
    } else {
      id = ~load<i32>(runs + <usize>p * RUN_BYTES, 12);
    }
    store<i32>(r, ~id, 12);
    const s = stats + <usize>id * STAT_BYTES;
    if (x0 < load<i32>(s, 0)) store<i32>(s, x0, 0);
    if (x1 > load<i32>(s, 8)) store<i32>(s, x1, 8);
    store<i32>(s, y + 1, 12); // runs come in raster order, so the last one sets maxY
    store<i32>(s, load<i32>(s, 16) + x1 - x0, 16);
    store<i32>(s, load<i32>(s, 20) | border, 20);
  }
  return count;
}
