/**
 * Builds the frame-analysis wasm kernel: wasm/assembly/frameAlpha.ts → wasm/build/frameAlpha.wasm
 * (git-ignored) with the AssemblyScript compiler from node_modules. Nothing is downloaded.
 * Skips the compile when the output is newer than the source. Run directly: `tsx wasm/build.ts`.
 */
import { mkdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const wasmSource = resolve(here, 'assembly/frameAlpha.ts');
export const wasmOutput = resolve(here, 'build/frameAlpha.wasm');

async function mtime(path: string): Promise<number> {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return 0;
  }
}

/** Compiles the kernel when missing or stale; resolves to the output path. */
export async function buildWasm({ force = false }: { force?: boolean } = {}): Promise<string> {
  if (!force && (await mtime(wasmOutput)) > (await mtime(wasmSource))) return wasmOutput;
  await mkdir(dirname(wasmOutput), { recursive: true });
  const { default: asc } = await import('assemblyscript/asc');
  let log = '';
  const sink = { write: (chunk: string | Uint8Array) => ((log += String(chunk)), true) };
  const { error } = await asc.main(
    // Release build without a GC or imports: the kernel manages its own linear memory.
    [wasmSource, '--outFile', wasmOutput, '-O3', '--noAssert', '--runtime', 'stub', '--use', 'abort='],
    { stdout: sink, stderr: sink },
  );
  if (error) throw new Error(`AssemblyScript build of ${wasmSource} failed: ${error.message}\n${log}`);
  return wasmOutput;
}

/** Vitest globalSetup entry: browser tests need the generated files. */
export async function setup(): Promise<void> {
  await buildWasm();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildWasm().then(
    (out) => console.info(`wasm kernel ready: ${out}`),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
