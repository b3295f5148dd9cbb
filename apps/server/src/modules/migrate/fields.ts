/** Readers of legacy field values: the old portal stored whatever its forms sent, so every value is checked. */
import { FIRST_DATE, LAST_DATE } from '@portal/contract';

/** Trimmed non-empty text; numbers are accepted as their digits. */
export function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  return value.trim() || undefined;
}

const earliest = Date.parse(`${FIRST_DATE}T00:00:00Z`);
const latest = Date.parse(`${LAST_DATE}T23:59:59.999Z`);

/** A date the portal can keep; an unreadable one, or one out of its range ({$date: -8.64e15}), is none. */
export function date(value: unknown): Date | undefined {
  const parsed = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
  const time = parsed?.getTime() ?? Number.NaN;
  return time >= earliest && time <= latest ? parsed : undefined;
}

/** The first readable date among the values. */
export const firstDate = (...values: unknown[]): Date | undefined =>
  values.map(date).find((found) => found !== undefined);

export function flag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

/** A whole number from a number or its digits. */
export function wholeNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) ? number : undefined;
}

/** An ObjectId's first four bytes are its creation time: the date of a record that carries none. */
export function objectIdTime(id: string): Date | undefined {
  return /^[0-9a-f]{24}$/i.test(id) ? new Date(Number.parseInt(id.slice(0, 8), 16) * 1000) : undefined;
}

/** The last segment of a path written on Windows or Unix. */
export const baseName = (path: string | undefined) => path?.split(/[\\/]/).pop()?.trim() || undefined;
