import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer.ts';

const serialize = (schema: z.ZodType, data: unknown) =>
  serializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' })(data);

describe('the response serializer', () => {
  const account = z.object({
    _id: z.string(),
    email: z.string(),
    church: z.string().nullable(),
    phone: z.string().optional(),
    createdAt: z.string(),
  });

  it('writes only the fields the schema names, in JSON', () => {
    const row = { _id: 'a1', email: 'x@example.org', church: null, passwordHash: '$argon2id$secret', createdAt: 'c' };
    expect(JSON.parse(serialize(account, row))).toEqual({
      _id: 'a1',
      email: 'x@example.org',
      church: null,
      createdAt: 'c',
    });
  });

  it('writes lists, dates as ISO strings and escapes text', () => {
    const when = new Date('2026-11-01T08:00:00.000Z');
    const body = serialize(z.array(account), [
      { _id: 'b"2', email: 'é\n', church: 'Grace', phone: '1', createdAt: when },
    ]);
    expect(JSON.parse(body)).toEqual([
      { _id: 'b"2', email: 'é\n', church: 'Grace', phone: '1', createdAt: '2026-11-01T08:00:00.000Z' },
    ]);
  });

  it('refuses a body that lacks a required field rather than sending it', () => {
    expect(() => serialize(account, { _id: 'a1', church: null, createdAt: 'c' })).toThrow(/email/);
  });
});
