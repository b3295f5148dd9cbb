import type { FileRecord, Today } from '@portal/contract';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BookCover } from '../../../components/book-cover/book-cover.tsx';
import { ReadLink } from '../../../components/read-link.tsx';
import { SaveEditionButton } from '../../../components/save-edition-button.tsx';
import { formatDay, formatFileSize, formatMonth, formatMonthYear } from '../../../lib/i18n/format.ts';
import { TodayReading } from './today-reading.tsx';

export interface EditionCardProps {
  book: string;
  language: string;
  /** The month, 1 to 12. */
  month: number;
  year: number;
  /** The book's cover image, if it has one. */
  cover: string | null | undefined;
  /** Null: the edition is not out yet. */
  file: FileRecord | null;
  /** Today's reading in it (this month's edition with a day map): the card opens the reader there. */
  today?: Today | null;
  onDownload: (file: FileRecord) => Promise<void>;
}

/**
 * One edition as a card: the book's cover, book, month, language and size, and a download in one tap; with today's
 * reading, its day, first lines and the reader at its page in one tap too (issue 33).
 */
export function EditionCard({ book, language, month, year, cover, file, today, onDownload }: EditionCardProps) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  const monthYear = formatMonthYear(month, year);
  const day = today ? formatDay(today.day, month, year) : '';
  const download = (edition: FileRecord) => {
    setDownloading(true);
    void onDownload(edition).finally(() => setDownloading(false));
  };
  return (
    <article className="edition-card">
      <BookCover name={book} cover={cover} />
      <div className="edition-card-body">
        <p className="edition-card-title">{book}</p>
        <p className="m-0">{monthYear}</p>
        <p className="m-0 text-muted">
          {language}
          {file && <span className="white-space-nowrap"> · {formatFileSize(file.file_size)}</span>}
        </p>
        {file && today && (
          <div className="edition-card-today">
            <TodayReading
              id={file._id}
              day={today.day}
              when={day}
              lines={today.lines}
              book={book}
              language={language}
            />
          </div>
        )}
        {file ? (
          <div className="edition-card-actions">
            <Button
              type="button"
              label={t('downloads.card.download')}
              icon="pi pi-download"
              aria-label={t('downloads.card.downloadEdition', { book, language, month: monthYear })}
              loading={downloading}
              onClick={() => download(file)}
            />
            {today ? (
              <ReadLink
                file={file}
                page={today.page}
                label={t('downloads.card.readTodayEdition', { day, book, language })}
              >
                {t('downloads.card.readToday')}
              </ReadLink>
            ) : (
              <ReadLink file={file} label={t('downloads.card.readEdition', { book, language, month: monthYear })}>
                {t('downloads.card.read')}
              </ReadLink>
            )}
            <SaveEditionButton file={file} />
          </div>
        ) : (
          <p className="edition-card-missing">
            {t('downloads.card.notOut', { month: formatMonth(month), book, language })}
          </p>
        )}
      </div>
    </article>
  );
}
