/**
 * The real app for the benchmark: `npm start` (client built when stale, migrations, seeded demo campaigns such as
 * `merdeka-80`) on a fresh data directory, in its own process group so the whole tree stops together.
 * Used by the API loads (bench/apiLoad.ts), the real-page phase (bench/realPage.ts) and Lighthouse (bench/lighthouse.ts).
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { connect } from 'node:net';

/** BENCH_PORT moves the server off the default port (several checkouts on one machine). */
export const BENCH_PORT = Number(process.env.BENCH_PORT ?? 8396);

export interface BenchServer {
  base: string;
  stop(): void;
}

async function waitForHealth(base: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`npm start did not answer ${base}/api/health within ${timeoutMs / 1000} s`);
}

export interface BenchServerOptions {
  port: number;
  /** Emptied first: a fresh database, seeded by `npm start`. */
  dataDir: string;
  /** Keep what is in dataDir (a database the caller has prepared) instead of emptying it. */
  keepData?: boolean;
  /** Added to the server's environment (limits raised, DIST_DIR…). */
  env?: Record<string, string>;
}

/**
 * Resolves once nothing listens on `port` any more. Phases start their servers one after another on BENCH_PORT and
 * stop() does not wait for the old process tree to exit: without this, the next phase's health check could be
 * answered by the previous, dying server.
 */
async function waitForPortFree(port: number, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const listening = await new Promise<boolean>((done) => {
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        done(true);
      });
      socket.on('error', () => done(false));
    });
    if (!listening) return;
    if (Date.now() > end) throw new Error(`port ${port} is still in use after ${timeoutMs / 1000} s (another server? set BENCH_PORT)`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Starts `npm start` in `root`; resolves once /api/health answers. */
export async function startBenchServer(root: string, { port, dataDir, keepData = false, env = {} }: BenchServerOptions): Promise<BenchServer> {
  await waitForPortFree(port);
  if (!keepData) await rm(dataDir, { recursive: true, force: true });
  const server = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: 'ignore',
    // Its own process group, so the whole tree (npm → tsx → node) stops together.
    detached: true,
  });
  const stop = () => {
    if (!server.pid) return;
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    // A stale client is built first (minutes on a busy machine).
    await waitForHealth(base, 300_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { base, stop };
}
