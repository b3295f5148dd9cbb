import { describe, expect, it } from 'vitest';
import { acceptedLanguages, pickLocale } from '../src/locales.ts';

describe('the locale of a browser', () => {
  it("orders an Accept-Language header's tags by weight, dropping * and q=0", () => {
    expect(acceptedLanguages('de;q=0.5, pt-BR, *;q=0.1, fr-CA;q=0.8, es;q=0')).toEqual(['pt-BR', 'fr-CA', 'de']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it("picks the portal's locale closest to the person's languages, else English", () => {
    expect(pickLocale(['de-DE', 'en-US'])).toBe('en');
    expect(pickLocale(['de-DE'])).toBe('en');
    expect(pickLocale([])).toBe('en');
  });
});
