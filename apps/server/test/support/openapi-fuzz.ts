import fc from 'fast-check';

/** The part of JSON Schema that the app's OpenAPI document (zod → OpenAPI 3.0) uses. */
export type Schema = {
  type?: 'object' | 'string' | 'integer' | 'number' | 'boolean' | 'array';
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
};

type Parameter = {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
};
export type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
};
type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
};

/** Every operation of the document, in its order. */
export function listOperations(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      ...(op.requestBody ? { body: op.requestBody.content['application/json']?.schema } : {}),
    })),
  );
}

const SAFE = Number.MAX_SAFE_INTEGER;

const deep = (levels: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { nested: value };
  return value;
};

/** Values no well-behaved client sends: text a database chokes on, absurd numbers, wrong types. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfff',
    '',
    ' ',
    '-1',
    '0',
    '1e99',
    '9999999999999999999',
    'NaN',
    'null',
    '../../../etc/passwd',
    '%00',
    '<img src=x onerror=alert(1)>',
    "'; drop table users; --",
    '\u202egnp.exe',
    '😀😀😀',
    'http://127.0.0.1:1/x',
    'data:image/png;base64,AAAA',
    '\t\n\r\u0007\u007f',
    'x'.repeat(100_000),
  ),
  fc.constantFrom(-1, 0, 1e99, -1e99, 1e19, 2 ** 31, 2 ** 53 + 2, 1.5, -0.5),
  fc.constantFrom(null, true, false, [], {}, ['a'], { a: 1 }, deep(10), deep(40)),
);

/** Odd ids for a path segment, as they appear in the URL (already encoded). */
export const hostileSegment = fc.constantFrom(
  '%00',
  '1%00',
  '-1',
  '0',
  '1e99',
  '9999999999999999999',
  '1.5',
  'abc',
  '%20',
  '%2F',
  '..',
  '%ED%A0%80',
  '%FF',
  '%F0%9F%92%A5',
  '__proto__',
  '%27',
  'x'.repeat(3000),
);

/** A value of the schema's shape (not always one it accepts: patterns combine loosely). */
export function valueOf(schema: Schema): fc.Arbitrary<unknown> {
  const value = shapeOf(schema);
  return schema.nullable ? fc.option(value, { nil: null, freq: 5 }) : value;
}

function shapeOf(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map(valueOf));
  switch (schema.type) {
    case 'string':
      return stringOf(schema);
    case 'integer': {
      const min = Math.max(-SAFE, (schema.minimum ?? -1000) + (schema.exclusiveMinimum ? 1 : 0));
      const max = Math.min(SAFE, schema.maximum ?? Math.max(min, 0) + 1_000_000);
      // The schema's own bounds, and a 32-bit column's, are where off-by-ones live.
      const edges = [min, max, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1].filter(
        (n) => n >= min && n <= max,
      );
      return fc.oneof(
        fc.integer({ min, max: Math.min(max, min + 10) }),
        fc.integer({ min, max }),
        fc.constantFrom(...edges),
      );
    }
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        minExcluded: schema.exclusiveMinimum ?? false,
      });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueOf(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, Math.max(schema.minItems ?? 0, 3)),
      });
    case 'object':
      return objectOf(schema);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, Math.max(minLength, 40));
  // Brought to the schema's length by repeating or cutting, never by filtering: a pattern whose
  // matches are rarely long enough (a 43-character token of `^[A-Za-z0-9_-]+$`) would keep a
  // filter drawing for ever. A value that no longer matches is still a fair hostile input.
  const fit = (s: string) => {
    let out = s;
    if (out.length < minLength) {
      out ||= 'a';
      while (out.length < minLength) out += out;
    }
    return schema.maxLength === undefined ? out : out.slice(0, schema.maxLength);
  };
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'uri') return fc.webUrl();
  if (schema.format === 'date-time') {
    return fc.oneof(
      fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString()),
      // Well-formed, but their instant leaves the years 1 to 9999 once the offset is applied.
      fc.constantFrom('9999-12-31T23:59:59-12:00', '0001-01-01T00:00:00+01:00'),
    );
  }
  // Of several patterns (allOf), the longest is usually the one that implies the others.
  const patterns = [schema.pattern, ...(schema.allOf ?? []).map((s) => s.pattern)];
  const patterned = patterns
    .filter((p): p is string => p !== undefined)
    .sort((a, b) => b.length - a.length)[0];
  if (patterned) {
    const matching = fc.stringMatching(new RegExp(patterned)).map(fit);
    // Ids are small numbers in a fresh database: some of them point at real rows.
    if (patterned === '^[1-9]\\d{0,17}$') return fc.oneof(fc.constantFrom('1', '2', '3'), matching);
    // Random digits are rarely a day: real days, and days a calendar does not have.
    if (patterned === '^\\d{4}-\\d{2}-\\d{2}$') {
      return fc.oneof(
        fc
          .date({ min: new Date('1900-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10)),
        fc.constantFrom('0000-01-01', '2000-02-30', '2023-02-29', '9999-12-31'),
        matching,
      );
    }
    return matching;
  }
  const longest = schema.maxLength;
  return longest !== undefined && longest > maxLength && longest <= 100_000
    ? fc.oneof(
        { weight: 4, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
        { weight: 1, arbitrary: fc.constant('x'.repeat(longest)) },
      )
    : fc.string({ minLength, maxLength, unit: 'grapheme' });
}

function objectOf(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, property]) => [key, valueOf(property)]),
  );
  const known = fc.record(model, { requiredKeys: schema.required ?? [] });
  if (!schema.additionalProperties || Object.keys(properties).length > 0) return known;
  return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), {
    maxKeys: 4,
  });
}

type Path = (string | number)[];

/** Where a value has something to replace: itself, each property, each item. */
function pathsIn(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) {
    return [prefix, ...value.flatMap((item, i) => pathsIn(item, [...prefix, i]))];
  }
  if (value && typeof value === 'object') {
    return [
      prefix,
      ...Object.entries(value).flatMap(([key, item]) => pathsIn(item, [...prefix, key])),
    ];
  }
  return [prefix];
}

function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value)) {
    return value.map((item, i) => (i === head ? replaceAt(item, rest, replacement) : item));
  }
  const record = value as Record<string, unknown>;
  return { ...record, [head]: replaceAt(record[head], rest, replacement) };
}

/** Text PostgreSQL cannot store, added to a string that is otherwise fine. */
const taints = fc.constantFrom(
  (text: string) => `${text}\u0000`,
  (text: string) => `\ud800${text}`,
  (text: string) => `${text.slice(0, 1)}\udc00${text.slice(1)}`,
);

/** The value with one of its strings (or the value itself, a string) tainted. */
function taintOne(value: unknown, pick: number, taint: (text: string) => string): unknown {
  const strings = pathsIn(value).filter((path) => {
    let at: unknown = value;
    for (const key of path) at = (at as Record<string | number, unknown>)[key];
    return typeof at === 'string';
  });
  const path = strings[pick % Math.max(strings.length, 1)];
  if (!path) return value;
  let text: unknown = value;
  for (const key of path) text = (text as Record<string | number, unknown>)[key];
  return replaceAt(value, path, taint(text as string));
}

/**
 * A value of the schema's shape, one with a single part swapped for a hostile value (the rest
 * stays plausible, so the odd part reaches the code behind validation too), or one with a string
 * carrying NUL or a lone surrogate.
 */
export function fuzzedValueOf(schema: Schema): fc.Arbitrary<unknown> {
  return fc.oneof(
    valueOf(schema),
    fc.tuple(valueOf(schema), fc.nat(), hostileValue).map(([value, pick, hostile]) => {
      const paths = pathsIn(value);
      return replaceAt(value, paths[pick % paths.length] ?? [], hostile);
    }),
    fc
      .tuple(valueOf(schema), fc.nat(), taints)
      .map(([value, pick, taint]) => taintOne(value, pick, taint)),
  );
}
