/**
 * Timing of holeRegions (run at frame load in a worker) on synthetic frames of 1080² and 4000²,
 * next to findFrameHoles on the same pixels. Figures depend on the machine; no budget is asserted.
 *
 *   npx vitest bench --run --project node core/frame/holeRegions.bench.ts
 */
import { bench, describe } from 'vitest';
import { findFrameHoles } from './findFrameHoles.ts';
import { holeRegions } from './holeRegions.ts';
import { alphaFrame, roundVignette, syntheticFrame, threeWindows } from './syntheticFrames.ts';

const frames = (size: number): [string, Uint8ClampedArray][] => [
  ['round vignette, 1 hole', alphaFrame(size, size, roundVignette(size / 2, size / 2, size / 4, size / 27))],
  ['three windows, hard edges', syntheticFrame(size, size, threeWindows(size, size))],
];

for (const size of [1080, 4000]) {
  for (const [name, alpha] of frames(size)) {
    const frame = { width: size, height: size, alpha };
    const { holes } = findFrameHoles(frame);
    describe(`${size}² ${name}`, () => {
      bench('holeRegions', () => void holeRegions(frame, holes), { iterations: 5, time: 0 });
      bench('findFrameHoles', () => void findFrameHoles(frame), { iterations: 5, time: 0 });
    });
  }
}
