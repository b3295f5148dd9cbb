import { afterEach, describe, expect, it, vi } from 'vitest';
import { activeLocale, changeLocale, i18n, localeOfPath, localePath, startingLocale, withLocale } from './i18n.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en', { remember: false });
});

describe('i18n', () => {
  it('reads the locale a page address starts with, and moves an address to another locale', () => {
    expect(localeOfPath('/fr/dist')).toBe('fr');
    expect(localeOfPath('/FR/dist')).toBe('fr');
    expect(localeOfPath('/login')).toBeUndefined();
    expect(localePath('sw', '/dist')).toBe('/sw/dist');
    expect(localePath('en-XA', 'dist')).toBe('/en/dist');
    expect(withLocale('/fr/account/register', 'pt')).toBe('/pt/account/register');
    expect(withLocale('/user/profile', 'pt')).toBe('/user/profile');
  });

  it('opens in the address’s locale, else the one chosen here, else the browser’s closest', () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['es-MX', 'en'] });
    expect(startingLocale('/login')).toBe('es');
    localStorage.setItem('portal.locale', 'sw');
    expect(startingLocale('/login')).toBe('sw');
    expect(startingLocale('/fr/dist')).toBe('fr');
    localStorage.setItem('portal.locale', 'klingon');
    expect(startingLocale('/login')).toBe('es');
  });

  it('changes the locale with both parts of its catalogue, and remembers the choice when told', async () => {
    await changeLocale('pt');
    expect(activeLocale()).toBe('pt');
    expect(document.documentElement.lang).toBe('pt');
    expect(localStorage.getItem('portal.locale')).toBe('pt');
    // A word of the first part and one of the later part (the reader's), both in Portuguese.
    expect(i18n.t('common.close')).not.toBe(i18n.t('common.close', { lng: 'en' }));
    expect(i18n.t('reader.next')).not.toBe(i18n.t('reader.next', { lng: 'en' }));
    await changeLocale('fr', { remember: false });
    expect(localStorage.getItem('portal.locale')).toBe('pt');
  });

  it('draws the pseudo-locale from English', async () => {
    await changeLocale('en-XA', { remember: false });
    expect(i18n.t('common.close')).toMatch(/^⟦Çlösé ~+⟧$/);
  });
});
