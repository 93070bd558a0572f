import fc from 'fast-check';

/**
 * fast-check arbitraries for the fuzz suite, driven by the routes' own JSON schemas (the OpenAPI
 * document the zod schemas generate), so a new field is fuzzed without touching this file.
 */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  nullable?: boolean;
  default?: unknown;
}

/** Strings that break naive code: SQL and LIKE metacharacters, escapes, odd unicode, paths, markup. */
export const NASTY_STRINGS = [
  '',
  ' ',
  "'",
  '"',
  '\\',
  '%',
  '_',
  '%_%',
  "' OR '1'='1",
  '1; DROP TABLE packages; --',
  "%' OR 1=1 --",
  '$1',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202e\u0041',
  '😀'.repeat(40),
  'Ａ̸̢͓̠ｂｃ',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '9'.repeat(40),
  '0x7fffffff',
  '2030-02-30',
  '0000-00-00',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  ' 1',
  '1 ',
  '1.5',
  '-1',
  'INV-000001',
  'x'.repeat(5_000),
];

/** Numbers outside what any column holds, and the edge cases of the safe range. */
export const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  -1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** A value of any JSON type, weighted to the nasty ones. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 2_000, maxLength: 20_000 }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
);

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

function isoDate(d: Date): string {
  return Number.isNaN(d.getTime()) ? '2030-01-01' : d.toISOString();
}

/** Values of the schema's shape (types, enums, bounds) with random content: they reach the handlers. */
export function shaped(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union && union.length > 0) return fc.oneof(...union.map((s) => shaped(s, depth + 1)));
  if (schema.allOf?.[0]) return shaped(schema.allOf[0], depth + 1);
  const dates = fc.date({ min: new Date('1990-01-01'), max: new Date('2040-12-31') });
  switch (typeOf(schema)) {
    case 'string': {
      if (schema.format === 'email' || schema.pattern?.includes('@')) return fc.emailAddress();
      if (schema.format === 'date') return dates.map((d) => isoDate(d).slice(0, 10));
      if (schema.format === 'date-time') return dates.map(isoDate);
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
      return fc.oneof(fc.string({ minLength, maxLength }), fc.constantFrom(...NASTY_STRINGS));
    }
    case 'integer':
      return fc.integer({ min: Math.ceil(schema.minimum ?? -1_000_000), max: Math.floor(schema.maximum ?? 1_000_000) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(shaped(schema.items ?? {}, depth + 1), {
            minLength: schema.minItems ?? 0,
            maxLength: Math.min(schema.maxItems ?? 4, 4),
          });
    case 'object': {
      if (depth > 3 || !schema.properties) return fc.dictionary(fc.string({ maxLength: 8 }), nastyValue, { maxKeys: 3 });
      const entries = Object.entries(schema.properties).map(([k, s]) => [k, shaped(s, depth + 1)] as const);
      return fc.record(Object.fromEntries(entries), { requiredKeys: schema.required ?? [] });
    }
    default:
      return nastyValue;
  }
}

/** One deterministic value of the schema, valid wherever a simple rule can make it so. */
export function sample(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.[0]) return sample(union.find((s) => typeOf(s) !== 'null') ?? union[0]);
  if (schema.allOf?.[0]) return sample(schema.allOf[0]);
  switch (typeOf(schema)) {
    case 'string':
      if (schema.format === 'email' || schema.pattern?.includes('@')) return 'fuzz.sample@example.test';
      if (schema.format === 'date') return '2030-01-15';
      if (schema.format === 'date-time') return '2030-01-15T10:00:00.000Z';
      return 'Sample text'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? 100);
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: schema.minItems ?? 1 }, () => sample(schema.items ?? {}));
    case 'object':
      // Names say what a plain string schema (a zod refinement) cannot: an e-mail field wants one.
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, s]) => [
          k,
          /email/i.test(k) && typeOf(s) === 'string' ? 'fuzz.sample@example.test' : sample(s),
        ]),
      );
    default:
      return null;
  }
}

/** A JSON body as the raw text sent: some inputs (1e999, duplicate or __proto__ keys) exist only as text. */
export function bodyText(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const valid = schema ? sample(schema) : {};
  const base = valid !== null && typeof valid === 'object' && !Array.isArray(valid) ? (valid as Record<string, unknown>) : {};
  const keys = Object.keys(base);
  const key = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('field');
  const mutated = fc.oneof(
    // One field given a nasty value of any type.
    fc.tuple(key, nastyValue).map(([k, v]) => JSON.stringify({ ...base, [k]: v })),
    // One field dropped.
    key.map((k) => JSON.stringify(Object.fromEntries(Object.entries(base).filter(([name]) => name !== k)))),
    // An unknown field added.
    fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), nastyValue).map(([k, v]) => JSON.stringify({ ...base, [k]: v })),
    // A number no double holds, which JSON.parse turns into Infinity.
    key.map((k) => JSON.stringify({ ...base, [k]: '__HUGE__' }).replace('"__HUGE__"', '1e999')),
  );
  const pollution = fc
    .constantFrom(
      '{"__proto__":{"isAdmin":true,"role":"super_admin"}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '{"a":{"__proto__":{"polluted":true}}}',
    )
    .map((poison) => {
      const inner = JSON.stringify(base).slice(1, -1);
      return inner ? `${poison.slice(0, -1)},${inner}}` : poison;
    });
  return fc.oneof(
    { weight: 4, arbitrary: schema ? shaped(schema).map((v) => JSON.stringify(v) ?? 'null') : fc.constant('{}') },
    { weight: 4, arbitrary: mutated },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: pollution },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '{"a":', '[1,2', 'null', '"text"', '{"a":1,"a":2}') },
  );
}

/** A query string for the route's query parameters (and a stray one now and then). */
export function queryText(params: Record<string, JsonSchema>): fc.Arbitrary<string> {
  const names = Object.keys(params);
  const value = (schema: JsonSchema) =>
    fc.oneof(
      shaped(schema).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
      fc.constantFrom(...NASTY_STRINGS),
      fc.string({ maxLength: 30 }),
    );
  const known = fc.record(Object.fromEntries(names.map((n) => [n, value(params[n] ?? {})])), { requiredKeys: [] });
  const stray = fc.dictionary(
    fc.constantFrom('__proto__', 'constructor', 'courierId', 'limit', 'page[]', 'sort'),
    fc.constantFrom(...NASTY_STRINGS),
    {
      maxKeys: 2,
    },
  );
  return fc.tuple(known, stray).map(([a, b]) => new URLSearchParams({ ...(a as Record<string, string>), ...b }).toString());
}
