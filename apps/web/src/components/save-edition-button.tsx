import type { FileRecord } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../hooks/use-online.ts';
import { editionWords } from '../lib/editions/edition-cells.ts';
import {
  canSaveEditions,
  isCurrentCopy,
  savedEditionsQuery,
  useSavedEditionChange,
} from '../lib/editions/saved-editions.ts';
import { i18n } from '../lib/i18n/i18n.ts';
import { errorToast, useToast } from '../lib/toast.tsx';
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
  // A copy of a file replaced since is not this edition saved: Save fetches the new one.
  const saved = useQuery(savedEditionsQuery).data?.some(
    (copy) => copy.file._id === file._id && isCurrentCopy(copy, file),
  );
  const { save } = useSavedEditionChange();
  const notify = useToast();
  // Focus goes from the Save button to what replaces it, not to the page's start.
  const tag = useRef<HTMLSpanElement>(null);
  const [savedHere, setSavedHere] = useState(false);
  useEffect(() => {
    if (saved && savedHere) tag.current?.focus();
  }, [saved, savedHere]);
  if (!canSaveEditions()) return null;
  const edition = editionWords(file);
  if (saved) {
    const savedLabel = t('offline.savedEdition', edition);
    return (
      <span ref={tag} tabIndex={-1} className="saved-edition-tag" title={savedLabel}>
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
          onSuccess: () => setSavedHere(true),
          onError: (error) => notify(errorToast(reasonOf(error))),
        })
      }
    />
  );
}
