import { FILE_MESSAGES, type FileRecord, type ThisMonth } from '@portal/contract';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Skeleton } from 'primereact/skeleton';
import { useTranslation } from 'react-i18next';
import { COVER_SIZES } from '../../../components/book-cover/book-cover.tsx';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { bookRecords } from '../../../lib/resources/books.ts';
import { EditionCard } from './edition-card.tsx';
import { ReminderOffer } from './reminder-offer.tsx';
import { ThisMonthLanguages } from './this-month-languages.tsx';

interface ThisMonthEditionsProps {
  thisMonth: UseQueryResult<ThisMonth>;
  coverOf: (book: string) => string | null | undefined;
  onDownload: (file: FileRecord) => Promise<void>;
}

/** A card's height at least: its cover's, its padding (0.75rem) and its border (downloads.css). */
const CARD_HEIGHT = `calc(${COVER_SIZES.card.height}px + 1.5rem + 2px)`;

/**
 * Until this month's editions are known, a card-sized placeholder for each of the portal's books (the cards of a
 * member in one language; two before the books are known), in the cards' grid, so that what follows keeps its place.
 */
function CardPlaceholders() {
  const books = useQuery(bookRecords.listQuery).data?.length || 2;
  return (
    <ul className="edition-cards" aria-hidden="true">
      {Array.from({ length: books }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, all alike
        <li key={index}>
          <Skeleton height={CARD_HEIGHT} />
        </li>
      ))}
    </ul>
  );
}

/** This month's edition of each book in the member's languages, said to be not out yet where it is not. */
export function ThisMonthEditions({ thisMonth, coverOf, onDownload }: ThisMonthEditionsProps) {
  const { t } = useTranslation();
  if (thisMonth.isPending) return <CardPlaceholders />;
  if (thisMonth.isError) return <p className="p-error m-0">{translateMessage(FILE_MESSAGES.loadFailed)}</p>;
  const { year, month, editions } = thisMonth.data;
  if (editions.length === 0) return <p className="m-0 text-muted">{t('downloads.noneOut')}</p>;
  return (
    <>
      <ul className="edition-cards">
        {editions.map(({ book, language, file, today }) => (
          <li key={`${book}\n${language}`}>
            <EditionCard
              book={book}
              language={language}
              month={month}
              year={year}
              cover={coverOf(book)}
              file={file}
              today={today}
              onDownload={onDownload}
            />
          </li>
        ))}
      </ul>
      {editions.some(({ today }) => today) && <ReminderOffer />}
      {/* Below the cards: however many languages it offers, it does not push them down once it comes. */}
      <ThisMonthLanguages thisMonth={thisMonth.data} />
    </>
  );
}
