import { BOOK_MESSAGES, type Book, MAX_COVER_BYTES } from '@portal/contract';
import { Button } from 'primereact/button';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BookCover } from '../../../components/book-cover/book-cover.tsx';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { useChangeCover } from '../../../lib/resources/books.ts';
import { errorToast, useToast } from '../../../lib/toast.tsx';

/** The image types a cover may be; the server reads each file's signature, this only narrows the picker. */
const COVER_TYPES = 'image/png,image/jpeg,image/webp';

/** A book's cover in the Books table: the image (or its placeholder), and buttons to upload, replace or remove it. */
export function CoverCell({ book }: { book: Book }) {
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  const change = useChangeCover();
  const notify = useToast();

  const save = async (file: File | null) => {
    if (file && file.size > MAX_COVER_BYTES) {
      notify(errorToast(translateMessage(BOOK_MESSAGES.coverTooLarge), { life: 'long' }));
      return;
    }
    try {
      await change.mutateAsync({ book, file });
      notify({
        severity: 'success',
        summary: t('common.success'),
        detail: translateMessage(file ? BOOK_MESSAGES.coverSaved : BOOK_MESSAGES.coverRemoved),
      });
    } catch (error) {
      notify(errorToast(error, { life: 'long' }));
    }
  };

  return (
    <div className="flex flex-wrap align-items-center gap-2">
      <BookCover name={book.name} cover={book.cover} size="thumbnail" />
      <input
        ref={picker}
        type="file"
        accept={COVER_TYPES}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void save(file);
        }}
      />
      <Button
        type="button"
        icon="pi pi-upload"
        text
        label={book.cover ? t('books.cover.replace') : t('books.cover.upload')}
        aria-label={
          book.cover ? t('books.cover.replaceOf', { book: book.name }) : t('books.cover.uploadOf', { book: book.name })
        }
        loading={change.isPending}
        onClick={() => picker.current?.click()}
      />
      {book.cover && (
        <Button
          type="button"
          icon="pi pi-times"
          text
          severity="danger"
          label={t('books.cover.remove')}
          aria-label={t('books.cover.removeOf', { book: book.name })}
          disabled={change.isPending}
          onClick={() => void save(null)}
        />
      )}
    </div>
  );
}
