import fc from 'fast-check';
import type { ZodType } from 'zod';
import type { Endpoint } from '../../contracts/endpoint';

/**
 * Malformed values for the every-endpoint test: each kind that once answered 500 (issue 21 item 8)
 * and random noise around them, shaped by the endpoint's own schemas (their field names, nested
 * objects and arrays), so a value reaches the rule of the field it is meant for.
 */
export type Schema = ZodType;
/** zod 4 keeps a schema's definition (its kind, fields, wrapped schema) here. */
const definition = (schema: Schema) => (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;

/** Every Endpoint exported by the contract modules (method + /api path + a response reader). */
export function endpointsOf(modules: Record<string, unknown>): Endpoint[] {
  const found = new Map<string, Endpoint>();
  for (const exports of Object.values(modules)) {
    for (const value of Object.values(exports as Record<string, unknown>)) {
      const e = value as Partial<Endpoint> | null;
      if (
        e &&
        typeof e === 'object' &&
        (e.method === 'GET' || e.method === 'POST') &&
        typeof e.path === 'string' &&
        e.path.startsWith('/api/')
      ) {
        found.set(`${e.method} ${e.path}`, e as Endpoint);
      }
    }
  }
  return [...found.values()].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

const cursor = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');

/** Text each rule must refuse with a 400 (or accept harmlessly). */
const NASTY_TEXT = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u001b[31m',
  '',
  '   ',
  '0000-01-01',
  '0000-12-31T00:00:00Z',
  '10000-01-01',
  '-001000-01-01',
  '2026-02-30',
  '2026-11-23',
  '2026-11-23T10:00:00.000Z',
  '0001-01-01T00:00:00.000Z',
  '2147483648',
  '-1',
  '1e400',
  'NaN',
  'null',
  '<script>alert(1)</script>',
  "'; DROP TABLE quotes; --",
  'x'.repeat(20_000),
  cursor(['\u0000', 1]),
  cursor(['\ud800', 1]),
  cursor(['0000-01-01T00:00:00.000000Z', 1]),
  cursor(['2026-11-23T10:00:00.000000Z', 2147483648]),
  cursor(['2026-11-23T10:00:00.000000Z', 1e300]),
  cursor(['2026-11-23T10:00:00.000000Z', 1.5]),
  cursor(['not a time', -1]),
  cursor([1, 'x']),
  cursor([1]),
  cursor(['a', 1, 'b']),
  cursor('x'),
  cursor({}),
  '____',
  'A'.repeat(400),
];
const NASTY_NUMBERS = [2147483648, -2147483649, 2 ** 53 + 2, 1e308, -1, 0, 0.5, 1, 2];

const text = fc.oneof(fc.constantFrom(...NASTY_TEXT), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));
const scalar = fc.oneof(
  { weight: 5, arbitrary: text },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...NASTY_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(true, false, null, [], {}, ['\u0000'], { a: '\ud800' }) },
);

/** Ids in a path: well-formed, past int4, past 2^53, not a number, or broken. */
export const malformedIds = ['1', '0', '-1', '2147483648', '9007199254740993', '1e3', '1.5', 'abc', '\u0000', '\ud800', ' '];

const defOf = (schema: Schema | undefined) => (schema ? definition(schema) : undefined);

/** The object's fields behind wrappers (optional, nullable, default, pipe/transform); undefined when not an object. */
function shapeOf(schema: Schema | undefined): Record<string, Schema> | undefined {
  const def = defOf(schema);
  if (!def) return undefined;
  if (def.type === 'object') return def.shape as Record<string, Schema>;
  const inner = (def.innerType ?? def.in) as Schema | undefined;
  return inner ? shapeOf(inner) : undefined;
}

/** The array's element schema behind wrappers; undefined when not an array. */
function elementOf(schema: Schema | undefined): Schema | undefined {
  const def = defOf(schema);
  if (!def) return undefined;
  if (def.type === 'array') return def.element as Schema;
  const inner = (def.innerType ?? def.in) as Schema | undefined;
  return inner ? elementOf(inner) : undefined;
}

/** A malformed value for a field of this schema: scalars anywhere, nested objects and arrays where it has them. */
function valueFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const shape = shapeOf(schema);
  const element = elementOf(schema);
  if (depth > 3) return scalar;
  if (shape)
    return fc.oneof(
      { weight: 1, arbitrary: scalar },
      { weight: 3, arbitrary: objectFor(Object.keys(shape), (key) => valueFor(shape[key], depth + 1)) },
    );
  if (element) return fc.oneof(scalar, fc.array(valueFor(element, depth + 1), { maxLength: 3 }));
  return scalar;
}

function objectFor(keys: string[], valueOfKey: (key: string) => fc.Arbitrary<unknown>) {
  if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 });
  return fc.record(Object.fromEntries(keys.map((key) => [key, valueOfKey(key)])), { requiredKeys: [] });
}

type Leaf = { path: (string | number)[]; schema: Schema };

/** The innermost schema behind optional, nullable, default and pipe wrappers. */
function coreOf(schema: Schema): Schema {
  const def = definition(schema);
  const inner = (def.innerType ?? def.in) as Schema | undefined;
  return inner ? coreOf(inner) : schema;
}

const LEAF_CANDIDATES: unknown[] = [
  'Main Street 1',
  'a@example.com',
  '2026-11-23',
  '2026-11-23T10:00:00.000Z',
  '12.50',
  '+1 555 0100',
  'abc',
  1,
  true,
  null,
  undefined,
];

/**
 * A well-formed value of the schema, made from the schema alone (so an endpoint added tomorrow gets
 * one too): objects field by field, arrays with one element, leaves the first candidate it accepts.
 * Mutating one field of it makes a request that passes every other rule and reaches that field's.
 */
export function exampleOf(schema: Schema): { value: unknown; leaves: Leaf[] } {
  const leaves: Leaf[] = [];
  const walk = (s: Schema, path: (string | number)[]): unknown => {
    const core = coreOf(s);
    const def = definition(core);
    if (def.type === 'object') {
      const shape = def.shape as Record<string, Schema>;
      return Object.fromEntries(Object.keys(shape).map((key) => [key, walk(shape[key]!, [...path, key])]));
    }
    if (def.type === 'array') return [walk(def.element as Schema, [...path, 0])];
    leaves.push({ path, schema: s });
    if (def.type === 'enum') return Object.values(def.entries as Record<string, unknown>)[0];
    if (def.type === 'literal') return (def.values as unknown[])[0];
    const parse = (v: unknown) => s.safeParse(v).success;
    return LEAF_CANDIDATES.find(parse) ?? 'x';
  };
  return { value: walk(schema, []), leaves };
}

/** The value with the one at `path` replaced. */
function withValueAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = withValueAt(copy[head!], rest, replacement);
  return copy;
}

/** The kinds that answered 500 before (issue 21 item 8), tried on every field of every endpoint. */
const CRITICAL: unknown[] = [
  'x\u0000y',
  'x\ud800',
  '0000-01-01',
  '0000-01-01T00:00:00.000Z',
  2147483648,
  '2147483648',
  cursor(['\u0000', 1]),
];

/** Well-formed examples with exactly one field malformed: each CRITICAL value on each field, then random ones. */
function mutations(schema: Schema | undefined): { fixed: unknown[]; random: fc.Arbitrary<unknown> } {
  if (!schema || !shapeOf(schema)) return { fixed: [], random: fc.constant({}) };
  const { value, leaves } = exampleOf(schema);
  const fixed = [value, ...leaves.flatMap((leaf) => CRITICAL.map((bad) => withValueAt(value, leaf.path, bad)))];
  const random = fc.tuple(fc.constantFrom(...leaves), scalar).map(([leaf, bad]) => withValueAt(value, leaf.path, bad));
  return { fixed, random };
}

/** Query strings: the schema's example with each field malformed, then random fields ('' when the endpoint takes none). */
export function malformedQueries(schema: Schema | undefined, runs: number, seed: number): string[] {
  if (!shapeOf(schema)) return [''];
  const { fixed, random } = mutations(schema);
  const keys = Object.keys(shapeOf(schema) ?? {});
  const noise = fc.record(Object.fromEntries(keys.map((key) => [key, text])), { requiredKeys: [] });
  const asQuery = (v: unknown) =>
    new URLSearchParams(
      Object.entries(v as Record<string, unknown>).flatMap(([k, x]) => (x === undefined || x === null ? [] : [[k, String(x)]])),
    ).toString();
  return [...fixed, ...fc.sample(fc.oneof(random, noise), { numRuns: runs, seed })].map(asQuery);
}

export interface RawBody {
  text: string;
  type: string;
}

/** Bodies: the schema's example with each field malformed, then random: JSON fields, broken JSON, form-encoded, plain text. */
export function malformedBodies(schemaOrKeys: Schema | string[] | undefined, runs: number, seed: number): RawBody[] {
  const keys = Array.isArray(schemaOrKeys) ? schemaOrKeys : Object.keys(shapeOf(schemaOrKeys) ?? {});
  const shape = Array.isArray(schemaOrKeys) ? undefined : shapeOf(schemaOrKeys);
  const { fixed, random } = mutations(Array.isArray(schemaOrKeys) ? undefined : schemaOrKeys);
  const fields = objectFor(keys, (key) => (shape ? valueFor(shape[key]) : scalar));
  const asJson = (value: unknown) => ({ text: JSON.stringify(value) ?? '', type: 'application/json' });
  const form = fc
    .record(Object.fromEntries((keys.length ? keys : ['a']).map((key) => [key, text])), { requiredKeys: [] })
    .map((value) => ({ text: new URLSearchParams(value as Record<string, string>).toString(), type: 'application/x-www-form-urlencoded' }));
  const broken = fc
    .constantFrom('{', '[', 'null', '"\\ud800"', '{"a":"\\u0000"}', '\u0000', '', '{"email":1e999}', 'true')
    .map((raw) => ({ text: raw, type: 'application/json' }));
  const plain = text.map((raw) => ({ text: raw, type: 'text/plain' }));
  const noise = fc.oneof(
    { weight: 3, arbitrary: random.map(asJson) },
    { weight: 3, arbitrary: fields.map(asJson) },
    { weight: 1, arbitrary: form },
    { weight: 1, arbitrary: broken },
    { weight: 1, arbitrary: plain },
  );
  return [...fixed.map(asJson), ...fc.sample(noise, { numRuns: runs, seed })];
}
