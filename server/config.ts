import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

export interface AppConfig {
  port: number;
  host: string;
  /** Absolute path of the data directory (PGlite data, files, secrets). */
  dataDir: string;
  /** PostgreSQL connection string; PGlite under dataDir when absent. */
  databaseUrl: string | undefined;
  /** PGlite data directory, or 'memory://' for an in-memory database (tests). */
  pgliteDir: string;
  redisUrl: string | undefined;
  /** Prefix of every Redis key this app writes (several apps or test runs can share one Redis). */
  redisPrefix: string;
  /** Origin used in absolute links (no trailing slash); '' means same-origin relative URLs. */
  publicUrl: string;
  /** From REQUEST_SIGNING_SECRET; resolved from dataDir/secrets when absent. */
  requestSigningSecret: string | undefined;
  /** Built client directory. */
  distDir: string;
  logLevel: string;
  /** Requests per minute per client on /api. */
  rateLimitMax: number;
  /** Largest JSON body accepted. */
  jsonBodyLimit: number;
  /** Largest file accepted by storage and the upload route. */
  maxUploadBytes: number;
}

const MiB = 1024 * 1024;

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): AppConfig {
  const dataDir = resolve(cwd, env.DATA_DIR || './data');
  return {
    port: intFrom(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: join(dataDir, 'pglite'),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'bingkai:',
    publicUrl: (env.PUBLIC_URL || '').replace(/\/+$/, ''),
    requestSigningSecret: env.REQUEST_SIGNING_SECRET || undefined,
    distDir: resolve(cwd, env.DIST_DIR || './dist'),
    logLevel: env.LOG_LEVEL || 'info',
    rateLimitMax: intFrom(env.RATE_LIMIT_MAX, 600, 'RATE_LIMIT_MAX'),
    jsonBodyLimit: MiB,
    maxUploadBytes: intFrom(env.MAX_UPLOAD_BYTES, 15 * MiB, 'MAX_UPLOAD_BYTES'),
  };
}

/**
 * The request-signing secret: the configured one, else one generated on first start and kept in
 * dataDir/secrets so tokens and signed URLs survive restarts. Never stored in the repository.
 */
export async function resolveSigningSecret(config: AppConfig): Promise<Uint8Array> {
  if (config.requestSigningSecret) {
    if (config.requestSigningSecret.length < 32) throw new Error('REQUEST_SIGNING_SECRET must be at least 32 characters');
    return new TextEncoder().encode(config.requestSigningSecret);
  }
  const file = join(config.dataDir, 'secrets', 'request-signing.key');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return new TextEncoder().encode(stored);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const generated = randomBytes(32).toString('base64url');
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, generated + '\n', { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    // Another instance created it first: use theirs.
    if (error.code !== 'EEXIST') throw error;
  });
  return new TextEncoder().encode((await readFile(file, 'utf8')).trim());
}
