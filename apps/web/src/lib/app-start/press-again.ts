import { PRESSED_BEFORE_START } from './constants.ts';

/**
 * Presses the button a visitor pressed on the prerendered page before the app had started (start-when-needed.ts),
 * once React is taking the page over: React hydrates the part clicked first and then handles the click.
 */
export function pressAgain(): void {
  const pressed = document.querySelector(`[${PRESSED_BEFORE_START}]`);
  if (pressed instanceof HTMLElement) pressed.click();
  // After the click, which the start script, still listening until the entry has run, marks again.
  pressed?.removeAttribute(PRESSED_BEFORE_START);
}
