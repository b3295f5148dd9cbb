import { type DayPage, dayOfPage, inPageOrder } from '@portal/contract';

/** Where the reader is among an edition's days: the day `page` belongs to, and the first pages of the days around. */
export interface DaysAround {
  /** The day `page` belongs to (`dayOfPage`). */
  day?: DayPage | undefined;
  previous?: DayPage | undefined;
  next?: DayPage | undefined;
}

export function daysAround(days: readonly DayPage[], page: number): DaysAround {
  const inOrder = inPageOrder(days);
  const day = dayOfPage(inOrder, page);
  const at = day ? inOrder.indexOf(day) : -1;
  return { day, previous: at > 0 ? inOrder[at - 1] : undefined, next: inOrder[at + 1] };
}

/** Today in an edition of `month` (1 to 12) of `year`, by the reader's calendar, if its map has it. */
export function todayIn(days: readonly DayPage[], year: number, month: number, now = new Date()): DayPage | undefined {
  if (now.getFullYear() !== year || now.getMonth() + 1 !== month) return undefined;
  return days.find((each) => each.day === now.getDate());
}
