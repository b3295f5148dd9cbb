import type { FileRecord } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/session/session-refresh.ts';
import { getSession } from '../../../lib/session/session-store.ts';

export interface EditionUpload {
  file: File;
  book: string;
  language: string;
  year: number;
  month: number;
  /** Share of the file sent so far, 0 to 100. */
  onProgress: (percent: number) => void;
}

const messageOf = (request: XMLHttpRequest) => {
  try {
    const body = JSON.parse(request.responseText) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON: the status text says what happened.
  }
  return request.responseText || request.statusText || 'Upload failed.';
};

function send({ file, book, language, year, month, onProgress }: EditionUpload): Promise<XMLHttpRequest> {
  const form = new FormData();
  form.append('book', book);
  form.append('language', language);
  form.append('year', String(year));
  form.append('month', String(month));
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/files/uploadfile');
    const { accessToken } = getSession();
    if (accessToken) request.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => resolve(request);
    request.onerror = () => reject(new ApiError('The upload was interrupted: check the connection and try again.', 0));
    request.send(form);
  });
}

/**
 * POST /files/uploadfile through XMLHttpRequest, the one browser API that reports upload progress. An access
 * token that expired during a long upload is refreshed and the file sent once more.
 */
export async function uploadFile(upload: EditionUpload): Promise<FileRecord> {
  let request = await send(upload);
  if (request.status === 401 && (await refreshSession())) request = await send(upload);
  if (request.status >= 200 && request.status < 300) return JSON.parse(request.responseText) as FileRecord;
  throw new ApiError(messageOf(request), request.status);
}

/** Uploads one edition; the file list reloads after each success. */
export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['files'] }),
  });
}
