/**
 * The filter of every statistics request: an inclusive range of days, optionally one book, and whether the
 * staff's downloads count (the server leaves them out unless asked).
 */
export interface StatsQuery {
  start: string;
  end: string;
  book?: string;
  includeStaff?: boolean;
}

export const statsSearch = ({ start, end, book, includeStaff }: StatsQuery) =>
  new URLSearchParams({
    start,
    end,
    ...(book ? { book } : {}),
    ...(includeStaff ? { includeStaff: 'true' } : {}),
  }).toString();
