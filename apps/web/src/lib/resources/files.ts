import type { FileRecord } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';

/** Every edition file, newest first: the File Manager's table and the member's dashboard. */
export const filesQuery = queryOptions({
  queryKey: ['files'],
  queryFn: ({ signal }) => api.get<FileRecord[]>('/file/getAll', { signal }),
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
