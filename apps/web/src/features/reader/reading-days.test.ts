import { describe, expect, it } from 'vitest';
import { daysAround, todayIn } from './reading-days.ts';

// Days 1 to 3 from page 3, two pages each; day 5 on page 11 (day 4's heading was not found).
const DAYS = [
  { day: 3, page: 7 },
  { day: 1, page: 3 },
  { day: 2, page: 5 },
  { day: 5, page: 11 },
];

describe('daysAround', () => {
  it('says which day a page belongs to, and where the days before and after begin', () => {
    expect(daysAround(DAYS, 6)).toEqual({
      day: { day: 2, page: 5 },
      previous: { day: 1, page: 3 },
      next: { day: 3, page: 7 },
    });
    expect(daysAround(DAYS, 9)).toEqual({
      day: { day: 3, page: 7 },
      previous: { day: 2, page: 5 },
      next: { day: 5, page: 11 },
    });
  });

  it('before day one’s page: no day, day one next; on the last day: nothing after', () => {
    expect(daysAround(DAYS, 1)).toEqual({ day: undefined, previous: undefined, next: { day: 1, page: 3 } });
    expect(daysAround(DAYS, 40)).toEqual({ day: { day: 5, page: 11 }, previous: { day: 3, page: 7 }, next: undefined });
  });

  it('an edition without days has none around any page', () => {
    expect(daysAround([], 4)).toEqual({ day: undefined, previous: undefined, next: undefined });
  });
});

describe('todayIn', () => {
  const now = new Date(2026, 10, 5, 9, 30);
  it('is the day of the map that is today, in an edition of this month', () => {
    expect(todayIn(DAYS, 2026, 11, now)).toEqual({ day: 5, page: 11 });
  });

  it('is none in another month’s edition, or where the map misses today', () => {
    expect(todayIn(DAYS, 2026, 10, now)).toBeUndefined();
    expect(todayIn(DAYS, 2025, 11, now)).toBeUndefined();
    expect(todayIn(DAYS, 2026, 11, new Date(2026, 10, 4))).toBeUndefined();
  });
});
