import type { StatsQuery } from '@portal/contract';

/** The query string of a statistics request: the staff's downloads are left out unless asked for. */
export const statsSearch = ({ start, end, book, includeStaff }: StatsQuery) =>
  new URLSearchParams({
    start,
    end,
    ...(book ? { book } : {}),
    ...(includeStaff ? { includeStaff: 'true' } : {}),
  }).toString();
