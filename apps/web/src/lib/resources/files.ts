import type { EditionDaysInput } from '@portal/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../api-client.ts';
import type { ServerPage } from './server-page.ts';
import { serverPageSearch } from './server-page.ts';

/** Every edition file, newest first: the File List's table. */
export const filesQuery = queryOptions({
  queryKey: ['files'],
  queryFn: ({ signal }) => api.get('/files', { signal }),
});

/** One edition's record: the reader's title, and whether a copy saved on the device is still the current file. */
export const editionQuery = (id: string) =>
  queryOptions({
    queryKey: [...filesQuery.queryKey, 'one', id],
    queryFn: ({ signal }) => api.get('/files/:id', { params: { id }, signal }),
  });

/**
 * Where each day of an edition's month begins (decision 050): the reader's day buttons, the File List's days dialog.
 * Under the files' key, so that an upload, a delete or a map set reloads it.
 */
export const editionDaysQuery = (id: string) =>
  queryOptions({
    queryKey: [...filesQuery.queryKey, 'days', id],
    queryFn: ({ signal }) => api.get('/editions/:id/days', { params: { id }, signal }),
    staleTime: 5 * 60_000,
  });

/** An admin sets or corrects an edition's day map; the file list and its days reload. */
export function useSetDays(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EditionDaysInput) => api.put('/editions/:id/days', { params: { id }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesQuery.queryKey }),
  });
}

/** The editions of a book and a language (names), each or both null for all. */
export interface EditionFilters {
  book: string | null;
  language: string | null;
}

/** The last month a member's list of earlier editions goes to, `2026-11`: this month, for the portal. */
export const listedTo = ({ year, month }: { year: number; month: number }) =>
  `${year}-${String(month).padStart(2, '0')}`;

const editionsQuery = (page: ServerPage, filters: EditionFilters, to: string | null) =>
  serverPageSearch(page, { ...filters, to });

/**
 * One page of the filtered editions up to the month `to` (listedTo; null: all), newest first unless sorted: the member's
 * table. Under the files' key, so an upload or a delete reloads it too; the previous page stays on screen meanwhile.
 */
export const editionPageQuery = (page: ServerPage, filters: EditionFilters, to: string | null) =>
  queryOptions({
    queryKey: [...filesQuery.queryKey, 'pages', page, filters, to],
    queryFn: ({ signal }) => api.get('/editions', { query: editionsQuery(page, filters, to), signal }),
    placeholderData: keepPreviousData,
  });

/** Editions the member's cards load at a time as they scroll. */
const FEED_ROWS = 12;

/**
 * The filtered editions up to the month `to`, newest first, a page more each time the member scrolls to the end:
 * the member's cards.
 */
export const editionFeedQuery = (filters: EditionFilters, to: string | null) =>
  infiniteQueryOptions({
    queryKey: [...filesQuery.queryKey, 'feed', filters, to],
    queryFn: ({ pageParam, signal }) =>
      api.get('/editions', {
        query: editionsQuery(
          { first: pageParam, rows: FEED_ROWS, sortField: 'edition', sortOrder: -1, search: '' },
          filters,
          to,
        ),
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, first) =>
      last.items.length > 0 && first + last.items.length < last.total ? first + last.items.length : undefined,
  });

export interface EditionUpload {
  file: File;
  book: string;
  language: string;
  year: number;
  month: number;
  /** Share of the file sent so far, 0 to 100. */
  onProgress: (percent: number) => void;
}

export function uploadFile({ file, book, language, year, month, onProgress }: EditionUpload) {
  const form = new FormData();
  form.append('book', book);
  form.append('language', language);
  form.append('year', String(year));
  form.append('month', String(month));
  form.append('file', file);
  return api.upload('/files', form, onProgress);
}

/** Uploads one edition (replacing the edition's previous file); the file lists reload after each success. */
export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesQuery.queryKey }),
  });
}

export const deleteFile = (id: string) => api.delete('/files/:id', { params: { id } });

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesQuery.queryKey }),
  });
}
