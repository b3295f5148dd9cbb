import { type FileRecord, formatFileSize } from '@portal/contract';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { BookCover } from '../../../components/book-cover/book-cover.tsx';

export interface EditionCardProps {
  book: string;
  language: string;
  /** The month's English name. */
  month: string;
  year: number;
  /** The book's cover image, if it has one. */
  cover: string | null | undefined;
  /** Null: the edition is not out yet. */
  file: FileRecord | null;
  onDownload: (file: FileRecord) => Promise<void>;
}

/** One edition as a card: the book's cover, book, month, language and size, and a download in one tap. */
export function EditionCard({ book, language, month, year, cover, file, onDownload }: EditionCardProps) {
  const [downloading, setDownloading] = useState(false);
  const download = (edition: FileRecord) => {
    setDownloading(true);
    void onDownload(edition).finally(() => setDownloading(false));
  };
  return (
    <article className="edition-card">
      <BookCover name={book} cover={cover} />
      <div className="edition-card-body">
        <p className="edition-card-title">{book}</p>
        <p className="m-0">
          {month} {year}
        </p>
        <p className="m-0 text-muted">
          {language}
          {file && <span className="white-space-nowrap"> · {formatFileSize(file.file_size)}</span>}
        </p>
        {file ? (
          <Button
            type="button"
            label="Download now"
            icon="pi pi-download"
            aria-label={`Download now: ${book} in ${language}, ${month} ${year}`}
            loading={downloading}
            onClick={() => download(file)}
          />
        ) : (
          <p className="edition-card-missing">
            The {month} {book} in {language} is not out yet.
          </p>
        )}
      </div>
    </article>
  );
}
