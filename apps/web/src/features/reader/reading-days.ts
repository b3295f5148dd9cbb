/** A day of an edition's month and the page it begins on (decision 050). */
export interface DayPage {
  day: number;
  page: number;
}

/** Where the reader is among an edition's days: the day `page` belongs to, and the first pages of the days around. */
export interface DaysAround {
  /** The day `page` belongs to: the last day beginning on it or before; none before day one's first page. */
  day?: DayPage;
  previous?: DayPage;
  next?: DayPage;
}

export function daysAround(days: readonly DayPage[], page: number): DaysAround {
  const inOrder = [...days].sort((a, b) => a.page - b.page || a.day - b.day);
  const at = inOrder.findLastIndex((each) => each.page <= page);
  return {
    day: inOrder[at],
    previous: at > 0 ? inOrder[at - 1] : undefined,
    next: inOrder[at + 1],
  };
}

/** Today in an edition of `month` (1 to 12) of `year`, by the reader's calendar, if its map has it. */
export function todayIn(days: readonly DayPage[], year: number, month: number, now = new Date()): DayPage | undefined {
  if (now.getFullYear() !== year || now.getMonth() + 1 !== month) return undefined;
  return days.find((each) => each.day === now.getDate());
}
