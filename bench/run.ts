/**
 * `npm run bench`: the image-pipeline benchmark in headless Chromium (Debian's, never a
 * downloaded browser). Builds missing inputs, serves the repo with Vite, opens bench/index.html,
 * runs each phase of bench/page.ts, measures the campaign page's JavaScript from a production
 * build, writes bench/results/latest.json and latest.md (bench/report.ts),
 * loads the API with campaign reads and a mixed load (bench/apiLoad.ts, bench/mixedLoad.ts)
 * and runs Lighthouse's mobile preset on the campaign page (bench/lighthouse.ts).
 * Options: BENCH_RUNS (warm iterations, default 15), BENCH_API=0 (skip the API loads), BENCH_ONLY=api (only the
 * API loads: the browser figures of the last full run are kept in the results files), BENCH_PORT (API server port),
 * BENCH_LIGHTHOUSE=0 (skip Lighthouse), BENCH_ONLY=lighthouse (only Lighthouse), BENCH_LIGHTHOUSE_RUNS (default 3),
 * BENCH_REAL_PAGE=0 (skip the support flow on the built app, bench/realPage.ts), BENCH_ONLY=page (only that flow),
 * BENCH_SEARCH=0 (skip the search benchmark, bench/search.ts), BENCH_ONLY=search (only that one),
 * BENCH_SCALE=0 (skip two instances behind a proxy against one, bench/twoInstanceLoad.ts: needs PostgreSQL and
 * Redis, BENCH_SCALE_SECONDS and BENCH_SCALE_RATE set its loads), BENCH_ONLY=scale (only that one).
 */
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { buildInputs } from '../tests/visual/globalSetup.ts';
import { chromiumLaunchOptions } from '../tests/testing/chromium.ts';
import { apiLoads } from './apiLoad.ts';
import { campaignPageJs } from './jsSize.ts';
import { lighthouseCampaign } from './lighthouse.ts';
import type { BenchApi } from './page.ts';
import type { RawResults } from './rawResults.ts';
import { realPage } from './realPage.ts';
import { searchBench } from './search.ts';
import { twoInstanceLoad } from './twoInstanceLoad.ts';
import { readPreviousRaw, writeResults } from './report.ts';

const root = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

async function runApi(raw: RawResults): Promise<void> {
  try {
    const loads = await apiLoads(root);
    raw.api = loads.api;
    raw.mixed = loads.mixed;
    raw.errors.push(...loads.errors);
    console.info('bench: API loads done');
  } catch (error) {
    raw.errors.push(`api: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function runLighthouse(raw: RawResults): Promise<void> {
  try {
    raw.lighthouse = await lighthouseCampaign(root);
    if (raw.lighthouse.externalRequests.length) raw.errors.push(`lighthouse: requests to other hosts: ${raw.lighthouse.externalRequests.join(', ')}`);
    console.info('bench: Lighthouse done');
  } catch (error) {
    raw.errors.push(`lighthouse: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** BENCH_ONLY=lighthouse: Lighthouse alone, written over the last full run's Lighthouse figures. */
async function mainLighthouseOnly(): Promise<void> {
  const previous = await readPreviousRaw();
  const raw: RawResults = { ...previous.raw, lighthouse: undefined, errors: previous.raw.errors.filter((e) => !e.startsWith('lighthouse')) };
  await runLighthouse(raw);
  const paths = await writeResults(raw, { ...previous.environment, lighthouseDate: new Date().toISOString() });
  console.info(`bench: wrote ${paths.join(', ')}`);
}

async function runRealPage(raw: RawResults): Promise<void> {
  const t = Date.now();
  try {
    raw.realPage = await realPage(root, RUNS);
    console.info(`bench: real page done in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  } catch (error) {
    raw.errors.push(`realPage: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    console.error('bench: real page failed', error);
  }
}

/** BENCH_ONLY=page: the support flow on the built app alone, written over the last full run's figures for it. */
async function mainRealPageOnly(): Promise<void> {
  const previous = await readPreviousRaw();
  const raw: RawResults = { ...previous.raw, realPage: undefined, errors: previous.raw.errors.filter((e) => !e.startsWith('realPage')) };
  buildInputs();
  await runRealPage(raw);
  const paths = await writeResults(raw, { ...previous.environment, realPageDate: new Date().toISOString() });
  console.info(`bench: wrote ${paths.join(', ')}`);
}

async function runSearch(raw: RawResults): Promise<void> {
  const t = Date.now();
  try {
    raw.search = await searchBench();
    console.info(`bench: search done in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  } catch (error) {
    raw.errors.push(`search: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    console.error('bench: search failed', error);
  }
}

/** BENCH_ONLY=search: the search benchmark alone (bench/search.ts), written over the last full run's search figures. */
async function mainSearchOnly(): Promise<void> {
  const previous = await readPreviousRaw();
  const raw: RawResults = { ...previous.raw, search: undefined, errors: previous.raw.errors.filter((e) => !e.startsWith('search')) };
  await runSearch(raw);
  const paths = await writeResults(raw, { ...previous.environment, searchDate: new Date().toISOString() });
  console.info(`bench: wrote ${paths.join(', ')}`);
}

async function runScale(raw: RawResults): Promise<void> {
  const t = Date.now();
  try {
    raw.scale = await twoInstanceLoad(root);
    console.info(`bench: scale done in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  } catch (error) {
    raw.errors.push(`scale: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    console.error('bench: scale failed', error);
  }
}

/** BENCH_ONLY=scale: two instances against one alone, written over the last full run's figures for it. */
async function mainScaleOnly(): Promise<void> {
  const previous = await readPreviousRaw();
  const raw: RawResults = { ...previous.raw, scale: undefined, errors: previous.raw.errors.filter((e) => !e.startsWith('scale')) };
  await runScale(raw);
  const paths = await writeResults(raw, { ...previous.environment, scaleDate: new Date().toISOString() });
  console.info(`bench: wrote ${paths.join(', ')}`);
}

/** BENCH_ONLY=api: the API loads alone, written over the last full run's API figures. */
async function mainApiOnly(): Promise<void> {
  const previous = await readPreviousRaw();
  const raw: RawResults = { ...previous.raw, api: undefined, mixed: undefined, errors: previous.raw.errors.filter((e) => !/^(api|mixed load)/.test(e)) };
  await runApi(raw);
  const paths = await writeResults(raw, { ...previous.environment, apiDate: new Date().toISOString() });
  console.info(`bench: wrote ${paths.join(', ')}`);
}

async function main(): Promise<void> {
  buildInputs();
  const server = await createServer({ root, configFile: resolve(root, 'tests/visual/vite.config.ts'), logLevel: 'warn', server: { host: '127.0.0.1', port: 8394, strictPort: false } });
  await server.listen();
  const base = server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:8394/';
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
  const raw: RawResults = { errors: [] };
  const started = new Date();
  try {
    const page = await browser.newPage();
    page.on('pageerror', (error) => raw.errors.push(error.message));
    const open = async () => {
      // Vite may reload once after optimising dependencies on first use.
      for (let attempt = 1; ; attempt++) {
        try {
          await page.goto(`${base}bench/index.html`);
          await page.waitForFunction(() => window.benchReady === true, undefined, { timeout: 60_000 });
          return;
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
    };
    await open();
    const phases: [keyof BenchApi, number][] = [
      ['pipeline', RUNS],
      ['naive', RUNS],
      ['faces', 3],
      ['frameAnalysis', RUNS],
      ['composite', Math.max(5, Math.round(RUNS / 2))],
      ['resize', Math.max(5, Math.round(RUNS / 2))],
      ['previewDrag', 3],
      ['designExport', Math.max(5, Math.round(RUNS / 2))],
    ];
    for (const [name, runs] of phases) {
      const t = Date.now();
      const runPhase = () => page.evaluate(({ phase, n }) => (window.bench[phase] as (n: number) => Promise<unknown>)(n), { phase: name, n: runs });
      try {
        let result: unknown;
        try {
          result = await runPhase();
        } catch (error) {
          // A reload of the page (not a failure of the phase): open it again and run the phase once more.
          if (!(error instanceof Error && /context was destroyed|navigation/.test(error.message))) throw error;
          console.warn(`bench: ${name} interrupted by a page reload, running it again`);
          await open();
          result = await runPhase();
        }
        (raw as Record<string, unknown>)[name] = result;
        console.info(`bench: ${name} done in ${((Date.now() - t) / 1000).toFixed(1)} s`);
      } catch (error) {
        raw.errors.push(`${name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        console.error(`bench: ${name} failed`, error);
      }
    }
  } finally {
    const version = browser.version();
    await browser.close();
    await server.close();
    try {
      raw.jsSize = await campaignPageJs(root);
    } catch (error) {
      raw.errors.push(`jsSize: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (process.env.BENCH_REAL_PAGE !== '0') await runRealPage(raw);
    // Before the loads: Lighthouse scales the main-thread time it observes, and the database's work after the
    // scale phase's load (autovacuum, checkpoints) would still be competing for the two cores.
    if (process.env.BENCH_LIGHTHOUSE !== '0') await runLighthouse(raw);
    if (process.env.BENCH_API !== '0') await runApi(raw);
    if (process.env.BENCH_SCALE !== '0') await runScale(raw);
    if (process.env.BENCH_SEARCH !== '0') await runSearch(raw);
    const environment = {
      date: started.toISOString(),
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      chromium: version,
      flags: chromiumLaunchOptions.args.join(' '),
      runs: RUNS,
    };
    const paths = await writeResults(raw, environment);
    console.info(`bench: wrote ${paths.join(', ')}`);
  }
}

if (process.env.BENCH_ONLY === 'api') await mainApiOnly();
else if (process.env.BENCH_ONLY === 'search') await mainSearchOnly();
else if (process.env.BENCH_ONLY === 'lighthouse') await mainLighthouseOnly();
else if (process.env.BENCH_ONLY === 'page') await mainRealPageOnly();
else if (process.env.BENCH_ONLY === 'scale') await mainScaleOnly();
else await main();
