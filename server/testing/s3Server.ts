import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface S3TestServer {
  /** http://127.0.0.1:<port>; use path-style addressing. */
  endpoint: string;
  bucket: string;
  region: string;
  /** s3rver's built-in account. */
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

/**
 * s3rver (with a check of presigned URLs in front, see s3ServerMain.ts) on an ephemeral loopback port, storing into
 * a fresh temp directory that stop() removes. It runs in its own process because s3rver makes its ListObjectsV2
 * continuation tokens with DES, which Node's OpenSSL 3 offers only with --openssl-legacy-provider.
 */
export async function startS3Server(options: { bucket?: string; region?: string } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'bingkai-test';
  const directory = await mkdtemp(join(tmpdir(), 'bingkai-s3rver-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '--import', 'tsx', 'server/testing/s3ServerMain.ts', directory, bucket], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.stdin.end();
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await rm(directory, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`s3rver did not start:\n${output}`)), 20_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /s3rver listening on (\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`s3rver exited early:\n${output}`));
      });
    });
    return { endpoint: `http://127.0.0.1:${port}`, bucket, region: options.region ?? 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
