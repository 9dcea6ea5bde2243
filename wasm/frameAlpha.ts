/**
 * Loader (a lazy chunk) of the wasm labelling kernel (wasm/assembly/frameAlpha.ts, built by wasm/build.ts).
 * Vite's `?init` import fetches the same-origin asset in the browser and reads the file in node
 * (vitest), so one code path serves the worker and the tests. `loadFrameAlpha()` resolves to an
 * AlphaLabeller with the same contract as the TypeScript twin `labelAlpha` (RGBA or an alpha plane), or rejects when the
 * kernel is not built or WebAssembly is unavailable (callers fall back to `labelAlpha`).
 */
import { STAT_FIELDS, type AlphaLabeller } from '../core/frame/labelAlpha.ts';

interface KernelExports {
  memory: WebAssembly.Memory;
  inputOffset(): number;
  statsOffset(): number;
  label(width: number, height: number, threshold: number): number;
}

/** Memory kept between calls; a bigger frame's instance is dropped after use so the worker does not hold it. */
const KEEP_BYTES = 32 * 1024 * 1024;

let kernel: Promise<KernelExports> | undefined;

export async function loadFrameAlpha(): Promise<AlphaLabeller> {
  const loading = (kernel ??= import('./build/frameAlpha.wasm?init').then(async ({ default: init }) => (await init()).exports as unknown as KernelExports));
  const wasm = await loading;
  return (pixels, width, height, threshold, channels = 4) => {
    const input = wasm.inputOffset();
    const bytes = width * height * 4;
    const missing = input + bytes - wasm.memory.buffer.byteLength;
    if (missing > 0) wasm.memory.grow(Math.ceil(missing / 65536));
    const memory = new Uint8Array(wasm.memory.buffer, input, bytes);
    if (channels === 4) memory.set(pixels.subarray(0, bytes));
    // The kernel reads RGBA: an alpha plane goes to every fourth byte (the others are never read).
    else for (let i = 0; i < width * height; i++) memory[i * 4 + 3] = pixels[i]!;
    const count = wasm.label(width, height, threshold);
    // The kernel may have grown the memory: take the buffer only after the call.
    const stats = new Int32Array(wasm.memory.buffer, wasm.statsOffset(), count * STAT_FIELDS).slice();
    if (wasm.memory.buffer.byteLength > KEEP_BYTES && kernel === loading) kernel = undefined;
    return stats;
  };
}
