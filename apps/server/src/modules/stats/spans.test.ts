import { describe, expect, it } from 'vitest';
import { wholeMonths } from './spans.ts';

describe('wholeMonths', () => {
  it.each([
    ['2025-03-01', '2025-03-31', { first: '2025-03-01', last: '2025-03-01', lastDay: '2025-03-31' }],
    ['2025-03-15', '2025-06-20', { first: '2025-04-01', last: '2025-05-01', lastDay: '2025-05-31' }],
    ['2024-01-31', '2024-02-29', { first: '2024-02-01', last: '2024-02-01', lastDay: '2024-02-29' }],
    ['2024-12-01', '2025-01-31', { first: '2024-12-01', last: '2025-01-01', lastDay: '2025-01-31' }],
    ['1900-01-01', '9999-12-31', { first: '1900-01-01', last: '9999-12-01', lastDay: '9999-12-31' }],
  ])('from %s to %s: the months in the middle', (start, end, months) => {
    expect(wholeMonths({ start, end })).toEqual(months);
  });

  it.each([
    ['2025-03-15', '2025-03-20'],
    ['2025-03-01', '2025-03-30'],
    ['2025-03-02', '2025-04-29'],
    ['2023-02-01', '2023-02-27'],
    ['9999-12-02', '9999-12-31'],
  ])('from %s to %s: none', (start, end) => {
    expect(wholeMonths({ start, end })).toBeUndefined();
  });
});
