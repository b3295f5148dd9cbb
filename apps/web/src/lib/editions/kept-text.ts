import type { EditionDayText, ThisMonth } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { getSession } from '../session/session-store.ts';
import { canSaveEditions } from './saved-editions.ts';

/**
 * This month's text of the member's editions, kept with the app (issue 33, decision 057): a few tens of kilobytes
 * an edition, so that Today and the text view work offline without the PDF. Kept in Cache Storage like the saved
 * editions, one entry an edition, for the account that was signed in; refreshed when the home shows this month.
 */
const CACHE = 'portal-month-text';
const keyOf = (id: string) => `/kept-text/${encodeURIComponent(id)}`;

export interface KeptText {
  /** The edition and what its card and the text view say of it. */
  id: string;
  book: string;
  language: string;
  year: number;
  month: number;
  /** The edition's file as it was kept: a replaced edition (same id, new upload) is kept again. */
  created: string;
  accountId: string;
  days: EditionDayText[];
}

/** A kept entry, if it is the signed-in account's (and readable). */
async function mineIn(response: Response | undefined): Promise<KeptText | undefined> {
  const entry = (await response?.json().catch(() => undefined)) as KeptText | undefined;
  return entry?.accountId === getSession().user?.id ? entry : undefined;
}

/** Every entry kept for the signed-in account; another account's go. */
async function listKept(): Promise<KeptText[]> {
  if (!canSaveEditions()) return [];
  const cache = await caches.open(CACHE);
  const kept: KeptText[] = [];
  for (const request of await cache.keys()) {
    const entry = await mineIn(await cache.match(request));
    if (entry) kept.push(entry);
    else await cache.delete(request);
  }
  return kept;
}

/**
 * Keeps the text of this month's editions that have a day map (they have today's reading), fetching only those
 * not kept at their current file; an edition no longer among them (last month's) goes. Never throws: keeping is
 * a convenience, and the home has what it shows already.
 */
export async function keepMonthText(thisMonth: ThisMonth): Promise<void> {
  const accountId = getSession().user?.id;
  if (!accountId || !canSaveEditions()) return;
  try {
    const kept = new Map((await listKept()).map((entry) => [entry.id, entry]));
    const cache = await caches.open(CACHE);
    const wanted = thisMonth.editions.flatMap(({ file, today }) => (file && today ? [file] : []));
    for (const file of wanted) {
      if (kept.get(file._id)?.created === file.created) continue;
      const { days } = await api.get('/editions/:id/text', { params: { id: file._id } });
      const entry: KeptText = {
        id: file._id,
        book: file.book_name,
        language: file.book_language,
        year: file.book_year,
        month: thisMonth.month,
        created: file.created,
        accountId,
        days,
      };
      await cache.put(keyOf(file._id), Response.json(entry));
    }
    const ids = new Set(wanted.map((file) => file._id));
    for (const id of kept.keys()) if (!ids.has(id)) await cache.delete(keyOf(id));
  } catch {
    // Offline again, storage refused or full: what was kept stays.
  }
}

/** An edition's month as kept on this device for the signed-in account, if it is. */
async function keptEdition(id: string): Promise<KeptText | undefined> {
  if (!canSaveEditions()) return undefined;
  return mineIn(await caches.match(keyOf(id), { cacheName: CACHE }));
}

/** A day of an edition as kept on this device for the signed-in account, if it is. */
export const keptDay = async (id: string, day: number): Promise<EditionDayText | undefined> =>
  (await keptEdition(id))?.days.find((each) => each.day === day);

/** What the text view says of an edition offline (its names, its days), from what was kept; null if nothing. */
export const keptEditionQuery = (id: string) =>
  queryOptions({
    queryKey: ['kept-text', 'edition', id],
    queryFn: async () => (await keptEdition(id)) ?? null,
    networkMode: 'always',
  });

/** Today's reading in each kept edition of the device's month: what the home offers offline. */
export const keptTodayQuery = queryOptions({
  queryKey: ['kept-text', 'today'],
  queryFn: async () => {
    const now = new Date();
    const kept = await listKept();
    return kept.flatMap((entry) => {
      const today = entry.year === now.getFullYear() && entry.month === now.getMonth() + 1;
      const day = today ? entry.days.find((each) => each.day === now.getDate()) : undefined;
      return day ? [{ entry, day }] : [];
    });
  },
  networkMode: 'always',
  staleTime: 0,
});

/** Signing out: the device keeps nothing of the member's text either. */
export async function forgetKeptText() {
  if (canSaveEditions()) await caches.delete(CACHE);
}
