/**
 * `npm start`: builds the client when dist/ is missing or older than its sources, then migrates,
 * seeds demo data into an empty database and serves app + API on one port.
 */
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, resolveSigningSecret } from '../server/config.ts';
import { startServer } from '../server/main.ts';
import { createStorage } from '../server/infra/storage/createStorage.ts';
import { UrlSigner } from '../server/infra/storage/urlSigning.ts';
import { seedIfEmpty } from './seed.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const clientSources = ['src', 'workers', 'wasm', 'contract', 'index.html', 'locales', 'public', 'vite.config.ts', 'package.json'];

/** Newest modification time under a file or directory (0 when missing). */
async function newestMtime(path: string): Promise<number> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, await newestMtime(join(path, entry)));
  }
  return newest;
}

export async function clientNeedsBuild(distDir: string, sourceRoot: string = root): Promise<boolean> {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = (await stat(index)).mtimeMs;
  for (const source of clientSources) {
    if ((await newestMtime(join(sourceRoot, source))) > built) return true;
  }
  return false;
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (await clientNeedsBuild(config.distDir)) {
    console.info('Building the client (dist/ is missing or older than its sources)…');
    const { build } = await import('vite');
    await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir: config.distDir, emptyOutDir: true } });
  }
  await startServer(config, {
    beforeListen: async (database) => {
      const storage = createStorage(config, new UrlSigner(await resolveSigningSecret(config)));
      if (await seedIfEmpty(database, storage)) console.info('Seeded demo campaigns.');
    },
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
