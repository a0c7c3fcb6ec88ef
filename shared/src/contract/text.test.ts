import { z } from 'zod';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import {
  FORBIDDEN_CHARACTERS_MESSAGE,
  hasForbiddenCharacters,
  replaceForbiddenCharacters,
  safeString,
} from './text';

const FORBIDDEN = ['a\u0000b', '\u0000', '\uD800', 'abc\uD83D', '\uDC00abc', '\uDE00\uD83D'];

/** Every string schema inside a schema: object shapes, arrays, records, unions, wrappers, pipes. */
function stringSchemas(schema: z.ZodType, seen = new Set<z.ZodType>()): z.ZodType[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (value: unknown) => (value instanceof z.ZodType ? stringSchemas(value, seen) : []);
  switch (def.type) {
    case 'string':
      return [schema];
    case 'object':
      return Object.values(def.shape as Record<string, z.ZodType>).flatMap(inner);
    case 'array':
      return inner(def.element);
    case 'record':
      return [...inner(def.keyType), ...inner(def.valueType)];
    case 'union':
      return (def.options as z.ZodType[]).flatMap(inner);
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    case 'tuple':
      return (def.items as z.ZodType[]).flatMap(inner);
    // A pipe's output gets what its input let through, so the input is the boundary.
    case 'pipe':
      return inner(def.in);
    case 'lazy':
      return inner((def.getter as () => z.ZodType)());
    default:
      return inner(def.innerType);
  }
}

describe('safe strings', () => {
  it('finds NUL and lone surrogates, and nothing else', () => {
    for (const value of FORBIDDEN) expect(hasForbiddenCharacters(value)).toBe(true);
    for (const value of [
      '',
      'plain',
      '\u{1F600}',
      '\u202Eevil',
      'a\u200Bb',
      '\uFFFF',
      'é',
      '\u0001',
    ])
      expect(hasForbiddenCharacters(value)).toBe(false);
  });

  it('replaces them with U+FFFD for messages that quote input', () => {
    expect(replaceForbiddenCharacters('a\u0000b\uD800c\u{1F600}')).toBe('a\uFFFDb\uFFFDc\u{1F600}');
  });

  it('refuses them with one clear message and keeps the chained checks', () => {
    const name = safeString({ message: 'Please enter a name' }).trim().min(1).max(5);
    const result = name.safeParse('  a\u0000 ');
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ message: FORBIDDEN_CHARACTERS_MESSAGE }),
    ]);
    expect(name.parse('  ab ')).toBe('ab');
    expect(name.safeParse('abcdefg').success).toBe(false);
    expect(name.safeParse(5).error?.issues[0]?.message).toBe('Please enter a name');
  });

  it('sees a string however deep it sits', () => {
    const nested = z.object({
      a: z
        .array(z.union([z.number(), z.record(z.string(), z.string().optional())]))
        .nullable()
        .default(null),
      b: z.string().transform(Number).pipe(z.number()),
    });
    expect(stringSchemas(nested)).toHaveLength(3);
  });

  it('guards every string schema in the contract: each refuses NUL and lone surrogates', () => {
    // Every module of the contract, so a new file is covered without being listed anywhere.
    const modules = readdirSync(__dirname).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    const schemas = modules
      .flatMap((file) =>
        Object.entries(jest.requireActual<Record<string, unknown>>(path.join(__dirname, file))),
      )
      .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType);
    const strings = schemas.flatMap(([name, schema]) =>
      stringSchemas(schema).map((string) => [name, string] as const),
    );
    expect(strings.length).toBeGreaterThan(100);
    const unguarded = strings
      .filter(([, string]) => FORBIDDEN.some((value) => string.safeParse(value).success))
      .map(([name]) => name);
    // A name here holds a plain z.string(): use safeString() from ./text instead.
    expect(unguarded).toEqual([]);
  });
});
