import { describe, expect, it } from 'vitest';
import { type Account, accountSchema } from '../src/accounts.ts';
import { errorBodySchema } from '../src/coded.ts';
import { isAccount, isErrorBody } from '../src/wire.ts';

const account: Account = {
  id: '1',
  title: '',
  firstName: 'Amani',
  lastName: 'Juma',
  fullName: 'Amani Juma',
  email: 'amani@example.org',
  role: 'User',
  church: null,
  churchName: null,
  country: 'Kenya',
  address: null,
  isMember: false,
  isVerified: true,
  locale: 'sw',
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
};

/** Each sample as the schema reads it and as the first scripts' check does: they must agree. */
const accounts: unknown[] = [
  account,
  { ...account, locale: null, church: 'c1', churchName: 'Nairobi Central' },
  { ...account, extra: 'kept out by the schema, allowed by both' },
  { ...account, role: 'Owner' },
  { ...account, locale: 'de' },
  { ...account, isMember: 'yes' },
  { ...account, church: undefined },
  Object.fromEntries(Object.entries(account).filter(([field]) => field !== 'email')),
  null,
  [account],
  'account',
];

const errorBodies: unknown[] = [
  { message: 'Resource is not found.' },
  { message: 'Too long.', code: 'text.tooLong', params: { max: 100, field: 'name' } },
  { message: 'x', params: { max: true } },
  { message: 'x', code: 3 },
  { code: 'notFound' },
  { message: 'x', params: [] },
  '<html>Bad gateway</html>',
  null,
];

describe("the first scripts' checks of what they read", () => {
  it.each(accounts.map((value) => [JSON.stringify(value)?.slice(0, 60), value]))(
    'take an account as accountSchema does: %s',
    (_name, value) => expect(isAccount(value)).toBe(accountSchema.safeParse(value).success),
  );

  it.each(errorBodies.map((value) => [JSON.stringify(value), value]))(
    "take an error's body as errorBodySchema does: %s",
    (_name, value) => expect(isErrorBody(value)).toBe(errorBodySchema.safeParse(value).success),
  );
});
