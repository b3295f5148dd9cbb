import type { DateRange } from '@portal/contract';
import { and, between, eq, gt, gte, lt, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A rollup table's key columns: rows that count one day, or one whole month, from its first day. */
interface Rollup {
  span: PgColumn;
  firstDay: PgColumn;
}

const DAY_MS = 86_400_000;
const timeOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const firstOfMonth = (time: number) => {
  const date = new Date(time);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
};

/**
 * The months lying wholly within a range of days (both ends inclusive): the first days of the first and the
 * last of them, and the last day of the last; undefined when there is none.
 */
export function wholeMonths({ start, end }: DateRange) {
  const first = start.endsWith('-01') ? timeOf(start) : firstOfMonth(firstOfMonth(timeOf(start)) + 32 * DAY_MS);
  const afterLast = firstOfMonth(timeOf(end) + DAY_MS);
  if (first >= afterLast) return undefined;
  const lastDay = afterLast - DAY_MS;
  return { first: dayOf(first), last: dayOf(firstOfMonth(lastDay)), lastDay: dayOf(lastDay) };
}

/** The rows of a rollup that count a range of days exactly once: its whole months, and the days around them. */
export function covering(rollup: Rollup, range: DateRange): SQL | undefined {
  const months = wholeMonths(range);
  if (!months) return and(eq(rollup.span, 'day'), between(rollup.firstDay, range.start, range.end));
  return or(
    and(eq(rollup.span, 'month'), between(rollup.firstDay, months.first, months.last)),
    and(eq(rollup.span, 'day'), gte(rollup.firstDay, range.start), lt(rollup.firstDay, months.first)),
    and(eq(rollup.span, 'day'), gt(rollup.firstDay, months.lastDay), lte(rollup.firstDay, range.end)),
  );
}
