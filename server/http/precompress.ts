import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * What the build stores beside a file, in the order a client is offered them: staticSite.ts serves `x.js.br`
 * for `x.js` to a client that accepts br, else `x.js.gz` to one that accepts gzip, else `x.js`.
 */
export const PRECOMPRESSED_SUFFIXES = ['.br', '.gz'] as const;

/**
 * Files worth compressing: text, and the binary assets that measured a gain of more than 10 % (MediaPipe's wasm
 * 79 % with brotli, the .tflite models 19–20 %). Images, fonts (woff2) and media are compressed already.
 * Source maps are left out: only devtools fetch them, and brotli 11 on megabytes of maps slows every build.
 */
const COMPRESSIBLE_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.wasm', '.tflite', '.task']);

/** Below this a compressed copy saves less than the headers and the extra file cost. */
const MIN_BYTES = 1024;
/** A copy is kept only when it saves at least this share of the original (the bar for binary assets). */
const MIN_SAVING = 0.1;

export function isPrecompressible(path: string): boolean {
  return COMPRESSIBLE_EXTENSIONS.has(extname(path).toLowerCase());
}

export interface PrecompressedFile {
  /** Path relative to the directory that was compressed, with forward slashes. */
  file: string;
  bytes: number;
  /** Size of the .br / .gz copy, or null when it would not save enough and was not written. */
  br: number | null;
  gz: number | null;
}

/** Brotli at its best: it runs once per build, not per request (MediaPipe's 13 MB wasm alone takes ~25 s). */
function compressBoth(bytes: Buffer, path: string): Promise<[Buffer, Buffer]> {
  return Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: /\.(wasm|tflite|task)$/i.test(path) ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
}

/**
 * Compressed copies by content hash, so a rebuild compresses only what changed: most chunks, the fonts'
 * neighbours and the MediaPipe files come out byte for byte the same build after build.
 */
async function compressCached(bytes: Buffer, path: string, cacheDir: string | undefined, used: Set<string>): Promise<[Buffer, Buffer]> {
  if (!cacheDir) return compressBoth(bytes, path);
  const key = createHash('sha256').update(bytes).digest('hex');
  used.add(`${key}.br`).add(`${key}.gz`);
  const [brPath, gzPath] = [join(cacheDir, `${key}.br`), join(cacheDir, `${key}.gz`)];
  try {
    return await Promise.all([readFile(brPath), readFile(gzPath)]);
  } catch {
    const [br, gz] = await compressBoth(bytes, path);
    // Written under a temporary name then renamed: a build running beside this one never reads half a file.
    const temporary = `.${process.pid}-${Math.random().toString(36).slice(2)}`;
    await Promise.all([writeFile(brPath + temporary, br), writeFile(gzPath + temporary, gz)]);
    await Promise.all([rename(brPath + temporary, brPath), rename(gzPath + temporary, gzPath)]);
    return [br, gz];
  }
}

/** Writes path.br and path.gz when each saves enough; what it wrote, for the build's figures. */
export async function precompressFile(path: string, root = '', cache?: { dir: string; used: Set<string> }): Promise<PrecompressedFile> {
  const bytes = await readFile(path);
  const file = relative(root, path).replace(/\\/g, '/');
  if (bytes.length < MIN_BYTES) return { file, bytes: bytes.length, br: null, gz: null };
  const [br, gz] = await compressCached(bytes, path, cache?.dir, cache?.used ?? new Set());
  const keep = async (compressed: Buffer, suffix: string) => {
    if (compressed.length > bytes.length * (1 - MIN_SAVING)) return null;
    await writeFile(path + suffix, compressed);
    return compressed.length;
  };
  return { file, bytes: bytes.length, br: await keep(br, '.br'), gz: await keep(gz, '.gz') };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      // Dot folders hold build metadata (.vite/manifest.json), never served.
      .filter((entry) => !entry.name.startsWith('.'))
      .map(async (entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) return listFiles(path);
        return entry.isFile() ? [path] : [];
      }),
  );
  return nested.flat();
}

/**
 * Writes `.br` and `.gz` beside every compressible file under dir (a built client). Runs the files side by
 * side: zlib's async calls spread over libuv's thread pool. With a cacheDir, copies of unchanged content are
 * reused, and entries this build did not use are dropped so the cache holds one build's worth.
 */
export async function precompressDir(dir: string, { cacheDir }: { cacheDir?: string } = {}): Promise<PrecompressedFile[]> {
  const files = (await listFiles(dir)).filter(isPrecompressible);
  const cache = cacheDir ? { dir: cacheDir, used: new Set<string>() } : undefined;
  if (cacheDir) await mkdir(cacheDir, { recursive: true });
  const results = await Promise.all(files.map((file) => precompressFile(file, dir, cache)));
  if (cache) {
    const stale = (await readdir(cache.dir)).filter((name) => !cache.used.has(name) && !name.includes('.br.') && !name.includes('.gz.'));
    await Promise.all(stale.map((name) => rm(join(cache.dir, name), { force: true })));
  }
  return results.sort((a, b) => a.file.localeCompare(b.file));
}
