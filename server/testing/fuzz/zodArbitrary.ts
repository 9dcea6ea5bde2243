/**
 * A fast-check arbitrary of the values a zod 4 schema accepts, read from the schema's own definition
 * (`_zod.def`): the API fuzz (server/fuzz/apiFuzz.test.ts) starts from inputs the contract would take, so
 * its mutations reach the code behind validation. zod-fast-check was not used: it supports zod 3 only.
 *
 * Best effort, on purpose: refinements (`.refine`) and cross-field rules are not modelled, and a string
 * with both a pattern and a length takes the pattern; the server must answer whatever comes out.
 */
import fc from 'fast-check';
import type { z } from 'zod';

interface Def {
  type: string;
  [key: string]: unknown;
}
interface CheckDef {
  check: string;
  [key: string]: unknown;
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] => ((def.checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((c) => c._zod.def);

/** Deep enough for the design documents' trees, shallow enough to stay fast. */
const MAX_DEPTH = 4;

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const pattern = (def.pattern as RegExp | undefined) ?? (checks.find((c) => c.check === 'string_format' && c.pattern)?.pattern as RegExp | undefined);
  if (pattern) {
    try {
      return fc.stringMatching(pattern);
    } catch {
      // A regex fast-check cannot invert: plain strings, which validation will refuse.
    }
  }
  let minLength = 0;
  let maxLength = 40;
  for (const c of checks) {
    if (c.check === 'min_length') minLength = c.minimum as number;
    if (c.check === 'max_length') maxLength = c.maximum as number;
    if (c.check === 'length_equals') minLength = maxLength = c.length as number;
  }
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(maxLength, minLength + 40)), unit: 'grapheme' });
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let min = -1e6;
  let max = 1e6;
  let integer = false;
  for (const c of checksOf(def)) {
    if (c.check === 'number_format') integer = c.format !== 'float32' && c.format !== 'float64';
    if (c.check === 'greater_than') min = (c.value as number) + (c.inclusive ? 0 : integer ? 1 : 1e-6);
    if (c.check === 'less_than') max = (c.value as number) - (c.inclusive ? 0 : integer ? 1 : 1e-6);
  }
  if (integer) return fc.integer({ min: Math.ceil(Math.max(min, Number.MIN_SAFE_INTEGER)), max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function build(schema: unknown, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (s: unknown) => build(s, depth + 1);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
      return numberArbitrary(def);
    case 'int':
      return fc.integer();
    case 'boolean':
      return fc.boolean();
    case 'bigint':
      return fc.bigInt().map(String);
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'any':
    case 'unknown':
      return fc.jsonValue({ maxDepth: 2 });
    case 'optional':
      return fc.option(inner(def.innerType), { nil: undefined });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner(def.innerType);
    case 'lazy':
      return depth > MAX_DEPTH ? fc.constant(null) : inner((def.getter as () => unknown)());
    case 'pipe': {
      // z.preprocess is a pipe from a transform: its input is whatever the output schema takes.
      const from = defOf(def.in).type === 'transform' ? def.out : def.in;
      return inner(from);
    }
    case 'transform':
      return fc.jsonValue({ maxDepth: 1 });
    case 'array': {
      const checks = checksOf(def);
      const minLength = (checks.find((c) => c.check === 'min_length')?.minimum as number | undefined) ?? 0;
      const maxLength = (checks.find((c) => c.check === 'max_length')?.maximum as number | undefined) ?? 5;
      if (depth > MAX_DEPTH) return fc.constant([]);
      return fc.array(inner(def.element), { minLength, maxLength: Math.max(minLength, Math.min(maxLength, minLength + 3)) });
    }
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map(inner));
    case 'record':
      return depth > MAX_DEPTH ? fc.constant({}) : fc.dictionary(build(def.keyType, depth + 1) as fc.Arbitrary<string>, inner(def.valueType), { maxKeys: 3 });
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const required: string[] = [];
      const fields: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, field] of Object.entries(shape)) {
        fields[key] = inner(field);
        if (!['optional', 'default', 'prefault'].includes(defOf(field).type)) required.push(key);
      }
      return fc.record(fields, { requiredKeys: required });
    }
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(inner));
    case 'intersection':
      return fc.tuple(inner(def.left), inner(def.right)).map(([a, b]) => (typeof a === 'object' && typeof b === 'object' ? { ...a, ...b } : a));
    default:
      // A kind this converter does not know: any JSON, which validation sorts out.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

export function zodArbitrary(schema: z.ZodType): fc.Arbitrary<unknown> {
  return build(schema, 0);
}
