/**
 * Golden-image tests (issue 3): every case of cases.ts is rendered through the real pipeline in
 * Chromium and compared with its golden PNG (pixelmatch, tolerance in compare.ts), and the faces
 * found with the golden's face boxes and, for the face-api samples, with the boxes marked by hand
 * in tests/fixtures/faces.json. UPDATE_GOLDENS=1 writes the goldens instead.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { VISUAL_CASES, type CaseResult, type CaseSpec, type VisualCase } from './cases.ts';
import { boxToOutput, compareImages, matchBoxes, MIN_FACE_IOU, MIN_HAND_IOU, readPng, scaleBox, writePng } from './compare.ts';
import type { Rect } from '../../core/geometry.ts';
import { saveCase } from './report.ts';

const UPDATE = process.env.UPDATE_GOLDENS === '1';
const goldenDir = resolve(import.meta.dirname, 'golden');
const handMarked = JSON.parse(await readFile(resolve(import.meta.dirname, '../fixtures/faces.json'), 'utf8')) as {
  samples: Record<string, { faces: Rect[] }>;
};

interface GoldenMeta {
  spec: CaseSpec;
  width: number;
  height: number;
  photoSize: CaseResult['photoSize'];
  faces: CaseResult['faces'];
  transform: CaseResult['transform'];
}


// One page (and one warm pipeline) per worker; after a failure Playwright starts a fresh worker.
let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  page.on('pageerror', (error) => console.error(`harness: ${error.message}`));
  // Vite may reload the page once after optimising dependencies on first use.
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto('/tests/visual/harness.html');
      await page.evaluate(() => window.harnessReady);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
});

test.afterAll(async () => {
  await page.close();
});

const run = (spec: CaseSpec) => page.evaluate((s) => window.runCase(s), spec);

const round = (box: Rect): Rect => ({ x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) });

async function readGolden(name: string): Promise<{ png: Buffer; meta: GoldenMeta }> {
  try {
    const png = await readFile(resolve(goldenDir, `${name}.png`));
    const meta = JSON.parse(await readFile(resolve(goldenDir, `${name}.json`), 'utf8')) as GoldenMeta;
    return { png, meta };
  } catch {
    throw new Error(`No golden "${name}" in tests/visual/golden/: run \`npm run goldens:update\` and review the images.`);
  }
}

/** Problems of a result against the hand-marked boxes: every face found lies on a marked face. */
function handMarkedProblems(c: VisualCase, result: CaseResult): string[] {
  if (!c.handMarked) return [];
  const marked = handMarked.samples[c.handMarked.sample]?.faces.map((box) => scaleBox(box, c.handMarked!.scale)) ?? [];
  const { ious } = matchBoxes(marked, result.faces.map((f) => f.box));
  const problems = ious.flatMap((value, i) => (value < MIN_HAND_IOU ? [`face ${i} IoU ${value.toFixed(2)} with the hand-marked boxes (< ${MIN_HAND_IOU})`] : []));
  if (result.faces.length === 0) problems.push('no face found');
  return problems;
}

function goldenFaceProblems(meta: GoldenMeta, result: CaseResult): string[] {
  const problems: string[] = [];
  if (result.faces.length !== meta.faces.length) problems.push(`${result.faces.length} faces, golden has ${meta.faces.length}`);
  const { ious } = matchBoxes(
    meta.faces.map((f) => f.box),
    result.faces.map((f) => f.box),
  );
  ious.forEach((value, i) => {
    if (value < MIN_FACE_IOU) problems.push(`face ${i} IoU ${value.toFixed(2)} with the golden's faces (< ${MIN_FACE_IOU})`);
  });
  return problems;
}

for (const c of VISUAL_CASES) {
  test(c.name, async () => {
    const goldenName = c.goldenOf ?? c.name;
    const shared = c.goldenOf ? await readGolden(c.goldenOf) : undefined;
    const result = await run(shared ? { ...c.spec, transform: shared.meta.transform } : c.spec);
    const actual = Buffer.from(result.pngBase64, 'base64');
    const facesText = `${result.faces.length}: ${result.faces.map((f) => `${f.score.toFixed(2)} @ ${Object.values(round(f.box)).join(',')}`).join('; ')}`;

    if (UPDATE && !c.goldenOf) {
      const problems = handMarkedProblems(c, result);
      expect(problems, 'a golden must show the faces marked by hand').toEqual([]);
      const meta: GoldenMeta = {
        spec: c.spec,
        width: result.width,
        height: result.height,
        photoSize: result.photoSize,
        faces: result.faces.map((f) => ({ box: round(f.box), score: Number(f.score.toFixed(3)) })),
        transform: result.transform,
      };
      await writeFile(resolve(goldenDir, `${c.name}.png`), writePng(readPng(actual)));
      await writeFile(resolve(goldenDir, `${c.name}.json`), `${JSON.stringify(meta, null, 2)}\n`);
      await saveCase({ name: c.name, golden: 'written', pass: true, diffShare: 0, problems: [], faces: facesText, stages: result.stages }, { actual });
      return;
    }

    const golden =
      shared ??
      (await readGolden(goldenName).catch(async (error: Error) => {
        await saveCase({ name: c.name, golden: 'missing', pass: false, diffShare: 1, problems: [error.message], faces: facesText, stages: result.stages }, { actual });
        throw error;
      }));
    const comparison = compareImages(readPng(golden.png), readPng(actual));
    const problems = [
      ...(comparison.reason ? [comparison.reason] : []),
      ...goldenFaceProblems(golden.meta, result),
      ...handMarkedProblems(c, result),
      ...(Math.abs(result.proxySize.width / result.proxySize.height - result.photoSize.width / result.photoSize.height) < 0.01
        ? []
        : [`preview proxy ${result.proxySize.width}×${result.proxySize.height} has another shape than the photo`]),
      ...(result.photoSize.width === golden.meta.photoSize.width && result.photoSize.height === golden.meta.photoSize.height
        ? []
        : [`photo ${result.photoSize.width}×${result.photoSize.height}, golden ${golden.meta.photoSize.width}×${golden.meta.photoSize.height}`]),
    ];
    const toOutput = (faces: CaseResult['faces'], transform: CaseResult['transform']) =>
      faces.map((f) => boxToOutput(f.box, transform, result.photoSize, c.spec.outputScale));
    const overlay = { width: result.width, height: result.height, expected: toOutput(golden.meta.faces, golden.meta.transform), actual: toOutput(result.faces, result.transform) };
    await saveCase(
      { name: c.name, golden: goldenName, pass: problems.length === 0, diffShare: comparison.diffShare, problems, faces: facesText, stages: result.stages, overlay },
      { expected: golden.png, actual, diff: writePng(comparison.diff) },
    );
    expect(problems).toEqual([]);
  });
}

// The tolerance must catch real mistakes: a photo placed 2 px off, and a missing watermark.
const specOf = (name: string): CaseSpec => {
  const found = VISUAL_CASES.find((c) => c.name === name);
  if (!found) throw new Error(`no case ${name}`);
  return found.spec;
};
const { watermark: _dropped, ...withoutWatermark } = specOf('sample5-circle-watermark');
const negatives: { name: string; golden: string; spec: CaseSpec }[] = [
  { name: 'negative-2px-shift', golden: 'sample1-circle', spec: { ...specOf('sample1-circle'), shift: { x: 2, y: 0 } } },
  { name: 'negative-no-watermark', golden: 'sample5-circle-watermark', spec: withoutWatermark },
];

for (const n of negatives) {
  test(n.name, async () => {
    const result = await run(n.spec);
    const actual = Buffer.from(result.pngBase64, 'base64');
    const golden = await readGolden(n.golden);
    const comparison = compareImages(readPng(golden.png), readPng(actual));
    await saveCase(
      {
        name: n.name,
        golden: n.golden,
        pass: !comparison.pass,
        diffShare: comparison.diffShare,
        problems: comparison.pass ? ['the comparison accepted an image that should fail'] : [],
        faces: `${result.faces.length}`,
        stages: result.stages,
      },
      { expected: golden.png, actual, diff: writePng(comparison.diff) },
    );
    expect(comparison.pass, `${(comparison.diffShare * 100).toFixed(3)} % differ`).toBe(false);
  });
}
