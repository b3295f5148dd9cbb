import type { StatsQuery } from '@portal/contract';

/** The query of a statistics request: the staff's downloads are left out unless asked for. */
export const statsSearch = ({ start, end, book, includeStaff }: StatsQuery) => ({
  start,
  end,
  book: book || undefined,
  includeStaff: includeStaff ? 'true' : undefined,
});
