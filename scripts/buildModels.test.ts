import { mkdtemp, readFile, rm, stat, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModels, modelSources, WASM_FILES } from './buildModels.ts';
import { attachMetadata, readMetadataBuffer, readModelMetadata, readTflite } from './modelMetadata.ts';

let outDir = '';
beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'bingkai-models-'));
  await buildModels(outDir);
});
afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

describe('buildModels', () => {
  it.each(modelSources('/unused').map((s) => [s.name, s] as const))('%s keeps the original model and adds metadata', async (_name, spec) => {
    const source = modelSources(outDir).find((s) => s.name === spec.name);
    if (!source) throw new Error('missing source');
    const original = new Uint8Array(await readFile(source.from));
    const built = new Uint8Array(await readFile(source.to));
    const before = readTflite(original);
    const after = readTflite(built);

    // Same graph: subgraphs, tensors, operators, operator codes; one buffer more.
    expect(after.subgraphs).toEqual(before.subgraphs);
    expect(after.operatorCodes).toBe(before.operatorCodes);
    expect(after.version).toBe(before.version);
    expect(after.buffers).toBe(before.buffers + 1);
    expect(after.metadata).toEqual([...before.metadata, { name: 'TFLITE_METADATA', buffer: before.buffers }]);

    // The original bytes sit unchanged, 16-byte aligned, inside the new file.
    const at = built.length - original.length - ((16 - (original.length % 16)) % 16);
    expect(at % 16).toBe(0);
    expect(Buffer.from(built.subarray(at, at + original.length)).equals(Buffer.from(original))).toBe(true);

    const metadataBytes = readMetadataBuffer(built);
    if (!metadataBytes) throw new Error('metadata buffer missing');
    expect(metadataBytes.byteOffset % 16).toBe(0);
    const metadata = readModelMetadata(metadataBytes);
    expect(metadata.minParserVersion).toBe('1.0.0');
    expect(metadata.inputs).toEqual([{ name: before.subgraphs[0]?.tensors[before.subgraphs[0].inputs[0] ?? -1], colorSpace: 1, mean: spec.mean, std: spec.std }]);
    expect(metadata.outputs).toHaveLength(before.subgraphs[0]?.outputs.length ?? -1);
    expect(metadata.outputs.length).toBeGreaterThan(0);
  });

  it('writes BlazeFace [-1, 1] and selfie [0, 1] normalization', async () => {
    const [face, selfie] = modelSources(outDir);
    if (!face || !selfie) throw new Error('missing source');
    const read = async (path: string) => readModelMetadata(readMetadataBuffer(new Uint8Array(await readFile(path))) ?? new Uint8Array());
    expect((await read(face.to)).inputs[0]).toMatchObject({ mean: [127.5], std: [127.5] });
    expect((await read(selfie.to)).inputs[0]).toMatchObject({ mean: [0], std: [255] });
  });

  it('copies the tasks-vision module wasm files', async () => {
    for (const file of WASM_FILES) expect((await stat(join(outDir, 'mediapipe', file))).size).toBeGreaterThan(1000);
  });

  it('skips outputs newer than their inputs and rebuilds stale ones', async () => {
    const [face] = modelSources(outDir);
    if (!face) throw new Error('missing source');
    const old = new Date('2001-01-01T00:00:00Z');
    await buildModels(outDir);
    expect((await stat(face.to)).mtimeMs).toBeGreaterThan(old.getTime());
    await utimes(face.to, old, old);
    await buildModels(outDir);
    // Stale (older than the npm model) → rewritten.
    const rebuilt = (await stat(face.to)).mtimeMs;
    expect(rebuilt).toBeGreaterThan(old.getTime());
    await buildModels(outDir);
    expect((await stat(face.to)).mtimeMs).toBe(rebuilt);
  });
});

describe('attachMetadata', () => {
  it('rejects bytes that are not a TFLite model and a model that already has metadata', async () => {
    expect(() => attachMetadata(new Uint8Array(64), { name: 'x', description: '', mean: [0], std: [1] })).toThrow(/TFL3/);
    const [face] = modelSources(outDir);
    if (!face) throw new Error('missing source');
    const built = new Uint8Array(await readFile(face.to));
    expect(() => attachMetadata(built, { name: 'x', description: '', mean: [0], std: [1] })).toThrow(/already/);
  });
});
