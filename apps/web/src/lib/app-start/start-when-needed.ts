import { USER_STORAGE_KEY } from '../session/user-storage-key.ts';
import { APP_TEMPLATE_ID, PRESSED_BEFORE_START, WITH_APP } from './constants.ts';

/** What a visitor does that may need the app: a link followed before it has started is a plain link. */
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Whether a prerendered page starts the app as it opens: for someone remembered as signed in (who sees another page),
 * in the installed app (its service worker serves the page), and for an address that brings the app something to do
 * (a mailed link's token to check, where to go after signing in).
 */
function startsAtOnce(): boolean {
  let remembered = false;
  try {
    remembered = localStorage.getItem(USER_STORAGE_KEY) !== null;
  } catch {
    // Storage blocked: nobody is remembered.
  }
  return remembered || Boolean(navigator.serviceWorker?.controller) || location.search !== '';
}

/**
 * A prerendered page's start (decision 052): the page is whole without scripts, so its scripts wait, inert in a
 * `<template>`, and its full stylesheets, disabled, until the visitor touches, types or tabs (or at once, see
 * `startsAtOnce`). Then the stylesheets are enabled and the scripts' preloads put in <head>, and the app's entry once
 * the stylesheets have come, so that nothing it draws shows unstyled. A button pressed before the app runs is marked
 * for the app to press again.
 */
export function startWhenNeeded(): void {
  const template = document.getElementById(APP_TEMPLATE_ID);
  if (!(template instanceof HTMLTemplateElement)) return;

  const remember = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    for (const earlier of document.querySelectorAll(`[${PRESSED_BEFORE_START}]`))
      earlier.removeAttribute(PRESSED_BEFORE_START);
    button.setAttribute(PRESSED_BEFORE_START, '');
  };
  document.addEventListener('click', remember, true);

  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of INTERACTIONS) document.removeEventListener(type, start, true);
    const sheets = [...document.querySelectorAll(`link[${WITH_APP}]`)];
    for (const sheet of sheets) {
      sheet.removeAttribute(WITH_APP);
      sheet.removeAttribute('disabled');
    }
    const parts = document.importNode(template.content, true);
    const scripts = [...parts.querySelectorAll('script')];
    for (const script of scripts) script.remove();
    document.head.append(parts);
    const loaded = sheets.map(
      (sheet) =>
        new Promise((settle) => {
          sheet.addEventListener('load', settle);
          sheet.addEventListener('error', settle);
        }),
    );
    void Promise.all(loaded).then(() => {
      // The app's entry presses the marked button once it has taken the page over.
      scripts.at(-1)?.addEventListener('load', () => document.removeEventListener('click', remember, true));
      document.head.append(...scripts);
    });
  };
  if (startsAtOnce()) start();
  else for (const type of INTERACTIONS) document.addEventListener(type, start, { capture: true, passive: true });
}
