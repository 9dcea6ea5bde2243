/**
 * The deploy artifacts (Dockerfile, compose.yaml, .dockerignore; docs/DEPLOY.md) cannot be run here: no Docker.
 * What can be checked is checked: the compose file parses and wires the services and the environment the server
 * reads; the image is multi-stage, runs as a non-root user, builds with CI's commands and ships every file and
 * runtime package the server imports.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { rootRoutes } from '../contract/routes.ts';
import { loadConfig } from './config.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const packageJson = JSON.parse(read('package.json')) as { scripts: Record<string, string>; dependencies: Record<string, string>; devDependencies: Record<string, string> };

// ---- compose.yaml ----

interface ComposeService {
  build?: string;
  image?: string;
  ports?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
}

/** Compose's interpolation with nothing set in the shell or .env: `${NAME:-default}` → default, `$$` → `$`. */
function interpolate(value: string): string {
  return value.replace(/\$\$|\$\{(\w+)(?::-([^}]*))?\}/g, (whole, _name: string | undefined, fallback: string | undefined) => (whole === '$$' ? '$' : (fallback ?? '')));
}

function loadCompose(): { services: Record<string, ComposeService>; volumes: Record<string, unknown> } {
  const document = parseDocument(read('compose.yaml'));
  expect(document.errors.map((error) => error.message)).toEqual([]);
  const compose = document.toJS() as { services: Record<string, ComposeService>; volumes: Record<string, unknown> };
  for (const service of Object.values(compose.services)) {
    if (service.environment) service.environment = Object.fromEntries(Object.entries(service.environment).map(([name, value]) => [name, interpolate(String(value))]));
  }
  return compose;
}

/** Every NAME the server reads as `env.NAME` (its source, not its tests). */
function environmentNamesRead(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(join(root, 'server'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)) names.add(match[1]!);
  }
  return names;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !/[/\\](testing|fuzz)[/\\]/.test(relative(root, path)));
}

/** "20s", "1m30s" → seconds. */
function durationSeconds(value: string): number {
  let seconds = 0;
  for (const [, amount, unit] of value.matchAll(/(\d+)(h|m|s)/g)) seconds += Number(amount) * { h: 3600, m: 60, s: 1 }[unit as 'h' | 'm' | 's'];
  return seconds;
}

describe('compose.yaml', () => {
  const compose = loadCompose();
  const app = compose.services.app!;

  it('has the app built from this repository, PostgreSQL 15, Redis 7, MinIO and a one-shot bucket creation', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'minio', 'minio-init', 'postgres', 'redis']);
    expect(app.build).toBe('.');
    expect(compose.services.postgres!.image).toBe('postgres:15');
    expect(compose.services.redis!.image).toBe('redis:7');
    expect(compose.services.minio!.image).toMatch(/^minio\/minio\b/);
    expect(compose.services['minio-init']!.image).toMatch(/^minio\/mc\b/);
  });

  it('checks the health of every long-running service, and starts the app once they are healthy and the bucket exists', () => {
    for (const name of ['app', 'postgres', 'redis', 'minio']) expect(compose.services[name]!.healthcheck?.test.length, name).toBeGreaterThan(0);
    expect(app.healthcheck!.test.join(' ')).toContain('/api/ready');
    expect(app.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      'minio-init': { condition: 'service_completed_successfully' },
    });
    expect(compose.services['minio-init']!.depends_on).toEqual({ minio: { condition: 'service_healthy' } });
    expect(Object.keys(rootRoutes)).toContain('GET /api/ready');
  });

  it('keeps each data service on its own named volume', () => {
    const mounted = (service: string) => (compose.services[service]!.volumes ?? []).map((volume) => volume.split(':')[0]!);
    const named = ['app', 'postgres', 'redis', 'minio'].map((service) => mounted(service));
    for (const volumes of named) {
      expect(volumes).toHaveLength(1);
      expect(Object.keys(compose.volumes)).toContain(volumes[0]);
    }
    expect(new Set(named.flat()).size).toBe(4);
  });

  it('sets only environment variables the server reads, production mode and the shared stores among them', () => {
    const read = environmentNamesRead();
    const names = Object.keys(app.environment ?? {});
    expect(names.filter((name) => !read.has(name))).toEqual([]);
    for (const name of ['NODE_ENV', 'PUBLIC_URL', 'DATABASE_URL', 'REDIS_URL', 'STORAGE_URL', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) expect(names).toContain(name);
    expect(app.environment!.NODE_ENV).toBe('production');
    // The config the app loads from it is valid in production (loadConfig refuses what NODE_ENV=production forbids).
    expect(loadConfig(app.environment, root)).toMatchObject({
      publicUrl: 'http://localhost:8080',
      trustProxy: false,
      payments: { sandbox: false },
      storage: { driver: 's3', bucket: 'bingkai', prefix: 'app/', endpoint: 'http://minio:9000', forcePathStyle: true, publicFilesUrl: '' },
    });
  });

  it('points the app at the compose services with the credentials they are started with', () => {
    const env = app.environment!;
    const postgres = compose.services.postgres!.environment!;
    const database = new URL(env.DATABASE_URL!);
    expect([database.hostname, database.port, database.username, database.pathname.slice(1)]).toEqual(['postgres', '5432', postgres.POSTGRES_USER, postgres.POSTGRES_DB]);
    expect(database.password).toBe(postgres.POSTGRES_PASSWORD);
    expect(new URL(env.REDIS_URL!).hostname).toBe('redis');
    expect(new URL(env.S3_ENDPOINT!).host).toBe('minio:9000');
    const minio = compose.services.minio!.environment!;
    expect([env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY]).toEqual([minio.MINIO_ROOT_USER, minio.MINIO_ROOT_PASSWORD]);
    // The bucket minio-init creates is the one STORAGE_URL names.
    const bucket = new URL(env.STORAGE_URL!).hostname;
    expect((compose.services['minio-init'] as { command: string[] }).command.join(' ')).toContain(`mc mb --ignore-existing local/${bucket}`);
  });

  it('publishes the port the app listens on, and waits out the shutdown drain before killing it', () => {
    const port = String(loadConfig({ PORT: app.environment!.PORT }, root).port);
    expect(app.ports).toEqual([`${port}:${port}`]);
    const drainMs = Number(/timeoutMs = ([\d_]+)/.exec(read('server/lifecycle.ts'))![1]!.replaceAll('_', ''));
    expect(durationSeconds(app.stop_grace_period!) * 1000).toBeGreaterThan(drainMs);
  });
});

// ---- Dockerfile ----

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  from: string;
  name: string | undefined;
  instructions: Instruction[];
}

/** Instructions grouped by stage; continuation lines joined, comments dropped. */
function parseDockerfile(text: string): { args: Map<string, string>; stages: Stage[] } {
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
  const args = new Map<string, string>();
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args: rest.replace(/\s+/g, ' ') };
    if (instruction.keyword === 'FROM') {
      const [, image = '', name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args) ?? [];
      stages.push({ from: image.replace(/^\$\{(\w+)\}$/, (_whole, arg: string) => args.get(arg) ?? arg), name, instructions: [] });
    } else if (stages.length === 0 && instruction.keyword === 'ARG') {
      const [name = '', value = ''] = instruction.args.split('=');
      args.set(name, value);
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return { args, stages };
}

/** The relative-import closure of an entry file: every source file the running server loads. */
function importClosure(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [join(root, entry)];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    const specifiers = [
      ...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm),
      ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
    ].map((match) => match[1]!);
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) pending.push(resolve(dirname(file), specifier));
      else if (!specifier.startsWith('node:') && !builtinModules.includes(specifier)) packages.add(specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
    }
  }
  return { files, packages };
}

describe('Dockerfile', () => {
  const { stages } = parseDockerfile(read('Dockerfile'));
  const runtime = stages.at(-1)!;
  const runs = (stage: Stage) => stage.instructions.filter((instruction) => instruction.keyword === 'RUN').map((instruction) => instruction.args);
  const stageNamed = (name: string) => stages.find((stage) => stage.name === name)!;
  const copiesFrom = (stage: Stage) =>
    stage.instructions
      .filter((instruction) => instruction.keyword === 'COPY')
      .map((instruction) => {
        const parts = instruction.args.split(' ').filter((part) => !part.startsWith('--chown') && !part.startsWith('--chmod'));
        const from = parts[0]!.startsWith('--from=') ? parts.shift()!.slice('--from='.length) : undefined;
        return { from, sources: parts.slice(0, -1), target: parts.at(-1)! };
      });

  it('is multi-stage on Node 20: dependencies, build, runtime', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    for (const stage of stages) expect(stage.from).toMatch(/^(node:20[\w.-]*|[a-z-]+)$/);
    expect(stages.filter((stage) => stage.from.startsWith('node:20')).length).toBeGreaterThanOrEqual(2);
    expect(packageJson.scripts.build).toBeDefined();
  });

  it('installs and builds with the commands CI runs: npm ci, then npm run build (which makes the assets)', () => {
    const all = stages.flatMap(runs);
    expect(all.some((run) => /^npm ci\b(?!.*--omit)/.test(run))).toBe(true);
    expect(all).toContain('npm run build');
    expect(packageJson.scripts.build).toMatch(/^npm run assets && /);
    expect(read('.ci/run')).toMatch(/npm ci\b/);
  });

  it('ships only production packages in the runtime, plus tsx (with esbuild) that runs the TypeScript server', () => {
    expect(runs(runtime).join(' ')).not.toMatch(/npm (ci|install)/);
    const modules = copiesFrom(runtime).filter((copy) => copy.target === 'node_modules');
    expect(modules).toHaveLength(1);
    const prodDeps = stageNamed(modules[0]!.from!);
    expect(runs(prodDeps)).toContain('npm ci --omit=dev --no-audit --no-fund');
    const extra = copiesFrom(prodDeps).filter((copy) => copy.from !== undefined).map((copy) => copy.target);
    expect(extra.sort()).toEqual(['node_modules/@esbuild', 'node_modules/esbuild', 'node_modules/tsx']);
    expect(packageJson.devDependencies.tsx).toBeDefined();
  });

  it('contains every file and package the server loads at run time', () => {
    const cmd = runtime.instructions.find((instruction) => instruction.keyword === 'CMD')!;
    const command = JSON.parse(cmd.args) as string[];
    expect(command.slice(0, 3)).toEqual(['node', '--import', 'tsx']);
    const entry = command[3]!;
    expect(existsSync(join(root, entry))).toBe(true);
    const { files, packages } = importClosure(entry);
    const shipped = copiesFrom(runtime).flatMap((copy) => copy.sources.map((source) => source.replace(/\/$/, '').replace(/^\/app\//, '')));
    const topLevel = new Set([...files].map((file) => relative(root, file).split(/[/\\]/)[0]!));
    // Read at run time by path, not imported: the mail templates' locales, the articles and the version in package.json.
    topLevel.add('locales').add('content').add('package.json');
    expect([...topLevel].filter((path) => !shipped.includes(path))).toEqual([]);
    expect([...packages].filter((name) => !(name in packageJson.dependencies))).toEqual([]);
    // Nothing the runtime copies from the build context is left out of it by .dockerignore.
    const ignored = read('.dockerignore').split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
    const fromContext = copiesFrom(runtime).filter((copy) => copy.from === undefined).flatMap((copy) => copy.sources);
    expect(fromContext.filter((path) => ignored.includes(path))).toEqual([]);
  });

  it('serves the built client from the build stage, last', () => {
    const copies = copiesFrom(runtime);
    expect(copies.at(-1)).toEqual({ from: 'build', sources: ['/app/dist'], target: 'dist' });
    expect(runtime.instructions.find((instruction) => instruction.keyword === 'ENV')!.args).toContain('DIST_DIR=/app/dist');
  });

  it('runs as a non-root user, in production mode, exposing the app port with a liveness check', () => {
    const users = runtime.instructions.filter((instruction) => instruction.keyword === 'USER').map((instruction) => instruction.args);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    const env = runtime.instructions.find((instruction) => instruction.keyword === 'ENV')!.args;
    expect(env).toContain('NODE_ENV=production');
    const port = String(loadConfig({}, root).port);
    expect(env).toContain(`PORT=${port}`);
    expect(runtime.instructions.filter((instruction) => instruction.keyword === 'EXPOSE').map((instruction) => instruction.args)).toEqual([port]);
    const healthcheck = runtime.instructions.find((instruction) => instruction.keyword === 'HEALTHCHECK')!.args;
    expect(healthcheck).toContain('/api/health');
    expect(Object.keys(rootRoutes)).toContain('GET /api/health');
  });
});
