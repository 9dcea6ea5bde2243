/**
 * Attaches TFLite model metadata (schema "M001") to a legacy .tflite file, and reads it back.
 *
 * tasks-vision refuses the npm-shipped MediaPipe models because they carry no
 * NormalizationOptions metadata (DESIGN.md §5). We append rather than re-encode: the
 * original bytes are written first, 16-byte aligned, so they land unchanged at the end of
 * the new file and every weight buffer keeps its alignment; a new root Model table then
 * points at the old objects plus one new Buffer holding the metadata.
 */
import { Builder, ByteBuffer } from 'flatbuffers';

export interface MetadataSpec {
  name: string;
  description: string;
  /** Per-channel (or single) normalization: model input = (pixel - mean) / std. */
  mean: number[];
  std: number[];
}

/** The parts of a TFLite Model the build and its test care about. */
export interface TfliteSummary {
  version: number;
  operatorCodes: number;
  buffers: number;
  subgraphs: { name: string; tensors: string[]; inputs: number[]; outputs: number[]; operators: number }[];
  metadata: { name: string; buffer: number }[];
}

export interface ModelMetadataSummary {
  name: string;
  minParserVersion: string;
  inputs: { name: string; colorSpace: number; mean: number[]; std: number[] }[];
  outputs: string[];
}

export const METADATA_NAME = 'TFLITE_METADATA';
const MODEL_ID = 'TFL3';
const METADATA_ID = 'M001';
// Union tags and enum values of metadata_schema.fbs.
const CONTENT_IMAGE_PROPERTIES = 2;
const PROCESS_UNIT_NORMALIZATION = 1;
const COLOR_SPACE_RGB = 1;

// Field slots (vtable indices) of schema.fbs and metadata_schema.fbs.
const Model = { version: 0, operatorCodes: 1, subgraphs: 2, description: 3, buffers: 4, metadataBuffer: 5, metadata: 6, signatureDefs: 7 };
const SubGraph = { tensors: 0, inputs: 1, outputs: 2, operators: 3, name: 4 };
const Tensor = { name: 3 };
const MetadataEntry = { name: 0, buffer: 1 };
const BufferTable = { data: 0 };

/** Position of a field inside a table, or 0 when absent. */
function field(bb: ByteBuffer, table: number, slot: number): number {
  const rel = bb.__offset(table, 4 + 2 * slot);
  return rel === 0 ? 0 : table + rel;
}

function tableAt(bb: ByteBuffer, table: number, slot: number): number {
  const at = field(bb, table, slot);
  return at === 0 ? 0 : bb.__indirect(at);
}

function stringAt(bb: ByteBuffer, table: number, slot: number): string {
  const at = field(bb, table, slot);
  return at === 0 ? '' : (bb.__string(at) as string);
}

/** Element positions of a vector of tables (or strings) field. */
function tableVector(bb: ByteBuffer, table: number, slot: number): number[] {
  const at = field(bb, table, slot);
  if (at === 0) return [];
  const start = bb.__vector(at);
  return Array.from({ length: bb.__vector_len(at) }, (_, i) => bb.__indirect(start + 4 * i));
}

function numberVector(bb: ByteBuffer, table: number, slot: number, read: (pos: number) => number, size: number): number[] {
  const at = field(bb, table, slot);
  if (at === 0) return [];
  const start = bb.__vector(at);
  return Array.from({ length: bb.__vector_len(at) }, (_, i) => read(start + size * i));
}

function rootOf(bytes: Uint8Array, identifier: string): ByteBuffer & { root: number } {
  if (bytes.length < 8) throw new Error('model file is too small to be a flatbuffer');
  const bb = new ByteBuffer(bytes);
  if (!bb.__has_identifier(identifier)) throw new Error(`not a flatbuffer with file identifier ${identifier}`);
  return Object.assign(bb, { root: bb.readUint32(0) });
}

export function readTflite(bytes: Uint8Array): TfliteSummary {
  const bb = rootOf(bytes, MODEL_ID);
  const { root } = bb;
  const versionAt = field(bb, root, Model.version);
  return {
    version: versionAt === 0 ? 0 : bb.readUint32(versionAt),
    operatorCodes: tableVector(bb, root, Model.operatorCodes).length,
    buffers: tableVector(bb, root, Model.buffers).length,
    subgraphs: tableVector(bb, root, Model.subgraphs).map((sg) => ({
      name: stringAt(bb, sg, SubGraph.name),
      tensors: tableVector(bb, sg, SubGraph.tensors).map((t) => stringAt(bb, t, Tensor.name)),
      inputs: numberVector(bb, sg, SubGraph.inputs, (p) => bb.readInt32(p), 4),
      outputs: numberVector(bb, sg, SubGraph.outputs, (p) => bb.readInt32(p), 4),
      operators: tableVector(bb, sg, SubGraph.operators).length,
    })),
    metadata: tableVector(bb, root, Model.metadata).map((m) => {
      const bufferAt = field(bb, m, MetadataEntry.buffer);
      return { name: stringAt(bb, m, MetadataEntry.name), buffer: bufferAt === 0 ? 0 : bb.readUint32(bufferAt) };
    }),
  };
}

/** The bytes of the metadata buffer named `name`, or undefined. */
export function readMetadataBuffer(bytes: Uint8Array, name = METADATA_NAME): Uint8Array | undefined {
  const bb = rootOf(bytes, MODEL_ID);
  const entry = readTflite(bytes).metadata.find((m) => m.name === name);
  if (!entry) return undefined;
  const buffer = tableVector(bb, bb.root, Model.buffers)[entry.buffer];
  if (buffer === undefined) return undefined;
  const at = field(bb, buffer, BufferTable.data);
  if (at === 0) return undefined;
  const start = bb.__vector(at);
  return bytes.subarray(start, start + bb.__vector_len(at));
}

export function readModelMetadata(bytes: Uint8Array): ModelMetadataSummary {
  const bb = rootOf(bytes, METADATA_ID);
  const { root } = bb;
  const subgraph = tableVector(bb, root, 3)[0];
  if (subgraph === undefined) throw new Error('metadata has no subgraph');
  const inputs = tableVector(bb, subgraph, 2).map((t) => {
    const content = tableAt(bb, t, 3);
    const properties = content === 0 ? 0 : tableAt(bb, content, 1);
    const colorAt = properties === 0 ? 0 : field(bb, properties, 0);
    const unit = tableVector(bb, t, 4)[0];
    const options = unit === undefined ? 0 : tableAt(bb, unit, 1);
    const floats = (slot: number) => (options === 0 ? [] : numberVector(bb, options, slot, (p) => bb.readFloat32(p), 4));
    return { name: stringAt(bb, t, 0), colorSpace: colorAt === 0 ? 0 : bb.readInt8(colorAt), mean: floats(0), std: floats(1) };
  });
  return {
    name: stringAt(bb, root, 0),
    minParserVersion: stringAt(bb, root, 7),
    inputs,
    outputs: tableVector(bb, subgraph, 3).map((t) => stringAt(bb, t, 0)),
  };
}

/** Builds the ModelMetadata flatbuffer for a single-image-input model. */
export function buildModelMetadata(spec: MetadataSpec, inputName: string, outputNames: string[]): Uint8Array {
  const b = new Builder(1024);
  const floats = (values: number[]) => {
    b.startVector(4, values.length, 4);
    for (let i = values.length - 1; i >= 0; i--) b.addFloat32(values[i] ?? 0);
    return b.endVector();
  };
  const tables = (offsets: number[]) => {
    b.startVector(4, offsets.length, 4);
    for (let i = offsets.length - 1; i >= 0; i--) b.addOffset(offsets[i] ?? 0);
    return b.endVector();
  };

  // Input tensor: RGB image, normalized by (x - mean) / std.
  const mean = floats(spec.mean);
  const std = floats(spec.std);
  b.startObject(2);
  b.addFieldOffset(0, mean, 0);
  b.addFieldOffset(1, std, 0);
  const normalization = b.endObject();
  b.startObject(2);
  b.addFieldInt8(0, PROCESS_UNIT_NORMALIZATION, 0);
  b.addFieldOffset(1, normalization, 0);
  const processUnits = tables([b.endObject()]);
  b.startObject(2);
  b.addFieldInt8(0, COLOR_SPACE_RGB, 0);
  const imageProperties = b.endObject();
  b.startObject(2);
  b.addFieldInt8(0, CONTENT_IMAGE_PROPERTIES, 0);
  b.addFieldOffset(1, imageProperties, 0);
  const content = b.endObject();
  const inputNameOffset = b.createString(inputName);
  b.startObject(7);
  b.addFieldOffset(0, inputNameOffset, 0);
  b.addFieldOffset(3, content, 0);
  b.addFieldOffset(4, processUnits, 0);
  const input = b.endObject();

  // ImageSegmenter needs one TensorMetadata per output, even an empty one.
  const outputs = outputNames.map((name) => {
    const nameOffset = b.createString(name);
    b.startObject(7);
    b.addFieldOffset(0, nameOffset, 0);
    return b.endObject();
  });

  const inputVector = tables([input]);
  const outputVector = tables(outputs);
  b.startObject(7);
  b.addFieldOffset(2, inputVector, 0);
  b.addFieldOffset(3, outputVector, 0);
  const subgraph = b.endObject();
  const subgraphs = tables([subgraph]);
  const name = b.createString(spec.name);
  const description = b.createString(spec.description);
  const minParserVersion = b.createString('1.0.0');
  b.startObject(8);
  b.addFieldOffset(0, name, 0);
  b.addFieldOffset(1, description, 0);
  b.addFieldOffset(3, subgraphs, 0);
  b.addFieldOffset(7, minParserVersion, 0);
  b.finish(b.endObject(), METADATA_ID);
  return b.asUint8Array().slice();
}

/** Reserves `bytes.length` bytes in the builder (already prepped) and copies `bytes` there. */
function writeRaw(b: Builder, bytes: Uint8Array): void {
  b.pad(bytes.length);
  const bb = b.dataBuffer();
  bb.bytes().set(bytes, bb.capacity() - b.offset());
}

/** Returns a new .tflite with `spec` attached as TFLITE_METADATA; `model` is not modified. */
export function attachMetadata(model: Uint8Array, spec: MetadataSpec): Uint8Array {
  const old = rootOf(model, MODEL_ID);
  const summary = readTflite(model);
  const main = summary.subgraphs[0];
  if (!main || main.inputs.length !== 1) throw new Error('expected a model with one subgraph and one image input');
  if (summary.metadata.some((m) => m.name === METADATA_NAME)) throw new Error('model already carries TFLITE_METADATA');
  const tensorName = (i: number) => main.tensors[i] ?? `tensor_${i}`;
  const metadata = buildModelMetadata(spec, tensorName(main.inputs[0] ?? 0), main.outputs.map(tensorName));

  const b = new Builder(model.length + metadata.length + 1024);
  b.prep(16, model.length);
  writeRaw(b, model);
  const originStart = b.offset();
  // Builder offsets count from the end of the buffer, so old position p maps to originStart - p.
  const fromOld = (pos: number) => originStart - pos;
  const oldOffset = (slot: number) => {
    const at = field(old, old.root, slot);
    return at === 0 ? 0 : fromOld(old.__indirect(at));
  };

  b.startVector(1, metadata.length, 16);
  writeRaw(b, metadata);
  const data = b.endVector();
  b.startObject(3);
  b.addFieldOffset(BufferTable.data, data, 0);
  const metadataBuffer = b.endObject();

  const oldBuffers = tableVector(old, old.root, Model.buffers).map(fromOld);
  const buffers = [...oldBuffers, metadataBuffer];
  b.startVector(4, buffers.length, 4);
  for (let i = buffers.length - 1; i >= 0; i--) b.addOffset(buffers[i] ?? 0);
  const bufferVector = b.endVector();

  const entryName = b.createString(METADATA_NAME);
  b.startObject(2);
  b.addFieldOffset(MetadataEntry.name, entryName, 0);
  b.addFieldInt32(MetadataEntry.buffer, oldBuffers.length, 0);
  const entry = b.endObject();
  const entries = [...tableVector(old, old.root, Model.metadata).map(fromOld), entry];
  b.startVector(4, entries.length, 4);
  for (let i = entries.length - 1; i >= 0; i--) b.addOffset(entries[i] ?? 0);
  const metadataVector = b.endVector();

  b.startObject(8);
  b.addFieldInt32(Model.version, summary.version, 0);
  for (const slot of [Model.operatorCodes, Model.subgraphs, Model.description, Model.metadataBuffer, Model.signatureDefs]) {
    const offset = oldOffset(slot);
    if (offset !== 0) b.addFieldOffset(slot, offset, 0);
  }
  b.addFieldOffset(Model.buffers, bufferVector, 0);
  b.addFieldOffset(Model.metadata, metadataVector, 0);
  b.finish(b.endObject(), MODEL_ID);
  return b.asUint8Array().slice();
}
