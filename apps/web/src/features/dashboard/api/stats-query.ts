/** The filter of every statistics request: an inclusive range of days and, optionally, one book. */
export interface StatsQuery {
  start: string;
  end: string;
  book?: string;
}

export const statsSearch = ({ start, end, book }: StatsQuery) =>
  new URLSearchParams({ start, end, ...(book ? { book } : {}) }).toString();
