import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LAYOUT_SETTINGS_KEY, THEME_CRITICAL_ID, THEME_LINK_ID } from './constants.ts';

/** The settings module as a page load finds it, with `stored` in the browser's storage. */
async function loadWith(stored: unknown) {
  localStorage.setItem(LAYOUT_SETTINGS_KEY, typeof stored === 'string' ? stored : JSON.stringify(stored));
  vi.resetModules();
  return import('./layout-settings.ts');
}

beforeEach(() => {
  document.head.innerHTML = '';
  document.documentElement.removeAttribute('style');
});

describe('layout settings', () => {
  it('keeps each valid stored field and replaces the others with the defaults', async () => {
    const { getLayoutSettings } = await loadWith({
      scale: 99,
      inputStyle: 'filled',
      ripple: 'yes',
      menuMode: 'overlay',
      theme: 'no-such-theme',
    });
    expect(getLayoutSettings()).toEqual({
      scale: 14,
      inputStyle: 'filled',
      ripple: false,
      menuMode: 'overlay',
      themeChoice: 'device',
      theme: 'lara-light-indigo',
      colorMode: 'light',
    });
  });

  it('starts from the defaults when what is stored is no settings', async () => {
    expect((await loadWith('{broken')).getLayoutSettings().scale).toBe(14);
    expect((await loadWith('null')).getLayoutSettings().theme).toBe('lara-light-indigo');
  });

  it('applies a change to the page, remembers it, and tells its listeners', async () => {
    const { updateLayoutSettings, getLayoutSettings } = await loadWith({});
    const critical = document.createElement('style');
    critical.id = THEME_CRITICAL_ID;
    document.head.append(critical);
    updateLayoutSettings({ themeChoice: 'arya-blue', scale: 16 });
    expect(getLayoutSettings()).toMatchObject({ theme: 'arya-blue', scale: 16, colorMode: 'dark' });
    const link = document.getElementById(THEME_LINK_ID);
    expect(link?.getAttribute('href')).toBe('/themes/test/arya-blue/theme.css');
    // The first paint's default rules would override the new theme's.
    expect(document.getElementById(THEME_CRITICAL_ID)).toBeNull();
    const root = document.documentElement;
    expect([root.style.fontSize, root.dataset.colorMode, root.style.colorScheme]).toEqual(['16px', 'dark', 'dark']);
    expect(JSON.parse(localStorage.getItem(LAYOUT_SETTINGS_KEY) ?? '{}')).toMatchObject({ theme: 'arya-blue' });
  });

  it('refuses a scale out of range and a theme PrimeReact does not ship', async () => {
    const { updateLayoutSettings, getLayoutSettings } = await loadWith({ scale: 13, theme: 'vela-green' });
    expect(getLayoutSettings().colorMode).toBe('dim');
    updateLayoutSettings({ scale: 40, themeChoice: 'made-up' });
    expect(getLayoutSettings()).toMatchObject({ scale: 14, theme: 'lara-light-indigo' });
  });
});
