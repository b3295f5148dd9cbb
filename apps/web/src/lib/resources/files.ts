import type { EditionPage, FileRecord } from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServerPage } from '../../components/record-table/record-table.tsx';
import { api } from '../api-client.ts';
import { serverPageSearch } from './server-page.ts';

/** Every edition file, newest first: the File Manager's table. */
export const filesQuery = queryOptions({
  queryKey: ['files'],
  queryFn: ({ signal }) => api.get<FileRecord[]>('/file/getAll', { signal }),
});

/**
 * One page of the editions in a language (or all), newest first unless sorted: the member's dashboard.
 * Under the files' key, so an upload or a delete reloads it too; the previous page stays on screen meanwhile.
 */
export const editionPageQuery = (page: ServerPage, language: string | null) =>
  queryOptions({
    queryKey: [...filesQuery.queryKey, 'pages', page, language],
    queryFn: ({ signal }) => api.get<EditionPage>(`/editions?${serverPageSearch(page, { language })}`, { signal }),
    placeholderData: keepPreviousData,
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
  return api.upload<FileRecord>('/files/uploadfile', form, onProgress);
}

/** Uploads one edition (replacing the edition's previous file); the file lists reload after each success. */
export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesQuery.queryKey }),
  });
}

export const deleteFile = (id: string) => api.delete<{ message: string }>(`/file/delete/${encodeURIComponent(id)}`);

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesQuery.queryKey }),
  });
}
