import { describe, expect, it } from 'vitest';
import { findDays, linesAfterHeading } from './find-days.ts';

/** A page whose top is `heading`, then running text. */
const page = (heading: string, body = 'Read Psalm 23. The Lord is my shepherd; I shall not want.') =>
  `Teen Devotional\n${heading}\n${body}\n${body}\n${body}`;

/** Day -> page for every day of a 30-day month whose day `d` begins on `first + (d - 1) * per`. */
const everyDay = (first: number, per: number, days = 30) =>
  new Map(Array.from({ length: days }, (_, i) => [i + 1, first + i * per]));

describe('findDays', () => {
  it('finds one day per page, day by day', () => {
    const pages = Array.from({ length: 30 }, (_, i) => page(`Friday, November ${i + 1}`));
    expect(findDays(pages, 'en', 2026, 11)).toEqual({ source: 'headings', days: everyDay(1, 1) });
  });

  it('finds two pages per day, after a cover and an introduction', () => {
    const pages = ['Teen Devotional\nNovember 2026', 'Introduction\nWelcome to this month.'];
    for (let d = 1; d <= 30; d++) pages.push(page(`${d} November`), 'More reading for the day.');
    expect(findDays(pages, 'en', 2026, 11).days).toEqual(everyDay(3, 2));
  });

  it.each([
    ['fr', (d: number) => `vendredi ${d === 1 ? '1er' : d} novembre`],
    ['es', (d: number) => `Viernes, ${d} de noviembre`],
    ['es', (d: number) => `Día ${d}`],
    ['pt', (d: number) => `Sexta-feira, ${d} de Novembro`],
    ['sw', (d: number) => `Ijumaa, ${d} Novemba`],
    ['sw', (d: number) => `Siku ${d}`],
    ['fr', (d: number) => `November ${d}`],
    [null, (d: number) => `Day ${d}`],
  ])('reads the headings of language %s', (code, heading) => {
    const pages = Array.from({ length: 30 }, (_, i) => page(heading(i + 1)));
    expect(findDays(pages, code, 2026, 11).days).toEqual(everyDay(1, 1));
  });

  it('an unknown code or one Intl lacks reads English', () => {
    const pages = Array.from({ length: 30 }, (_, i) => page(`${i + 1} November`));
    expect(findDays(pages, 'not a code!', 2026, 11).days).toEqual(everyDay(1, 1));
    expect(findDays(pages, 'tw', 2026, 11).days).toEqual(everyDay(1, 1));
  });

  it('a date in running text, or another day named at the top out of order, is not a day', () => {
    const pages = Array.from({ length: 30 }, (_, i) => page(`November ${i + 1}`, 'Since 3 November we have prayed.'));
    // Day 12's second page opens with a reminder of day 5.
    pages.splice(12, 0, 'Remember 5 November\nas we read on.');
    // Another month's date at a page's top is no day of this one.
    pages.splice(20, 0, 'December 3\nNext month we start again.');
    const days = everyDay(1, 1);
    for (let d = 13; d <= 30; d++) days.set(d, d + (d >= 20 ? 2 : 1));
    expect(findDays(pages, 'en', 2026, 11).days).toEqual(days);
  });

  it('a day heading repeated on each of its pages counts from the first', () => {
    const pages = Array.from({ length: 60 }, (_, i) => page(`November ${Math.floor(i / 2) + 1}`));
    expect(findDays(pages, 'en', 2026, 11).days).toEqual(everyDay(1, 2));
  });

  it('no dates, or only a few, is none', () => {
    expect(findDays(['Cover', 'Introduction', 'Body text'], 'en', 2026, 11)).toEqual({
      source: 'none',
      days: new Map(),
    });
    const few = ['Cover', page('November 2'), page('Body'), page('November 14'), page('Body')];
    expect(findDays(few, 'en', 2026, 11).source).toBe('none');
    expect(findDays([], 'en', 2026, 11).source).toBe('none');
  });

  it('knows the month’s length: February has no day 30', () => {
    const pages = Array.from({ length: 30 }, (_, i) => page(`Day ${i + 1}`));
    expect(findDays(pages, 'en', 2027, 2).days).toEqual(everyDay(1, 1, 28));
  });
});

describe('linesAfterHeading', () => {
  it('drops the lines at the top that name the day as a heading does, in the language or English', () => {
    const lines = ['Friday, November 27', 'Forgiveness', 'Read Matthew 6:14, written on 27 November.'];
    expect(linesAfterHeading(lines, 'en', 2026, 11, 27)).toEqual(lines.slice(1));
    expect(linesAfterHeading(['Vendredi 27 novembre', 'Le pardon'], 'fr', 2026, 11, 27)).toEqual(['Le pardon']);
    expect(linesAfterHeading(['TEEVO', '27 November', 'Forgiveness'], 'en', 2026, 11, 27)).toEqual([
      'TEEVO',
      '27 November',
      'Forgiveness',
    ]);
  });

  it('keeps lines naming another day, and answers none when all are the heading', () => {
    expect(linesAfterHeading(['November 28', 'Joy'], 'en', 2026, 11, 27)).toEqual(['November 28', 'Joy']);
    expect(linesAfterHeading(['Día 27'], 'es', 2026, 11, 27)).toEqual([]);
  });
});
