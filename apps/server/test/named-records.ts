import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { expectMessage } from './app.ts';

interface NamedRecordCreate {
  create: (payload: object) => Promise<LightMyRequestResponse>;
  count: () => Promise<number>;
  /** A record's name in another case. */
  taken: string;
}

/**
 * The names a named record's create refuses (books and languages share routes and input schema), each with
 * its status and message, and that nothing is created.
 */
export function itRefusesBadNames(
  messages: { nameRequired: string; nameTooLong: string; nameTaken: string },
  { create, count, taken }: NamedRecordCreate,
) {
  it.each([
    ['a name that exists in another case', { name: taken }, 409, messages.nameTaken],
    ['an empty name', { name: '' }, 400, messages.nameRequired],
    ['a blank name', { name: '  ' }, 400, messages.nameRequired],
    ['no name', {}, 400, messages.nameRequired],
    ['a long name', { name: 'x'.repeat(101) }, 400, messages.nameTooLong],
    ['a NUL in the name', { name: 'Tee\u0000vo' }, 400, 'name: must not contain control characters'],
    ['a line break in the name', { name: 'Tee\nvo' }, 400, 'name: must not contain control characters'],
  ])('refuses %s with its message (%i) and creates nothing', async (_case, payload, status, message) => {
    const before = await count();
    expectMessage(await create(payload), status, message);
    expect(await count()).toBe(before);
  });
}
