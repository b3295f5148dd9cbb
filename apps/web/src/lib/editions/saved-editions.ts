import type { FileRecord } from '@portal/contract';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { formatFileSize } from '../i18n/format.ts';
import { getSession } from '../session/session-store.ts';
import { forgetReading } from './reading-memory.ts';

/**
 * Editions saved for offline reading, kept in Cache Storage (decision 033): the whole PDF, fetched with the
 * member's session, under an address of its own that no request of the page ever asks for, with what the
 * dashboard shows of it in a header. Nothing else in the app, the service worker included, reads this cache.
 */
const CACHE = 'portal-editions';
const META_HEADER = 'X-Saved-Edition';
const keyOf = (id: string) => `/saved-editions/${encodeURIComponent(id)}`;

export interface SavedEdition {
  file: FileRecord;
  /** The account that saved it: another's copies are never shown, and go when they sign in here. */
  accountId: string;
  savedAt: string;
}

/** Cache Storage exists only on a secure origin (https, or localhost): elsewhere nothing can be saved. */
export const canSaveEditions = () => typeof caches !== 'undefined';

function metaOf(response: Response): SavedEdition | undefined {
  try {
    return JSON.parse(decodeURIComponent(response.headers.get(META_HEADER) ?? '')) as SavedEdition;
  } catch {
    return undefined;
  }
}

/** The signed-in member's saved editions, last saved first; another account's copies are removed. */
async function listSaved(): Promise<SavedEdition[]> {
  if (!canSaveEditions()) return [];
  const accountId = getSession().user?.id;
  const cache = await caches.open(CACHE);
  const saved: SavedEdition[] = [];
  for (const request of await cache.keys()) {
    const meta = metaOf((await cache.match(request)) ?? new Response());
    if (meta && meta.accountId === accountId) saved.push(meta);
    else await cache.delete(request);
  }
  return saved.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

/** Whether a saved copy is of the edition's current file (a replaced edition keeps its id, not its upload time). */
export const isCurrentCopy = (saved: SavedEdition, current: FileRecord) => saved.file.created === current.created;

/** The copy of an edition this member saved on this device, if any. */
export async function savedCopyOf(id: string): Promise<{ edition: SavedEdition; pdf: Blob } | undefined> {
  if (!canSaveEditions()) return undefined;
  const response = await caches.match(keyOf(id), { cacheName: CACHE });
  const edition = response && metaOf(response);
  if (!response || !edition || edition.accountId !== getSession().user?.id) return undefined;
  return { edition, pdf: await response.blob() };
}

/**
 * Fetches the whole edition with the member's rights (counted as their download, as any) and keeps it, streamed
 * to the device's storage. The browser is asked to keep the saved editions even when space runs low, unless it does.
 */
async function saveEdition(file: FileRecord) {
  const accountId = getSession().user?.id;
  if (!accountId) return;
  const response = await api.file('/files/:id/download', { params: { id: file._id } });
  const meta: SavedEdition = { file, accountId, savedAt: new Date().toISOString() };
  const headers = { 'Content-Type': 'application/pdf', [META_HEADER]: encodeURIComponent(JSON.stringify(meta)) };
  const cache = await caches.open(CACHE);
  await cache.put(keyOf(file._id), new Response(response.body, { headers }));
  // Signed out while it downloaded (another member may be at the keyboard): the copy is not theirs to keep.
  if (getSession().user?.id !== accountId) {
    await cache.delete(keyOf(file._id));
    return;
  }
  if (!(await navigator.storage.persisted())) void navigator.storage.persist().catch(() => undefined);
}

async function removeSaved(id: string) {
  await (await caches.open(CACHE)).delete(keyOf(id));
}

/**
 * What this device keeps of the member once they sign out: the saved editions and what the reader remembers.
 * A shared computer keeps nothing of them.
 */
export async function forgetDevice() {
  forgetReading();
  if (canSaveEditions()) await caches.delete(CACHE);
}

/** Read from the device, so offline too (TanStack Query would otherwise wait for a connection). */
export const savedEditionsQuery = queryOptions({
  queryKey: ['saved-editions'],
  queryFn: listSaved,
  networkMode: 'always',
  staleTime: Number.POSITIVE_INFINITY,
});

/** How many editions the member saved on this device, and the space they take as the saved list writes it. */
export async function savedTotal(queryClient: QueryClient) {
  const saved = await queryClient.fetchQuery(savedEditionsQuery);
  return { count: saved.length, size: formatFileSize(saved.reduce((sum, { file }) => sum + file.file_size, 0)) };
}

/** Space used by this site and left for it on this device, and whether the browser keeps it under pressure. */
export const deviceStorageQuery = queryOptions({
  queryKey: [...savedEditionsQuery.queryKey, 'storage'],
  queryFn: async () => ({
    ...(await navigator.storage.estimate()),
    persisted: await navigator.storage.persisted(),
  }),
  networkMode: 'always',
  staleTime: Number.POSITIVE_INFINITY,
});

/** Saves or removes an edition, then lists the saved ones and the space again. */
export function useSavedEditionChange() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: savedEditionsQuery.queryKey });
  return {
    save: useMutation({ mutationFn: saveEdition, onSettled }),
    remove: useMutation({ mutationFn: removeSaved, onSettled, networkMode: 'always' }),
  };
}
