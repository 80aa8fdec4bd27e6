import { multipart } from './multipart.js';
import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Values a client may send that the API must answer with a 4xx, never a 5xx: text PostgreSQL
 * cannot store, ids beyond int4, numbers written the ways Number() reads but an id is not,
 * days that do not exist, huge text and values of the wrong shape.
 */
export const hostileValue: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  2 ** 31,
  '2147483648',
  2 ** 53,
  -1,
  0,
  '-1',
  '+1',
  '0x10',
  '1e3',
  ' 1',
  '1.0',
  1.5,
  '2024-02-30',
  '2024-02-30T10:00:00Z',
  '-271821-04-20T00:00:00Z',
  '99999-01-01',
  'x'.repeat(5_000),
  '9'.repeat(400),
  1e308,
  -1e308,
  {},
  [],
  [[]],
  [{ id: 2 ** 31 }],
  null,
  true,
  '',
  '[1,"+1"]',
  '[2147483648]',
  '1,2147483648',
  '{"id":2147483648}',
  { id: '\u0000' },
);

/** Strings a form would send: names, colours, times, numbers, emails, days and instants. */
const plausibleText = fc.oneof(
  fc.constantFrom('abc', 'Some name', '#ff0000', '08:00', 'a@b.co', '5511999990000', '2024-01-31', '2024-01-31T10:00:00Z', '1', '2'),
  fc.string({ maxLength: 12 }),
);

/** The ids a test's fixtures hold (small) mixed with others. */
export const plausibleId = fc.integer({ min: 1, max: 8 });

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/**
 * Values shaped by a contract schema (zod 4), any of whose fields may be swapped for a hostile
 * value: mostly what the form sends, sometimes what an attacker does.
 */
export function valuesFor(schema: z.ZodType | unknown, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: shaped(schema, depth) }, { weight: 1, arbitrary: hostileValue });
}

function shaped(schema: unknown, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const fields = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, valuesFor(field, depth + 1)]));
      return fc.record(fields, { requiredKeys: [] });
    }
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(valuesFor(def.element, depth + 1), { maxLength: 3 });
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => shaped(option, depth)));
    case 'optional':
      return fc.option(shaped(def.innerType, depth), { nil: undefined });
    case 'nullable':
      return fc.option(shaped(def.innerType, depth), { nil: null });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return shaped(def.innerType, depth);
    case 'pipe':
      // z.preprocess is a pipe out of a transform: the schema that matters is the one after it.
      return defOf(def.in).type === 'transform' ? shaped(def.out, depth) : shaped(def.in, depth);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'boolean':
      return fc.boolean();
    case 'number':
    case 'int':
      return fc.oneof(plausibleId, fc.integer({ min: -5, max: 100_000 }));
    case 'string':
      return plausibleText;
    case 'date':
      return fc.constantFrom('2030-01-01T10:00:00.000Z', '2024-02-29T00:00:00Z');
    default:
      return fc.oneof(plausibleText, plausibleId, fc.boolean(), fc.constant(null));
  }
}

/** `value` as it can travel in a URL: text, or a list of texts. */
export function asQueryValue(value: unknown): string | string[] | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item) ?? ''));
  if (value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * encodeURIComponent refuses lone surrogates; a client can still send their (invalid) UTF-8
 * bytes, which is what this writes for them.
 */
export function encodeUrlPart(text: string): string {
  let out = '';
  for (const char of text) {
    try {
      out += encodeURIComponent(char);
    } catch {
      out += '%ED%A0%80';
    }
  }
  return out;
}

export function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, raw] of Object.entries(query)) {
    const value = asQueryValue(raw);
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) parts.push(`${encodeUrlPart(key)}=${encodeUrlPart(item)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** A multipart body with text fields and one file part (any file name). */
export function multipartBody(fields: Record<string, string>, file: { field: string; fileName: string; data: Buffer; mimeType: string }) {
  const { payload, headers } = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: file.field, file: file.data, fileName: file.fileName, type: file.mimeType },
  ]);
  return { payload, contentType: headers['content-type'] };
}
