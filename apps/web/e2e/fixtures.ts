import { test as base } from '@playwright/test';
import { findChromium, NO_CHROMIUM_HINT } from './support/chromium.ts';

const hasChromium = findChromium() !== undefined;

/** Playwright's test, skipped (before any browser starts) when this machine has no Chromium. */
export const test = base.extend<{ requireChromium: undefined }>({
  requireChromium: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, testInfo) => {
      testInfo.skip(!hasChromium, NO_CHROMIUM_HINT);
      await use(undefined);
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
