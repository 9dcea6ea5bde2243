/** Test hooks of the image test worker: hold the working-image decodes back, and list them (core/testing/workingDecodeHook.ts). */
import type { WorkingDecode, WorkingDecodeHook } from '../../core/testing/workingDecodeHook.ts';
import { workingDecoder } from '../workingImage.ts';

const decode = workingDecoder.decode;
const decodes: WorkingDecode[] = [];
let gate: { promise: Promise<void>; open: () => void } | null = null;

workingDecoder.decode = async (file, source, side, maxSide) => {
  const entry: WorkingDecode = { side };
  decodes.push(entry);
  if (gate) await gate.promise;
  const bitmap = await decode(file, source, side, maxSide);
  entry.made = { width: bitmap.width, height: bitmap.height };
  return bitmap;
};

export const workingDecodeHook: WorkingDecodeHook = {
  async holdWorkingDecodes() {
    let open = () => {};
    const promise = new Promise<void>((resolve) => (open = resolve));
    gate = { promise, open };
  },
  async releaseWorkingDecodes() {
    gate?.open();
    gate = null;
  },
  async workingDecodes() {
    return decodes.map((entry) => ({ ...entry }));
  },
};
