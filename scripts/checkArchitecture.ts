/**
 * The layout's dependency rules (docs/ARCHITECTURE.md), checked on every import of every source file.
 * `npm run lint` runs it; a wrong import fails CI with the file, the import and the rule it breaks.
 *
 * Each file gets a layer from its path; a rule names the layers a layer must not reach (a folder or a
 * package). Test files and `testing/` helpers follow the same rules, except that they may import `testing/`
 * folders, which product code never does. Import cycles are refused everywhere, type-only imports included.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SourceFile {
  /** Repository-relative path with forward slashes. */
  path: string;
  text: string;
}

export interface Violation {
  file: string;
  /** The specifier as written, or the files of a cycle joined with " → ". */
  target: string;
  rule: string;
}

/** Folders whose files are checked; everything else (node_modules, build output) is passed over. */
const ROOTS = ['contract', 'core', 'wasm', 'workers', 'server', 'src', 'bench', 'scripts', 'tests'];
const SOURCE = /\.(ts|tsx|mts)$/;
const SKIP_DIRS = new Set(['node_modules', 'build', 'dist', 'generated', 'assembly', 'migrations', 'golden', 'goldens']);

const DOMAIN = /^src\/domains\/([^/]+)\//;
const UI_PACKAGES = /^(react|react-dom|react-konva|konva|zustand|i18next|react-i18next|i18next-[\w-]+)(\/|$)/;
const REACT = /^(react|react-dom|react-konva|konva|zustand)(\/|$)/;
const FASTIFY = /^(fastify|@fastify\/[\w-]+|fastify-[\w-]+)(\/|$)/;

/** The layer a path belongs to, most specific first. */
export function layerOf(path: string): string {
  const rules: [RegExp, string][] = [
    [/(^|\/)testing\//, 'testing'],
    [/^src\/app\//, 'src/app'],
    [/^src\/routes\//, 'src/routes'],
    [DOMAIN, 'src/domains'],
    [/^src\/api\//, 'src/api'],
    [/^src\/pipeline\//, 'src/pipeline'],
    [/^src\/ui\//, 'src/ui'],
    [/^src\/lib\//, 'src/lib'],
    [/^src\//, 'src'],
    [/^server\/domain\//, 'server/domain'],
    [/^server\/infra\//, 'server/infra'],
    [/^server\/http\//, 'server/http'],
    [/^server\/routes\//, 'server/routes'],
    [/^server\//, 'server'],
    [/^(contract|core|wasm|workers|bench|scripts|tests|locales|public)\//, '$1'],
  ];
  for (const [pattern, layer] of rules) {
    const match = pattern.exec(path);
    if (match) return layer.replace('$1', match[1] ?? '');
  }
  return 'root';
}

/** What each layer may import, among the layers of this repository. Anything not listed is refused. */
const ALLOWED: Record<string, readonly string[]> = {
  contract: ['contract'],
  core: ['core', 'contract'],
  wasm: ['wasm', 'core', 'contract'],
  workers: ['workers', 'wasm', 'core', 'contract'],
  'src/lib': ['src/lib', 'core', 'contract', 'locales'],
  'src/ui': ['src/ui', 'src/lib', 'core', 'contract'],
  'src/api': ['src/api', 'src/lib', 'core', 'contract'],
  'src/pipeline': ['src/pipeline', 'workers', 'wasm', 'src/lib', 'core', 'contract'],
  'src/domains': ['src/domains', 'src/api', 'src/pipeline', 'src/ui', 'src/lib', 'core', 'contract'],
  'src/routes': ['src/routes', 'src/domains', 'src/api', 'src/pipeline', 'src/ui', 'src/lib', 'core', 'contract'],
  'src/app': ['src/app', 'src/routes', 'src/domains', 'src/api', 'src/pipeline', 'src/ui', 'src/lib', 'core', 'contract', 'src'],
  src: ['src/app', 'src/lib', 'src'],
  // The mail templates read the interface's message files (locales/), which hold the mail texts too.
  'server/infra': ['server/infra', 'server', 'core', 'contract', 'locales'],
  'server/domain': ['server/domain', 'server/infra', 'server', 'core', 'contract'],
  'server/http': ['server/http', 'server/domain', 'server/infra', 'server', 'core', 'contract', 'root'],
  'server/routes': ['server/routes', 'server/http', 'server/domain', 'server/infra', 'server', 'core', 'contract'],
  server: ['server', 'server/routes', 'server/http', 'server/domain', 'server/infra', 'core', 'contract', 'root'],
};

const WHY: Record<string, string> = {
  workers: 'only src/pipeline/ talks to workers/; what threads share lives in core/',
  'src/app': 'the shell sits on top: nothing below imports src/app/',
  'src/routes': 'routes are the top of the page tree: only src/app/ imports them',
  'src/domains': 'domains sit above api, pipeline, ui and lib',
  'server/http': 'server/domain/ knows no HTTP: throw a DomainError and let server/http/ map it',
  'server/routes': 'routes are thin and nothing imports them but server/app.ts',
  'server/domain': 'server/infra/ is below the domain',
  src: 'server, workers and shared code never import the React app',
  server: 'only the server imports server/',
  testing: 'test helpers stay out of product code',
};

/** Every module specifier in a file: static and dynamic imports, re-exports, `new URL(…, import.meta.url)`. */
export function importsOf(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"\n]+)['"]/g,
    /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g,
    /\bnew URL\(\s*['"](\.{1,2}\/[^'"\n]+)['"]\s*,\s*import\.meta\.url/g,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) if (match[1]) found.push(match[1]);
  return found;
}

/** Layers of tooling around the product: they may import any layer, helpers included. */
const TOOLS = ['bench', 'scripts', 'tests', 'root'];

function isTest(path: string): boolean {
  return /\.(test|browser\.test)\.tsx?$/.test(path) || /\.testWorker\.ts$/.test(path) || /(^|\/)testing\//.test(path);
}

/** The repository path a relative specifier names, without a query (`?url`, `?worker`). */
function resolveSpecifier(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const bare = specifier.split('?')[0] ?? specifier;
  return join(dirname(from), bare).split(sep).join('/');
}

function checkEdge(from: string, specifier: string, target: string | null): string | null {
  const fromLayer = layerOf(from);
  if (target === null) {
    if (UI_PACKAGES.test(specifier) && ['contract', 'core', 'wasm', 'workers'].includes(fromLayer))
      return `${fromLayer}/ stays free of React, Konva, zustand and i18next`;
    if (REACT.test(specifier) && fromLayer.startsWith('server')) return 'server/ does not use React, Konva or zustand';
    if (FASTIFY.test(specifier) && ['server/domain', 'server/infra'].includes(fromLayer))
      return `${fromLayer}/ knows no HTTP framework: only server/routes/, server/http/ and server/app.ts use fastify`;
    return null;
  }
  const toLayer = layerOf(target);
  if (toLayer === 'testing') return isTest(from) || TOOLS.includes(fromLayer) ? null : WHY.testing!;
  // Helpers and tools (tests, benchmarks, scripts, config files) may use any layer.
  if (fromLayer === 'testing' || TOOLS.includes(fromLayer)) return null;
  // Tests may read the message catalogues to check that keys exist.
  if (toLayer === 'locales' && isTest(from)) return null;
  const allowed = ALLOWED[fromLayer];
  if (allowed && !allowed.includes(toLayer)) return `${fromLayer}/ must not import ${toLayer}/: ${WHY[toLayer] ?? `${toLayer}/ is not below ${fromLayer}/`}`;
  const sourceDomain = DOMAIN.exec(from)?.[1];
  const targetDomain = DOMAIN.exec(target)?.[1];
  if (sourceDomain && targetDomain && sourceDomain !== targetDomain && !target.endsWith(`/domains/${targetDomain}/public.ts`))
    return `domains/${sourceDomain} may use domains/${targetDomain} only through domains/${targetDomain}/public.ts`;
  if (fromLayer === 'src/app' && targetDomain && !target.endsWith(`/domains/${targetDomain}/public.ts`))
    return `src/app/ uses a domain only through its public.ts`;
  return null;
}

/** Cycles among the files, as strongly connected components of more than one file (Tarjan). */
export function findCycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indices.get(next)!));
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.has(node)) cycles.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) visit(node);
  return cycles;
}

/** Checks a set of files (the whole repository, or a made-up tree in a test). */
export function checkArchitecture(files: readonly SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const edges = new Set<string>();
    graph.set(file.path, edges);
    for (const specifier of importsOf(file.text)) {
      const target = resolveSpecifier(file.path, specifier);
      const rule = checkEdge(file.path, specifier, target);
      if (rule) violations.push({ file: file.path, target: specifier, rule });
      if (target) edges.add(target);
    }
  }
  for (const cycle of findCycles(graph)) violations.push({ file: cycle[0]!, target: cycle.join(' → '), rule: 'no import cycles' });
  return violations;
}

function walk(root: string, dir: string, out: SourceFile[]): void {
  let names: string[];
  try {
    names = readdirSync(join(root, dir));
  } catch {
    return;
  }
  for (const name of names) {
    const path = dir ? `${dir}/${name}` : name;
    if (statSync(join(root, path)).isDirectory()) {
      if (!SKIP_DIRS.has(name) && !name.startsWith('.')) walk(root, path, out);
    } else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push({ path, text: readFileSync(join(root, path), 'utf8') });
  }
}

export function readRepository(root: string): SourceFile[] {
  const files: SourceFile[] = [];
  for (const dir of ROOTS) walk(root, dir, files);
  return files;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const files = readRepository(root);
  const violations = checkArchitecture(files);
  for (const v of violations) console.error(`${relative(root, join(root, v.file))}: '${v.target}': ${v.rule}`);
  console.info(`architecture: ${files.length} files, ${violations.length} violation(s)`);
  process.exit(violations.length ? 1 : 0);
}
