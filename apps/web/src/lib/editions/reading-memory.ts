import { getSession } from '../session/session-store.ts';

/**
 * What the reader remembers on this device: the last page read of each edition and night mode. Kept under
 * one prefix so that signing out can forget it all (a shared computer keeps nothing of the member's reading).
 */
const PREFIX = 'portal.reader.';
/** Per account too: a session that ended by itself leaves the next member no page of the last one's. */
const pageKey = (id: string) => `${PREFIX}page.${getSession().user?.id ?? ''}.${id}`;
const NIGHT_KEY = `${PREFIX}night`;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Blocked storage: remembered for this visit only.
  }
}

/** The page the member was on when they last read this edition here: 1 if never. */
export function lastPageOf(id: string): number {
  const page = Number(read(pageKey(id)));
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

export const rememberPage = (id: string, page: number) => write(pageKey(id), String(page));

export const nightChosen = () => read(NIGHT_KEY) === 'true';

export const rememberNight = (night: boolean) => write(NIGHT_KEY, String(night));

/** The text view's size (issue 33), a step from the smallest: the middle one until chosen. */
export const TEXT_SIZES = [0.875, 1, 1.125, 1.25, 1.5, 1.75, 2] as const;
const TEXT_SIZE_KEY = `${PREFIX}text-size`;
export function textSizeChosen(): number {
  const step = Number(read(TEXT_SIZE_KEY) ?? 2);
  return Number.isInteger(step) && step >= 0 && step < TEXT_SIZES.length ? step : 2;
}
export const rememberTextSize = (step: number) => write(TEXT_SIZE_KEY, String(step));

/** Forgets every edition's last page and the night mode choice. */
export function forgetReading() {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // Blocked storage kept nothing.
  }
}
