import fc from 'fast-check';
import type { JsonSchema } from './operations.ts';

/** Better values than the schema alone gives for fields of these names (ids that exist, names in use...). */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const day = fc
  .date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/** A value `schema` accepts, or one close to it (strings may be all spaces, say). */
export function valueFor(schema: JsonSchema, hints: Hints = {}): fc.Arbitrary<unknown> {
  const value = plainValueFor(schema, hints);
  return schema.nullable ? fc.option(value, { nil: null }) : value;
}

function plainValueFor(schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => valueFor(option, hints)));
  switch (schema.type) {
    case 'string': {
      if (schema.pattern === DATE_PATTERN) return day;
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      const minLength = schema.minLength ?? 0;
      return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 30, 30)) });
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -100;
      return fc.integer({ min, max: Math.min(schema.maximum ?? min + 100, min + 100) });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueFor(schema.items ?? {}, hints), { maxLength: 3 });
    case 'object':
      return objectOf(schema.properties ?? {}, schema.required ?? [], hints);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** An object with the `required` properties and some of the others. */
function objectOf(properties: Record<string, JsonSchema>, required: string[], hints: Hints) {
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [name, field(name, schema, hints)]),
  );
  return fc.record(model, { requiredKeys: required });
}

/** A field's value: mostly the hint for its name, when there is one. */
export function field(name: string, schema: JsonSchema, hints: Hints) {
  const hint = hints[name];
  const value = valueFor(schema, hints);
  return hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: value }) : value;
}

/** Values no field should choke on, by what they try. */
export const HOSTILE: Record<string, fc.Arbitrary<unknown>> = {
  'NUL or control characters': fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u0001\u0008\u001b\u007f',
    '\r\n\t',
    '\u2028\u0085',
  ),
  'very long string': fc.constantFrom('x'.repeat(100_000), 'é'.repeat(50_000), ' '.repeat(100_000)),
  'odd text': fc.oneof(
    fc.constantFrom('', ' ', '\ud800', '\ufeff😀', '\u202e', '%00', '../../etc/passwd', "' or 1=1 --"),
    fc.string({ unit: 'binary', maxLength: 20 }),
  ),
  'odd number': fc.constantFrom(
    ...['-1', '0', '1.5', '1e3', '0x7e8', '0b11', 'NaN', 'Infinity', '-0', '+1', ' 7 '],
    ...['9007199254740993', '1e308', '99999999999999999999', -1, 0.5, 1e308, 2 ** 53 + 1],
  ),
  'out-of-range date': fc.constantFrom(
    '0000-01-01',
    '99999-01-01',
    '-0001-01-01',
    '0001-01-01',
    '9999-12-31',
    '2024-02-30',
  ),
  'bogus id': fc.oneof(
    fc.uuid(),
    fc.constantFrom('not-a-uuid', '00000000-0000-0000-0000-000000000000', '65920000aaaaaaaaaaaaaaaa', '1', 'null'),
  ),
  'wrong type': fc.constantFrom(null, true, 0, [], {}, ['x', 'y'], { $gt: '' }),
};
