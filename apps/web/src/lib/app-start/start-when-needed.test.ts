import { afterEach, describe, expect, it } from 'vitest';
import { APP_TEMPLATE_ID, PRESSED_BEFORE_START, WITH_APP } from './constants.ts';
import { pressAgain } from './press-again.ts';
import { startWhenNeeded } from './start-when-needed.ts';

/** A prerendered page as vite-plugins/prerender.ts and critical-css.ts write it: the app's parts in a template. */
function prerenderedPage() {
  document.head.innerHTML = `<template id="${APP_TEMPLATE_ID}">
    <script type="module" src="/assets/index.js"></script>
    <link rel="preload" as="script" href="/assets/react.js">
  </template>
  <link rel="stylesheet" href="/assets/index.css" disabled ${WITH_APP}>`;
  document.body.innerHTML =
    '<div id="root"><a href="/en/signup">Sign Up</a><button type="button">Settings</button></div>';
}

const inHead = (selector: string) => document.head.querySelector(`:scope > ${selector}`);

/** The stylesheets come, then the entry runs (its load event). */
function sheetsAndEntryLoaded() {
  for (const sheet of document.head.querySelectorAll(':scope > link[rel="stylesheet"]')) {
    sheet.dispatchEvent(new Event('load'));
  }
  return new Promise<void>((resolve) =>
    setTimeout(() => {
      inHead('script')?.dispatchEvent(new Event('load'));
      resolve();
    }),
  );
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  history.replaceState(null, '', '/');
});

describe('startWhenNeeded', () => {
  it('sends nothing until the visitor touches the page, then the styles and preloads, then the entry', async () => {
    prerenderedPage();
    startWhenNeeded();
    expect(inHead('link[rel="stylesheet"]')?.hasAttribute('disabled')).toBe(true);
    expect(inHead('link[rel="preload"]')).toBeNull();

    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(inHead('link[rel="stylesheet"]')?.hasAttribute('disabled')).toBe(false);
    expect(inHead('link[rel="preload"]')?.getAttribute('href')).toBe('/assets/react.js');
    // The entry waits for the stylesheets, so that nothing the app draws shows unstyled.
    expect(inHead('script')).toBeNull();
    await sheetsAndEntryLoaded();
    expect(inHead('script')?.getAttribute('src')).toBe('/assets/index.js');
    // Once only.
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(document.head.querySelectorAll(':scope > link[rel="preload"]')).toHaveLength(1);
  });

  it.each([
    [
      'someone remembered as signed in',
      () => {
        prerenderedPage();
        localStorage.setItem('user', '{}');
      },
    ],
    [
      'an address with something for the app to do',
      () => {
        prerenderedPage();
        history.replaceState(null, '', '/en/account/verify-email?token=abc');
      },
    ],
  ])('starts at once for %s', async (_case, arrange) => {
    arrange();
    startWhenNeeded();
    expect(inHead('link[rel="preload"]')).not.toBeNull();
    await sheetsAndEntryLoaded();
  });

  it('does nothing on a page without the template (index.html loads the app itself)', () => {
    document.body.innerHTML = '<div id="root"></div>';
    startWhenNeeded();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(document.head.children).toHaveLength(0);
  });

  it('marks a button pressed before the app ran, which the app presses again; a link is left to the browser', async () => {
    prerenderedPage();
    startWhenNeeded();
    const button = document.querySelector('button') as HTMLButtonElement;
    const link = document.querySelector('a') as HTMLAnchorElement;
    link.addEventListener('click', (event) => event.preventDefault());
    // A tap: the pointer goes down (which starts the app), then the click.
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    link.click();
    expect(document.querySelector(`[${PRESSED_BEFORE_START}]`)).toBeNull();
    button.click();
    expect(button.hasAttribute(PRESSED_BEFORE_START)).toBe(true);

    let pressed = 0;
    button.addEventListener('click', () => pressed++);
    pressAgain();
    expect(pressed).toBe(1);
    expect(button.hasAttribute(PRESSED_BEFORE_START)).toBe(false);
    await sheetsAndEntryLoaded();
    // Once the app runs, its buttons are its own.
    button.click();
    expect(button.hasAttribute(PRESSED_BEFORE_START)).toBe(false);
  });
});
