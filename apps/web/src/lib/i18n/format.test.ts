import { afterEach, describe, expect, it } from 'vitest';
import { formatDay } from './format.ts';
import { changeLocale } from './i18n.ts';

afterEach(() => changeLocale('en', { remember: false }));

describe('formatDay', () => {
  it('names a day of a month with its weekday, in the interface’s language', async () => {
    expect(formatDay(28, 11, 2026)).toBe('Saturday 28 November');
    await changeLocale('fr', { remember: false });
    expect(formatDay(1, 3, 2027)).toBe('lundi 1 mars');
  });
});
