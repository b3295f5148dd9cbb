import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export const NO_CHROMIUM_HINT =
  'No Chromium for the end-to-end tests: install one (apt-get install -y chromium) or set CHROMIUM_PATH.';

function playwrightChromium(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

/** A Chromium already on this machine; the tests never download one. CHROMIUM_PATH, when set, is the only choice. */
export function findChromium(): string | undefined {
  const candidates = process.env.CHROMIUM_PATH
    ? [process.env.CHROMIUM_PATH]
    : ['/usr/bin/chromium', playwrightChromium()];
  return candidates.find((candidate) => candidate !== undefined && existsSync(candidate));
}
