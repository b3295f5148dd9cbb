import { type DownloadLink, FILE_MESSAGES } from '@portal/contract';
import { useCallback } from 'react';
import { ApiError, api } from '../api-client.ts';
import { translateMessage } from '../i18n/messages.ts';
import { errorToast, useToast } from '../toast.tsx';

export const getDownloadLink = (id: string) => api.get('/files/:id/download-link', { params: { id } });

/** Hands the link to the browser's own download manager (progress, readable name) instead of reading the file here. */
function openDownload({ url, name }: DownloadLink) {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** Starts the download of an edition file; failures show the spec's toasts. The server counts the download. */
export function useDownloadEdition() {
  const notify = useToast();
  return useCallback(
    async (id: string) => {
      try {
        openDownload(await getDownloadLink(id));
      } catch (error) {
        notifyDownloadError(notify, error);
      }
    },
    [notify],
  );
}

/** A 400 gets the spec's "try again later"; anything else a toast titled Error with the reason. */
export function notifyDownloadError(notify: ReturnType<typeof useToast>, error: unknown) {
  if (error instanceof ApiError && error.status === 400) {
    notify(errorToast(translateMessage(FILE_MESSAGES.downloadFailed)));
    return;
  }
  notify(errorToast(error));
}
