/**
 * Vite config of the harness page (and the benchmark): the app's config, plus the worker
 * entries for the dependency scan, so that Vite optimises every dependency (libheif-js,
 * tasks-vision, comlink, the benchmark's peers) at start and never reloads the page in the middle of a run.
 */
import { mergeConfig } from 'vite';
import appConfig from '../../vite.config.ts';

export default mergeConfig(appConfig, {
  // Other work may edit sources during a run: no watcher, no HMR, so the page is never reloaded under a case.
  server: { hmr: false, watch: null },
  optimizeDeps: {
    entries: ['tests/visual/harness.html', 'bench/index.html', 'src/pipeline/index.ts', 'workers/*.worker.ts', 'workers/heic.ts'],
    // The benchmark's peers are imported on demand.
    include: ['pica', '@vladmandic/face-api'],
  },
});
