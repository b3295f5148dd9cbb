import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { ReadLink } from '../../../components/read-link.tsx';
import { editionWords } from '../../../lib/editions/edition-cells.ts';
import {
  deviceStorageQuery,
  type SavedEdition,
  savedEditionsQuery,
  useSavedEditionChange,
} from '../../../lib/editions/saved-editions.ts';
import { formatFileSize } from '../../../lib/i18n/format.ts';

/** Space used and left on this device, and whether the browser keeps the saved editions when it runs low. */
function DeviceStorage() {
  const { t } = useTranslation();
  const storage = useQuery(deviceStorageQuery).data;
  if (!storage) return null;
  const { usage = 0, quota = 0, persisted } = storage;
  return (
    <p className="m-0 text-muted">
      {t('offline.space', { used: formatFileSize(usage), free: formatFileSize(Math.max(quota - usage, 0)) })}{' '}
      {persisted ? t('offline.kept') : t('offline.mayGo')}
    </p>
  );
}

function SavedEditionRow({ edition: { file } }: { edition: SavedEdition }) {
  const { t } = useTranslation();
  const { remove } = useSavedEditionChange();
  const edition = editionWords(file);
  return (
    <li className="saved-edition">
      <div className="saved-edition-name">
        <span className="font-semibold">{file.book_name}</span>
        <span>
          {edition.month} · {file.book_language}
        </span>
        <span className="text-muted">{formatFileSize(file.file_size)}</span>
      </div>
      <ReadLink file={file} label={t('downloads.card.readEdition', edition)} />
      <Button
        type="button"
        icon="pi pi-trash"
        rounded
        outlined
        severity="danger"
        aria-label={t('offline.remove', edition)}
        loading={remove.isPending}
        // The row goes with its button: focus goes to the list's heading.
        onClick={() => remove.mutate(file._id, { onSuccess: () => document.getElementById('saved-title')?.focus() })}
      />
    </li>
  );
}

/**
 * The editions this member saved on this device, to read without a connection, with the space they take.
 * Shown when there are some, and always offline (where it is what the member can read).
 */
export function SavedEditions({ offline }: { offline: boolean }) {
  const { t } = useTranslation();
  const saved = useQuery(savedEditionsQuery).data ?? [];
  if (saved.length === 0 && !offline) return null;
  return (
    <section className="surface-card border-round-xl shadow-1 p-3 md:p-4" aria-labelledby="saved-title">
      <h2 id="saved-title" tabIndex={-1} className="text-xl font-semibold mt-0 mb-3">
        {t('offline.title')}
      </h2>
      {saved.length === 0 ? (
        <p className="m-0">{t('offline.none')}</p>
      ) : (
        <ul className="saved-editions">
          {saved.map((edition) => (
            <SavedEditionRow key={edition.file._id} edition={edition} />
          ))}
        </ul>
      )}
      <DeviceStorage />
    </section>
  );
}
