/**
 * Hand-made hostile inputs for the API fuzz, and the mutations that put them into otherwise valid
 * requests: huge strings, deep JSON, wrong types, unicode edge cases, nulls, odd numbers, prototype
 * keys, path traversal and hostile headers.
 */
import fc from 'fast-check';

/** Marks where a raw JSON fragment (too deep for JSON.stringify to be the point) goes in a body's text. */
export const DEEP_MARKER = '__fuzz_deep_json__';

const MiB = 1024 * 1024;

/** 10k levels of arrays or objects, as JSON text: parsers and validators that recurse must not fall over. */
export const deepJson = (levels: number, kind: 'array' | 'object') =>
  kind === 'array' ? '['.repeat(levels) + ']'.repeat(levels) : '{"a":'.repeat(levels) + 'null' + '}'.repeat(levels);

const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  '\u200B\u200D\uFEFF',
  'e\u0301\u0301\u0301',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\uD800',
  '\uDFFF\uD800',
  'مرحبا بالعالم',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${jndi:ldap://x}',
  '{{7*7}}',
  'NaN',
  'Infinity',
  '-0',
  '1e999',
  'null',
  'true',
  '__proto__',
  'a'.repeat(10_000),
];

const hostileNumbers = [0, -0, -1, 1.5, -1e308, 1e308, Number.MAX_SAFE_INTEGER + 2, -(2 ** 31) - 1, 2 ** 32, 0.1 + 0.2, 5e-324];

/** Values of every JSON type, none of them what a field expects except by chance. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...hostileStrings, ...hostileNumbers, null, true, false, [], {}, [null], { __proto__: { admin: true } }),
  fc.constant(JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}')),
  fc.constant('x'.repeat(MiB / 2)),
  fc.constant(DEEP_MARKER),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
);

export type Mutation =
  | { kind: 'valid' }
  | { kind: 'drop'; index: number }
  | { kind: 'replace'; index: number; value: unknown }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'whole'; value: unknown };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<Mutation>({ kind: 'valid' }) },
  { weight: 2, arbitrary: fc.nat().map<Mutation>((index) => ({ kind: 'drop', index })) },
  { weight: 5, arbitrary: fc.record({ index: fc.nat(), value: hostileValue }).map<Mutation>((m) => ({ kind: 'replace', ...m })) },
  { weight: 1, arbitrary: fc.record({ key: fc.constantFrom('__proto__', 'constructor', 'id', 'accountId', 'role', 'isAdmin', 'x'), value: hostileValue }).map<Mutation>((m) => ({ kind: 'extra', ...m })) },
  { weight: 2, arbitrary: hostileValue.map<Mutation>((value) => ({ kind: 'whole', value })) },
);

/** A field of a generated object, chosen by index among its keys (the first level, where the contract's fields are). */
export function applyMutation(value: unknown, m: Mutation): unknown {
  if (m.kind === 'valid') return value;
  if (m.kind === 'whole') return m.value;
  const isRecord = typeof value === 'object' && value !== null && !Array.isArray(value);
  const copy: Record<string, unknown> = isRecord ? { ...(value as Record<string, unknown>) } : {};
  if (m.kind === 'extra') {
    Object.defineProperty(copy, m.key, { value: m.value, enumerable: true, configurable: true, writable: true });
    return copy;
  }
  const keys = Object.keys(copy);
  if (keys.length === 0) return m.kind === 'replace' ? m.value : value;
  const key = keys[m.index % keys.length]!;
  if (m.kind === 'drop') delete copy[key];
  else copy[key] = m.value;
  return copy;
}

/** JSON text of a body, with the deep-JSON marker swapped for 10k levels of nesting. */
export function bodyText(value: unknown, deepKind: 'array' | 'object' = 'array'): string | undefined {
  if (value === undefined) return undefined;
  const text = JSON.stringify(value);
  return text.includes(`"${DEEP_MARKER}"`) ? text.replaceAll(`"${DEEP_MARKER}"`, deepJson(10_000, deepKind)) : text;
}

/** Raw bodies that are not the JSON of any value: broken, oversized, or deep. */
export const rawBody: fc.Arbitrary<string> = fc.constantFrom(
  '{',
  '{"a":1,}',
  "{'a':1}",
  'null',
  '"',
  '\u0000',
  '[1,2',
  '{"a":1}{"b":2}',
  deepJson(10_000, 'array'),
  deepJson(10_000, 'object'),
  `{"a":"${'x'.repeat(MiB + 16)}"}`,
);

/** Path parameters: generated ones are encoded; these are sent as written (traversal, bad escapes, huge). */
export const hostilePathSegment: fc.Arbitrary<string> = fc.constantFrom(
  '..',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%00',
  'a%00b',
  '%ZZ',
  '%',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '%ED%A0%80',
  'a'.repeat(8_000),
  '%20',
  'CON',
  '.well-known',
);

/** Headers a client should not send: they must be refused or ignored, never crash a route. */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  fc.constant({}),
  fc.constantFrom<Record<string, string>>(
    { 'content-type': 'text/plain' },
    { 'content-type': 'application/json; charset=utf-16' },
    { 'content-type': 'multipart/form-data; boundary=x' },
    { 'content-type': 'application/x-www-form-urlencoded' },
    { authorization: 'Bearer garbage' },
    { authorization: `Bearer ${'a'.repeat(20_000)}` },
    { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
    { authorization: 'Basic YTpi' },
    { authorization: 'Bearer' },
    { 'x-fingerprint': 'f'.repeat(5_000) },
    { 'x-fingerprint': '\u202E' },
    { 'x-request-token': 'not-a-token' },
    { 'x-request-token': 'a.b.c.d.e' },
    { 'x-altcha': 'garbage' },
    { 'x-altcha': Buffer.from('{"challenge":{},"solution":{}}').toString('base64') },
    { 'x-forwarded-for': '1.2.3.4, ::1, garbage' },
    { 'accept-language': 'xx-INVALID;q=abc,' + 'a'.repeat(2_000) },
    { accept: 'text/html' },
    { cookie: 'a=b; refreshToken=garbage' },
  ),
);
