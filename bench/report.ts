/**
 * Results writer of `npm run bench`: bench/results/latest.json (raw timings, summary,
 * environment) and latest.md (the tables, with DESIGN.md §6's budgets marked met or not).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Rect } from '../core/geometry.ts';
import { matchBoxes, MIN_HAND_IOU } from '../tests/visual/compare.ts';
import type { LighthouseResult, LighthouseRun } from './lighthouse.ts';
import type { RawResults } from './rawResults.ts';
import { COLD_DIRECT, COLD_FROM_CAMPAIGN, type RealPageResult } from './realPage.ts';
import { percentile, stats } from './stats.ts';
import { searchBudgets, searchSection } from './searchReport.ts';
import { scaleSection } from './scaleReport.ts';
import type { BudgetRow, FacePeerRun, Stats } from './types.ts';

const resultsDir = resolve(import.meta.dirname, 'results');
const facesJson = resolve(import.meta.dirname, '../tests/fixtures/faces.json');

export interface Environment {
  date: string;
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  chromium: string;
  flags: string;
  runs: number;
  /** Set when the API figures come from a later BENCH_ONLY=api run than the rest. */
  apiDate?: string;
  /** Set when the Lighthouse figures come from a later BENCH_ONLY=lighthouse run than the rest. */
  lighthouseDate?: string;
  /** Set when the real-page figures come from a later BENCH_ONLY=page run than the rest. */
  realPageDate?: string;
  /** Set when the search figures come from a later BENCH_ONLY=search run than the rest. */
  searchDate?: string;
  /** Set when the two-instance figures come from a later BENCH_ONLY=scale run than the rest. */
  scaleDate?: string;
}

/** The last written results (BENCH_ONLY=api keeps their browser figures). */
export async function readPreviousRaw(): Promise<{ environment: Environment; raw: RawResults }> {
  const previous = JSON.parse(await readFile(resolve(resultsDir, 'latest.json'), 'utf8')) as { environment: Environment; raw: RawResults };
  return { environment: previous.environment, raw: { ...previous.raw, errors: previous.raw.errors ?? [] } };
}

const ms = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? 'n/a' : `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mark = (met: boolean | null) => (met === null ? 'not measured' : met ? '✅ met' : '❌ not met');
const table = (head: string[], rows: string[][]) => [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
const mapValues = <T, U>(record: Record<string, T> | undefined, f: (value: T) => U): Record<string, U> =>
  Object.fromEntries(Object.entries(record ?? {}).map(([k, v]) => [k, f(v)]));

interface FaceScore {
  medianMs: number;
  hits: number;
  marked: number;
  falsePositives: number;
}

/** Hit rate against the hand-marked boxes: a marked face is found when a detection overlaps it one-to-one at IoU ≥ MIN_HAND_IOU. */
function scoreFaces(runs: FacePeerRun[] | undefined, marked: Record<string, { faces: Rect[] }>): FaceScore | undefined {
  if (!runs?.length) return undefined;
  let hits = 0;
  let total = 0;
  let falsePositives = 0;
  for (const run of runs) {
    const expected = marked[run.sample]?.faces ?? [];
    const found = matchBoxes(expected, run.boxes).ious.filter((v) => v >= MIN_HAND_IOU).length;
    hits += found;
    total += expected.length;
    falsePositives += run.boxes.length - found;
  }
  return { medianMs: percentile(runs.map((r) => r.ms), 50), hits, marked: total, falsePositives };
}

const lighthouseMeasured = (l: LighthouseResult, value: (run: LighthouseRun) => string) =>
  `${value(l.median)} (median run of ${l.runs.length}: ${l.runs.map(value).join(', ')})`;

/** Issue 14's Lighthouse goals (mobile preset, campaign page): score ≥ 95, LCP ≤ 2.5 s, TBT ≤ 100 ms. */
function lighthouseBudgets(l: LighthouseResult | undefined): BudgetRow[] {
  const row = (what: string, budget: string, value: (run: LighthouseRun) => string, met: (run: LighthouseRun) => boolean): BudgetRow => ({
    what: `Lighthouse ${what}, campaign page (mobile preset, simulated throttling)`,
    budget,
    measured: l ? lighthouseMeasured(l, value) : 'not measured',
    met: l ? met(l.median) : null,
  });
  return [
    row('performance score', '≥ 95', (r) => String(r.score), (r) => r.score >= 95),
    row('LCP', '≤ 2.5 s', (r) => seconds(r.lcpMs), (r) => r.lcpMs <= 2500),
    row('TBT', '≤ 100 ms', (r) => ms(r.tbtMs), (r) => r.tbtMs <= 100),
  ];
}

const seconds = (value: number) => (Number.isNaN(value) ? 'n/a' : `${(value / 1000).toFixed(1)} s`);

function lighthouseSection(l: LighthouseResult | undefined, environment: Environment): string {
  if (!l) return '## Lighthouse: campaign page\n\nNot measured in this run.\n';
  const m = l.median;
  return `## Lighthouse: campaign page

Lighthouse ${l.lighthouseVersion}, default config (mobile preset: Moto G Power emulation, simulated slow 4G, 4× CPU slowdown), performance only,
on \`${l.url}\` served by \`npm start\` (production build, fresh seeded data), ${l.runs.length} runs in a fresh Chromium each; the median run is
the one Lighthouse's computeMedianRun picks (closest to the median FCP and TTI). Simulated throttling scales the main-thread work it observed,
so a busy machine makes TBT worse: Lighthouse's host CPU benchmark index per run was ${l.runs.map((r) => r.benchmarkIndex).join(', ')} (higher is faster).${l.recordingRetries?.length ? ` Runs made again because Lighthouse could not read its trace: ${l.recordingRetries.join(', ')}.` : ''} Median run's full report: \`${l.reportPath.replace(/^.*?(\.tmp\/)/, '$1')}\` (not committed).

${table(
  ['score', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index', 'transfer'],
  [[String(m.score), seconds(m.fcpMs), seconds(m.lcpMs), ms(m.tbtMs), m.cls.toFixed(3), seconds(m.speedIndexMs), kb(m.transferBytes)]],
)}

LCP element: \`${l.lcp.element.replace(/`/g, "'")}\`; phases: ${Object.entries(l.lcp.phases).map(([phase, t]) => `${phase} ${ms(t)}`).join(', ') || 'n/a'}.

Top opportunities (estimated savings in the median run):

${l.opportunities.length ? table(['audit', 'title', 'savings (time)', 'savings (bytes)'], l.opportunities.map((o) => [o.id, o.title, ms(o.savingsMs), o.savingsBytes ? kb(o.savingsBytes) : '–'])) : 'none'}

Main-thread time by script (bootup-time, median run):

${table(['script', 'total', 'scripting'], l.mainThreadByScript.map((s) => [s.url, ms(s.totalMs), ms(s.scriptingMs)]))}
${environment.lighthouseDate ? `\nLighthouse figures from a BENCH_ONLY=lighthouse run on ${environment.lighthouseDate}; the other figures are from ${environment.date}.\n` : ''}`;
}

const PICK_12_WARM = '12 MP JPEG, warm';
/** The naive first paint each warm pick compares with (the naive page is warm too: its first run is not counted). */
const NAIVE_PER_PICK: Record<string, string> = { '12 MP JPEG, warm': '12 MP JPEG', '48 MP JPEG, warm': '48 MP JPEG' };

/** Issue 14's goals for the support flow on the built app (medians), bench/realPage.ts. */
function realPageBudgets(r: RealPageResult | undefined): BudgetRow[] {
  const median = (values: number[] | undefined) => (values?.length ? percentile(values, 50) : undefined);
  const row = (what: string, budget: string, values: number[] | undefined, limit: number): BudgetRow => {
    const m = median(values);
    return {
      what: `real app: ${what} (median)`,
      budget,
      measured: m === undefined ? 'not measured' : `${ms(m)} (p95 ${ms(percentile(values!, 95))}, ${values!.length} runs)`,
      met: m === undefined ? null : m <= limit,
    };
  };
  const ours = median(r?.pickToPreview[PICK_12_WARM]);
  const naive = median(r?.naiveFirstPaint['12 MP JPEG']);
  const flowTasks = r ? Object.values(r.longTasks).flat() : undefined;
  return [
    row('pick a 12 MP JPEG → placed, draggable preview, warm', '≤ 150 ms', r?.pickToPreview[PICK_12_WARM], 150),
    {
      what: 'real app: the same, against the naive first paint of the same photo in the same run (naive ÷ ours)',
      budget: '≥ 3×',
      measured: ours !== undefined && naive !== undefined ? `${(naive / ours).toFixed(2)}× (naive ${ms(naive)}, ours ${ms(ours)})` : 'not measured',
      met: ours !== undefined && naive !== undefined ? naive / ours >= 3 : null,
    },
    row('pick a 12 MP JPEG → preview, first photo right after the campaign page opened (cold; from its link to the support page)', '≤ 800 ms', r?.pickToPreview[COLD_FROM_CAMPAIGN], 800),
    row('the same on the support page opened straight from its link (cold)', '≤ 800 ms', r?.pickToPreview[COLD_DIRECT], 800),
    row('pick a 48 MP JPEG → preview, warm', '≤ 400 ms', r?.pickToPreview['48 MP JPEG, warm'], 400),
    row('pick a 12 MP HEIC → preview, warm', '≤ 900 ms', r?.pickToPreview['12 MP HEIC, warm'], 900),
    row('Next → JPEG ready (1080², one hole), warm', '≤ 250 ms', r?.nextToResult['12 MP JPEG, 1 hole, warm'], 250),
    row('Next → JPEG ready with a blurred background (segmentation included), warm', '≤ 500 ms', r?.nextToResult['blurred background, warm'], 500),
    {
      what: 'real app: main-thread long tasks (> 50 ms) during the measured picks and Next presses',
      budget: '0',
      measured: flowTasks ? `${flowTasks.length}${flowTasks.length ? ` (longest ${ms(Math.max(...flowTasks))})` : ''}` : 'not measured',
      met: flowTasks ? flowTasks.length === 0 : null,
    },
  ];
}

function realPageSection(r: RealPageResult | undefined, environment: Environment): string {
  if (!r) return '## Support flow on the built app\n\nNot measured in this run.\n';
  const rows = (times: Record<string, number[]>, naive: boolean) =>
    Object.entries(times).map(([name, values]) => {
      const s = stats(values);
      const tasks = r.longTasks[name] ?? [];
      const peer = NAIVE_PER_PICK[name] ? r.naiveFirstPaint[NAIVE_PER_PICK[name]] : undefined;
      const ratio = peer?.length ? `${(percentile(peer, 50) / s.median).toFixed(2)}×` : '–';
      return [name, ms(s.median), ms(s.p95), String(s.runs), ...(naive ? [ratio] : []), `${tasks.length}${tasks.length ? ` (longest ${ms(Math.max(...tasks))})` : ''}`];
    });
  return `## Support flow on the built app (pick → preview, Next → result)

\`npm start\` (production build, fresh seeded data), Debian's Chromium at 1280 × 900, the support page of \`/${r.campaign}\` (one hole).
Photos are picked through the page's file input (Playwright \`setInputFiles\`) and timed with the app's own marks (src/lib/perfMarks.ts):
\`bingkai:pick\` in the picker's change handler, \`bingkai:preview\` when the adjuster's Konva layer first draws the newly placed photo
(its proxy at the automatic placement, draggable; the worker's composed preview replaces it later), \`bingkai:next\` on Next,
\`bingkai:result\` when the result blob is ready. Cold: a fresh browser context per run, the photo picked as soon as the page is ready.
Warm: the same page after it has placed a photo (one untimed pick of each file first). Next → result: the photo placed on a page whose
workers and models have loaded; the render is the first of that page's pipeline, as for every supporter. Each run waits until the flow
has settled (composed preview shown, Next enabled) before the next; long tasks are counted from each run's first mark until then.

${table(['pick → preview', 'median', 'p95', 'runs', 'naive first paint ÷ ours', 'long tasks > 50 ms'], rows(r.pickToPreview, true))}

${table(['Next → result', 'median', 'p95', 'runs', 'long tasks > 50 ms'], rows(r.nextToResult, false))}

Naive first paint (same browser, same run): a plain page's file input; its change handler decodes the file with an \`<img>\` (object URL)
and draws it with one \`drawImage\` into a ${r.previewSize.width} × ${r.previewSize.height} canvas (the adjuster's size), on the main thread.

${table(['naive first paint', 'median', 'p95', 'runs'], Object.entries(r.naiveFirstPaint).map(([name, values]) => [name, ms(stats(values).median), ms(stats(values).p95), String(values.length)]))}
${r.skipped.length ? `\nNot measured: ${r.skipped.join('; ')}.\n` : ''}${environment.realPageDate ? `\nFigures from a BENCH_ONLY=page run on ${environment.realPageDate}; the other figures are from ${environment.date}.\n` : ''}`;
}

export async function writeResults(raw: RawResults, environment: Environment): Promise<string[]> {
  const marked = (JSON.parse(await readFile(facesJson, 'utf8')) as { samples: Record<string, { faces: Rect[] }> }).samples;
  const p = raw.pipeline;
  const warm = mapValues(p?.warm, stats);
  const stages = mapValues(p?.stages, stats);
  const naive = mapValues(raw.naive?.times, stats);
  const resize = mapValues(raw.resize?.times, stats);
  const frameAnalysis = mapValues(raw.frameAnalysis?.times, stats);
  const composite = mapValues(raw.composite?.times, stats);
  const ours = scoreFaces(raw.faces?.ours, marked);
  const peer = scoreFaces(raw.faces?.peer, marked);
  const drag = raw.previewDrag;
  const fps = drag ? drag.intervals.length / drag.seconds : undefined;
  const dragP95 = drag ? percentile(drag.intervals, 95) : undefined;
  const drawP95 = drag ? percentile(drag.drawMs, 95) : undefined;
  const designExport = mapValues(raw.designExport?.times, stats);
  const designBlocked = mapValues(raw.designExport?.blocked, stats);
  const ratio = (name: string) => (naive[name] && warm[name] ? naive[name].median / warm[name].median : undefined);

  const warm12 = warm['12mp'];
  const face12 = stages['face 12mp'];
  const face12InWorker = stages['face 12mp (in worker)'];
  // Per run, facade round trip minus the worker's own time: queue, messages, transfer, events.
  const roundTrips = p?.stages['face 12mp'];
  const workerTimes = p?.stages['face 12mp (in worker)'];
  const face12Overhead = roundTrips && workerTimes?.length === roundTrips.length ? percentile(roundTrips.map((t, i) => t - (workerTimes[i] ?? 0)), 50) : undefined;
  const flowLongTasks = p?.longTasks;
  const budgets: BudgetRow[] = [
    {
      what: '12 MP JPEG → 1080² framed JPEG, warm (median)',
      budget: '≤ 250 ms (on a laptop)',
      measured: warm12 ? `${ms(warm12.median)} (p95 ${ms(warm12.p95)}); naive main-thread ${ms(naive['12mp']?.median)}, ratio ${ratio('12mp')?.toFixed(2) ?? 'n/a'}×` : 'n/a',
      met: warm12 ? warm12.median <= 250 : null,
    },
    {
      what: 'face detection on a 12 MP photo, after decode (median round trip through the facade)',
      budget: '≤ 15 ms',
      measured: face12
        ? `${ms(face12.median)} (p95 ${ms(face12.p95)}); in the vision worker ${ms(face12InWorker?.median)} (p95 ${ms(face12InWorker?.p95)}), round-trip overhead ${ms(face12Overhead)}`
        : 'n/a',
      met: face12 ? face12.median <= 15 : null,
    },
    {
      what: 'main-thread long tasks (> 50 ms) during the support flow',
      budget: '0',
      measured: flowLongTasks ? `${flowLongTasks.length}${flowLongTasks.length ? ` (longest ${ms(Math.max(...flowLongTasks))})` : ''}` : 'n/a',
      met: flowLongTasks ? flowLongTasks.length === 0 : null,
    },
    {
      what: 'preview drag on the proxy (Konva stage as in the adjuster: photo node moved, turned and scaled, layer drawn, per animation frame)',
      budget: '60 fps',
      measured: fps !== undefined ? `${fps.toFixed(1)} fps, frame interval p95 ${ms(dragP95)}, draw p95 ${ms(drawP95)}` : 'n/a',
      met: fps !== undefined && dragP95 !== undefined ? fps >= 58 && dragP95 <= 20 : null,
    },
    {
      what: 'JS before the first photo is picked on a campaign page (gzip)',
      budget: '≤ 200 KB',
      measured: raw.jsSize ? `${kb(raw.jsSize.gzipTotal)} in ${raw.jsSize.files.length} files (+ ${kb(raw.jsSize.cssGzip)} CSS)` : 'n/a',
      met: raw.jsSize ? raw.jsSize.gzipTotal <= 200 * 1024 : null,
    },
    {
      what: 'API campaign read p99 on loopback at 200 req/s',
      budget: '≤ 20 ms',
      measured: raw.api ? `p99 ${ms(raw.api.latency.p99)} (p50 ${ms(raw.api.latency.p50)}, max ${ms(raw.api.latency.max)}), ${raw.api.requests} requests, ${raw.api.non2xx} non-2xx` : 'not measured',
      met: raw.api ? raw.api.latency.p99 <= 20 && raw.api.non2xx === 0 && raw.api.errors === 0 : null,
    },
    {
      what: `API mixed load p99 on loopback at 200 req/s for 20 s (campaign reads, HTML pages, supports, sign-ins)`,
      budget: '≤ 50 ms, 0 errors',
      measured: raw.mixed
        ? `p99 ${ms(raw.mixed.overall.latency.p99)} (p50 ${ms(raw.mixed.overall.latency.p50)}, max ${ms(raw.mixed.overall.latency.max)}), ${raw.mixed.overall.requests} requests, ${raw.mixed.overall.errors} errors`
        : 'not measured',
      met: raw.mixed ? raw.mixed.overall.latency.p99 <= 50 && raw.mixed.overall.errors === 0 : null,
    },
    ...lighthouseBudgets(raw.lighthouse),
    ...realPageBudgets(raw.realPage),
    ...searchBudgets(raw.search),
  ];

  const summary = { budgets, warm, cold: p?.cold, coldStages: p?.coldStages, warmUpMs: p?.warmUpMs, stages, naive, resize, frameAnalysis, composite, faces: { ours, peer, peerBackend: raw.faces?.peerBackend }, previewDrag: { fps, dragP95, drawP95 }, designExport: { times: designExport, blocked: designBlocked }, jsSize: raw.jsSize };
  const json = resolve(resultsDir, 'latest.json');
  await writeFile(json, `${JSON.stringify({ environment, summary, raw }, null, 2)}\n`);

  const longTaskRows = (['pipeline', 'naive', 'faces', 'frameAnalysis', 'composite', 'resize', 'previewDrag', 'designExport'] as const).flatMap((name) => {
    const tasks = raw[name]?.longTasks;
    return tasks ? [[name, String(tasks.length), tasks.length ? ms(Math.max(...tasks)) : '–', tasks.length ? ms(tasks.reduce((a, b) => a + b, 0)) : '–']] : [];
  });
  const statRow = (name: string, s: Stats | undefined, extra: string[] = []) => [name, ms(s?.median), ms(s?.p95), String(s?.runs ?? 0), ...extra];
  const faceRow = (name: string, backend: string, score: FaceScore | undefined) =>
    score ? [name, backend, ms(score.medianMs), `${score.hits}/${score.marked} (${((score.hits / score.marked) * 100).toFixed(0)} %)`, String(score.falsePositives)] : [name, backend, 'n/a', 'n/a', 'n/a'];

  const md = `# Image-pipeline benchmark

Generated by \`npm run bench\` (bench/run.ts) on ${environment.date}.

Environment: ${environment.cpus} CPU cores (${environment.cpuModel}), ${environment.memoryGb} GB RAM, Node ${environment.node},
Chromium ${environment.chromium} headless with \`${environment.flags}\` (no GPU: WebGL2 is SwiftShader, MediaPipe runs on its CPU delegate).
${environment.runs} warm runs per measurement unless stated. The machine is shared with other work, so figures carry noise.
The page is served by Vite's dev server (modules unbundled), which makes the cold figures (worker and model start) pessimistic.

## Budgets (DESIGN.md §6)

${table(
  ['what', 'budget', 'measured', 'met'],
  budgets.map((b) => [b.what, b.budget, b.measured, mark(b.met)]),
)}

## Whole path: photo → framed 1080² JPEG (frame-circle.png, automatic placement, quality 0.9)

Cold: a fresh pipeline (new workers, models not loaded, no \`warm()\`), the frame already analysed. Warm: after \`warm()\` and one run.
The naive baseline decodes with an \`<img>\` and draws with one \`drawImage\` + \`toBlob\` on the main thread, the way Twibbonize's editor does.

${table(
  ['input', 'cold', 'warm median', 'warm p95', 'naive main-thread median', 'naive ÷ ours (warm)'],
  ['12mp', '48mp'].map((name) => [
    name === '12mp' ? '12 MP (4000 × 3000)' : '48 MP (8000 × 6000)',
    ms(p?.cold[name]),
    ms(warm[name]?.median),
    ms(warm[name]?.p95),
    ms(naive[name]?.median),
    ratio(name) !== undefined ? `${ratio(name)!.toFixed(2)}×` : 'n/a',
  ]),
)}

\`warm()\` (workers + both models) took ${ms(p?.warmUpMs)}.

## Stages (warm)

${table(['stage', 'median', 'p95', 'runs'], Object.entries(stages).map(([name, s]) => statRow(name, s)))}

Segment runs with a blurred background (once per photo, here the 12 MP one); analyze is the frame analysis (the campaign page does it before a photo is picked).
Stage times are round trips as the page sees them (from handing the job to the worker to its answer on the main thread); an "(in worker)" row is the same stage timed inside the vision worker, so the difference is the cost of the round trip itself (messages, transfer, queue, events).
On the 12 MP fixture (three faces) the face stage runs MediaPipe three times: the whole picture and two tiles for small faces (workers/face.ts).

## Main-thread long tasks (> 50 ms)

${table(['phase', 'count', 'longest', 'total'], longTaskRows)}

The \`pipeline\` phase is the support flow (cold and warm runs, both inputs); \`naive\` is the baseline, which blocks the main thread by design.

## Face detection: our MediaPipe stage vs @vladmandic/face-api's tiny face detector

On the six face-api sample photos (1920 px wide, ${marked ? Object.values(marked).reduce((n, s) => n + s.faces.length, 0) : 0} faces marked by hand in tests/fixtures/faces.json).
A marked face is found when a detection overlaps it one-to-one with IoU ≥ ${MIN_HAND_IOU}. Latency is the median per photo.

${table(['detector', 'runs on', 'median latency', 'hit rate', 'false positives'], [
  faceRow('ours: MediaPipe BlazeFace short range + tiles (worker)', 'tasks-vision CPU (wasm)', ours),
  faceRow('face-api TinyFaceDetector (inputSize 416, score 0.5)', `tfjs ${raw.faces?.peerBackend ?? 'n/a'}`, peer),
])}

## Resize step: decoded 12 MP (4000 × 3000) → 1440 × 1080

${table(
  ['method', 'median', 'p95', 'runs', 'mean abs. difference from pica (0–255)'],
  Object.entries(resize).map(([name, s]) => statRow(name, s, [raw.resize?.differenceFromPica[name]?.toFixed(2) ?? 'n/a'])),
)}

## Frame analysis: wasm kernel vs TypeScript twin (${raw.frameAnalysis?.size ?? 'n/a'} frame, main thread)

${table(['engine', 'median', 'p95', 'runs'], Object.entries(frameAnalysis).map(([name, s]) => statRow(name, s)))}

## Composite: WebGL2 vs Canvas2D (4000 × 3000 working image into the 1080² frame)

${table(['renderer', 'median', 'p95', 'runs'], Object.entries(composite).map(([name, s]) => statRow(name, s)))}

WebGL2 available: ${raw.composite?.webglAvailable ?? 'n/a'}, software (SwiftShader): ${raw.composite?.webglSoftware ?? 'n/a'}. The pipeline's 'auto' renderer uses WebGL2 only on a hardware GPU.

## Frame designer export: worker vs main-thread stage clone (${raw.designExport ? `template ${raw.designExport.template}, ${raw.designExport.size}, ${raw.designExport.elements} elements` : 'n/a'})

${table(
  ['method', 'median', 'p95', 'runs', 'longest main-thread block (median)'],
  [
    statRow('ours: image worker renders, encodes the PNG and analyses it (pipeline.exportDesign)', designExport.worker, [ms(designBlocked.worker?.median)]),
    statRow('peer: Konva stage on the main thread, stage.toDataURL() (PNG only, no analysis)', designExport.stageClone, [ms(designBlocked.stageClone?.median)]),
  ],
)}

Both draw with core/design/designRender.ts. "Longest main-thread block" is the longest gap between animation frames while one export ran.

## JavaScript before the first photo (campaign route, production build)

${
  raw.jsSize
    ? table(
        ['file', 'bytes', 'gzip'],
        [...raw.jsSize.files.sort((a, b) => b.gzip - a.gzip).map((f) => [f.file, kb(f.bytes), kb(f.gzip)]), ['**total JS**', '', `**${kb(raw.jsSize.gzipTotal)}**`]],
      )
    : 'not measured'
}

## API campaign read

${
  raw.api
    ? `\`npm start\` (PGlite, seeded demo data) on loopback; an open-loop client sending one request every ${(1000 / raw.api.rate).toFixed(0)} ms on a fixed schedule (latency timed from when each was due) at ${raw.api.rate} req/s for ${raw.api.seconds} s after a 3 s warm-up (achieved ${(raw.api.requests / raw.api.seconds).toFixed(0)} req/s), signed GET \`${raw.api.path}\` (rate limit raised for the run).

${table(['requests', 'non-2xx', 'errors', 'p50', 'p90', 'p99', 'max'], [[String(raw.api.requests), String(raw.api.non2xx), String(raw.api.errors), ms(raw.api.latency.p50), ms(raw.api.latency.p90), ms(raw.api.latency.p99), ms(raw.api.latency.max)]])}`
    : 'Not measured in this run.'
}

## API mixed load

${
  raw.mixed
    ? `The same server, after the campaign read: ${raw.mixed.rate} req/s open-loop for ${raw.mixed.seconds} s after a 3 s warm-up, requests interleaved in a fixed pattern of 20 —
10 signed campaign reads (\`/api/v2/campaigns/${raw.mixed.campaign}\`), 5 HTML campaign pages (\`/${raw.mixed.campaign}\`, crawler and browser User-Agent/Accept alternating),
3 signed supports, 2 sign-ins of a verified account registered through the API (one in ten with a wrong password, where 401 is the expected answer).
Each request carries its own x-forwarded-for and the server trusts loopback as a proxy; request, auth and support limits are raised or spread, so the figures are the paths, not the limiters.
An error is a network error, a timeout or another status than the expected one.

${table(
  ['kind', 'requests', 'errors', 'p50', 'p95', 'p99', 'max', 'goal p99 ≤ 50 ms, 0 errors'],
  [...Object.entries(raw.mixed.kinds), ['**all**', raw.mixed.overall] as const].map(([kind, f]) => [
    kind,
    String(f.requests),
    String(f.errors),
    ms(f.latency.p50),
    ms(f.latency.p95),
    ms(f.latency.p99),
    ms(f.latency.max),
    f.latency.p99 <= 50 && f.errors === 0 ? '✅' : '❌',
  ]),
)}
${raw.mixed.samples.length ? `\nFirst unexpected answers:\n\n${raw.mixed.samples.map((sample) => `- ${sample}`).join('\n')}\n` : ''}${environment.apiDate ? `\nAPI figures from a BENCH_ONLY=api run on ${environment.apiDate}; the browser figures above are from ${environment.date}.\n` : ''}`
    : 'Not measured in this run.'
}
${scaleSection(raw.scale, environment.scaleDate)}
${realPageSection(raw.realPage, environment)}
${searchSection(raw.search, environment.searchDate)}
${lighthouseSection(raw.lighthouse, environment)}
${raw.errors.length ? `\n## Errors\n\n${raw.errors.map((e) => `- ${e}`).join('\n')}\n` : ''}`;
  const mdPath = resolve(resultsDir, 'latest.md');
  await writeFile(mdPath, md);
  return [json, mdPath];
}
