import type { FileRecord } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../hooks/use-online.ts';
import { editionMonth } from '../lib/editions/edition-cells.ts';
import { canSaveEditions, savedEditionsQuery, useSavedEditionChange } from '../lib/editions/saved-editions.ts';
import { i18n } from '../lib/i18n/i18n.ts';
import { useToast } from '../lib/toast.tsx';
import './save-edition-button.css';

interface SaveEditionButtonProps {
  file: FileRecord;
  /** The icon alone (a table row, the reader's bar); otherwise the icon and a short word (a card). */
  compact?: boolean;
  /** Drawn as the bar's other buttons are, without an outline. */
  text?: boolean;
}

/** Why a save failed, in words: a full device is the likely case worth naming. */
const reasonOf = (error: Error) =>
  error instanceof DOMException && error.name === 'QuotaExceededError' ? i18n.t('offline.noSpace') : error.message;

/**
 * Saves the edition on this device for reading offline, or says it is saved (removing is done from the list of
 * saved editions). Nothing where the browser can't keep files (a page not served over https).
 */
export function SaveEditionButton({ file, compact = false, text = false }: SaveEditionButtonProps) {
  const { t } = useTranslation();
  const online = useOnline();
  const saved = useQuery(savedEditionsQuery).data?.some((edition) => edition.file._id === file._id);
  const { save } = useSavedEditionChange();
  const notify = useToast();
  if (!canSaveEditions()) return null;
  const edition = { book: file.book_name, language: file.book_language, month: editionMonth(file) };
  if (saved) {
    const savedLabel = t('offline.savedEdition', edition);
    return (
      <span className="saved-edition-tag" title={savedLabel}>
        <i className="pi pi-check-circle" role="img" aria-label={savedLabel} />
        {!compact && <span aria-hidden="true">{t('offline.saved')}</span>}
      </span>
    );
  }
  return (
    <Button
      type="button"
      icon="pi pi-cloud-download"
      label={compact ? undefined : t('offline.save')}
      rounded={compact}
      outlined={!text}
      text={text}
      aria-label={t('offline.saveEdition', edition)}
      loading={save.isPending}
      disabled={!online}
      onClick={() =>
        save.mutate(file, {
          onError: (error) => notify({ severity: 'error', summary: t('common.error'), detail: reasonOf(error) }),
        })
      }
    />
  );
}
