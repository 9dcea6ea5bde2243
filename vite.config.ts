import { cp, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { playwright } from '@vitest/browser-playwright';
import { precompressDir } from './server/http/precompress.ts';
import { chromiumLaunchOptions } from './tests/testing/chromium.ts';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const localesDir = resolve(import.meta.dirname, 'locales');

/** Serves locales/ at /locales in dev and copies it into the build, so messages load over HTTP like in production. */
function locales(): Plugin {
  return {
    name: 'bingkai-locales',
    configureServer(server) {
      server.middlewares.use('/locales', async (req, res, next) => {
        const name = (req.url ?? '').split('?')[0]?.replace(/^\//, '') ?? '';
        if (!/^[A-Za-z_-]+\.json$/.test(name)) return next();
        try {
          const body = await readFile(resolve(localesDir, name));
          res.setHeader('content-type', 'application/json');
          res.end(body);
        } catch {
          res.statusCode = 404;
          res.end();
        }
      });
    },
    async writeBundle(options) {
      await cp(localesDir, resolve(options.dir ?? 'dist', 'locales'), { recursive: true });
    },
  };
}

/**
 * Writes .br and .gz beside every text asset of the build (and the wasm and models, which gain > 10 %), for
 * the server to send as they are (server/http/staticSite.ts). After every other plugin wrote its files.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  let cacheDir = '';
  return {
    name: 'bingkai-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      cacheDir = resolve(config.root, 'node_modules/.cache/bingkai-precompress');
    },
    async closeBundle() {
      await precompressDir(outDir, { cacheDir });
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), locales(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    // No <link rel=modulepreload> per dependency of a lazy chunk: Vite's helper inserted one for each of a page's
    // dozens of small chunks, one DOM insertion and request at a time, 40–110 ms of main thread while the campaign
    // page started. The browser fetches a chunk's imports itself once it has the chunk.
    modulePreload: false,
    // React DOM and React Router in chunks of their own: they change less often than the app (cached across
    // deploys), and the entry chunk, whose top level runs as the page starts, stays small.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
            { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/ },
          ],
        },
      },
    },
  },
  // ES workers keep lazy imports (libheif, tasks-vision) in their own chunks.
  worker: { format: 'es' },
  // Listed up front so Vitest's browser runs never re-optimize (and reload) mid-run.
  optimizeDeps: {
    include: [
      'comlink', '@mediapipe/tasks-vision', 'libheif-js/libheif-wasm/libheif-bundle.mjs', 'exifr',
      'class-variance-authority', 'clsx', 'i18next', 'i18next-http-backend', 'lucide-react', 'radix-ui', 'react-dom/client',
      'react-i18next', 'react-router', 'react-router/dom', 'tailwind-merge', 'zustand', 'zustand/middleware',
      'konva', 'react-konva', '@testing-library/react',
    ],
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:8080', '/files': 'http://127.0.0.1:8080' } },
  test: {
    // Two test files at a time even on two cores (Vitest's default is cores - 1): a server test file spends much of
    // its time waiting on PostgreSQL, PGlite's startup or Chromium, so a second file fills the gaps (measured on the
    // server route tests: 665 s with one worker, 451 s with two).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'core/**/*.test.ts', 'workers/**/*.test.ts', 'wasm/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['**/*.browser.test.ts', 'node_modules/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // TEST_STORAGE=s3: the server suite on the S3 driver, against one s3rver (server/testing/s3GlobalSetup.ts).
          globalSetup: ['server/testing/s3GlobalSetup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.browser.test.{ts,tsx}'],
          setupFiles: ['src/testing/domSetup.ts'],
          // A rendered page with its router, stores and i18n takes seconds on a loaded 2-core machine.
          testTimeout: 30_000,
        },
      },
      {
        // Canvas, worker and model code runs in Debian's Chromium (never a downloaded browser).
        extends: true,
        test: {
          name: 'browser',
          include: ['core/**/*.browser.test.ts', 'workers/**/*.browser.test.ts', 'wasm/**/*.browser.test.ts', 'src/**/*.browser.test.{ts,tsx}'],
          testTimeout: 60_000,
          // Fixtures, models and the wasm kernel are generated, never downloaded or committed.
          globalSetup: ['scripts/buildFixtures.ts', 'scripts/buildModels.ts', 'scripts/buildSamples.ts', 'wasm/build.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: chromiumLaunchOptions,
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
