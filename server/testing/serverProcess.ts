import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { TEST_SECRET, testTokenPrivateKey } from './testApp.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Where it listens, as it printed it. */
  origin: string;
  /** Everything it printed so far. */
  output: () => string;
}

/**
 * `tsx server/main.ts` as `npm start` runs it, resolved once it says where it listens (30 s at most). The shared
 * secrets a server on PostgreSQL or Redis requires default to the test ones (the same in every server this process
 * starts); give a variable, even empty, to choose.
 */
export async function startServerProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const secrets = { REQUEST_SIGNING_SECRET: TEST_SECRET, TOKEN_PRIVATE_KEY: await testTokenPrivateKey() };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env: { ...secrets, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/[^\s"]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, origin: match[1]!, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', () => reject(new Error(`server exited early:\n${output}`)));
  });
}
