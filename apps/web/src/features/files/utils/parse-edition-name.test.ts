import { describe, expect, it } from 'vitest';
import { parseEditionName } from './parse-edition-name.ts';

describe('parseEditionName', () => {
  it('reads book, language, year and month from the usual name', () => {
    expect(parseEditionName('Teevo_English_2025_03.pdf')).toEqual({
      book: 'Teevo',
      language: 'English',
      year: 2025,
      month: 3,
    });
  });

  it('reads a month by its name or first three letters, in any case, and a language of several words', () => {
    expect(parseEditionName('Take5 - Brazilian Portuguese - March 2025.PDF')).toEqual({
      book: 'Take5',
      language: 'Brazilian Portuguese',
      year: 2025,
      month: 3,
    });
    expect(parseEditionName('Teevo.French.sep.2024.pdf')).toMatchObject({ language: 'French', month: 9, year: 2024 });
  });

  it('takes a number right after the book as part of the language, not as a month', () => {
    // "Take5 3 English": no language yet, so 3 is a word; the month comes after the language.
    expect(parseEditionName('Teevo_12_2025_01.pdf')).toEqual({ book: 'Teevo', language: '12', year: 2025, month: 1 });
  });

  it('keeps the first year and month and ignores words after them', () => {
    expect(parseEditionName('Teevo_Swahili_2025_04_final_2026_05.pdf')).toEqual({
      book: 'Teevo',
      language: 'Swahili',
      year: 2025,
      month: 4,
    });
  });

  it('leaves out what the name does not say', () => {
    expect(parseEditionName('Teevo.pdf')).toEqual({ book: 'Teevo' });
    expect(parseEditionName('Teevo_English.pdf')).toEqual({ book: 'Teevo', language: 'English' });
    expect(parseEditionName('.pdf')).toEqual({});
    // Two letters are no month ("ma" could be March or May); 1899 is no edition's year.
    expect(parseEditionName('Teevo_English_ma_1899.pdf')).toEqual({ book: 'Teevo', language: 'English ma 1899' });
  });
});
