import { uploadedCountMessage } from '@portal/contract';
import type { TFunction } from 'i18next';
import type { ToastMessage } from 'primereact/toast';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { TOAST_LIFE } from '../../../lib/toast.tsx';

/** A file of the batch that was not uploaded, and why. */
export interface NotUploaded {
  file: string;
  message: string;
}

/** One toast for a whole import batch: how many went when all did, otherwise which went and why the others did not. */
export function uploadSummary(uploaded: string[], notUploaded: NotUploaded[], t: TFunction): ToastMessage {
  if (notUploaded.length === 0)
    return {
      severity: 'success',
      summary: t('common.success'),
      detail: translateMessage(uploadedCountMessage(uploaded.length)),
      life: TOAST_LIFE.long,
    };
  return {
    severity: uploaded.length > 0 ? 'warn' : 'error',
    summary: uploaded.length > 0 ? t('files.summary.partly') : t('files.summary.none'),
    life: TOAST_LIFE.long,
    detail: (
      <>
        {uploaded.length > 0 && <p className="mt-0">{t('files.summary.uploaded', { files: uploaded.join(', ') })}</p>}
        <ul className="m-0 pl-3">
          {notUploaded.map(({ file, message }) => (
            <li key={file}>
              {file}: {message}
            </li>
          ))}
        </ul>
      </>
    ),
  };
}
