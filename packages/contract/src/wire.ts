import type { Account } from './accounts.ts';
import type { ErrorBody } from './coded.ts';
import { isLocale } from './locales.ts';
import { ROLES } from './roles.ts';

/**
 * What a page's first scripts read from the wire and from storage, checked without zod (decision 039): the
 * schemas (accounts.ts, coded.ts) stay the rule, and test/wire.test.ts holds these checks to them. Zod and the
 * contract's schemas then load with the first page that has a form, not with every page.
 */

/** The browser refreshes its access token this long before it expires. */
export const REFRESH_AHEAD_SECONDS = 60;

type Check = (value: unknown) => boolean;
const isString: Check = (value) => typeof value === 'string';
const isBoolean: Check = (value) => typeof value === 'boolean';
const orNull =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const ACCOUNT_FIELDS: Record<keyof Account, Check> = {
  id: isString,
  title: isString,
  firstName: isString,
  lastName: isString,
  fullName: isString,
  email: isString,
  role: (value) => (ROLES as readonly unknown[]).includes(value),
  church: orNull(isString),
  churchName: orNull(isString),
  country: orNull(isString),
  address: orNull(isString),
  isMember: isBoolean,
  isVerified: isBoolean,
  locale: orNull((value) => isString(value) && isLocale(value as string)),
  created: isString,
  updated: isString,
};

/** Whether `value` is an account as accountSchema reads it (extra fields are left to the caller to ignore). */
export function isAccount(value: unknown): value is Account {
  return isObject(value) && Object.entries(ACCOUNT_FIELDS).every(([field, check]) => check(value[field]));
}

/** Whether `body` is an API error's body as errorBodySchema reads it. */
export function isErrorBody(body: unknown): body is ErrorBody {
  if (!isObject(body) || !isString(body.message)) return false;
  if (body.code !== undefined && !isString(body.code)) return false;
  return (
    body.params === undefined ||
    (isObject(body.params) && Object.values(body.params).every((param) => isString(param) || typeof param === 'number'))
  );
}
