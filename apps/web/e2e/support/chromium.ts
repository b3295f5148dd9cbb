import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** How the tests and bench/landing.ts launch it: as root in a container, with nothing reaching out on its own. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

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
