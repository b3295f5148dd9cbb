import { FILE_MESSAGES, type FileRecord, type ThisMonth } from '@portal/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Skeleton } from 'primereact/skeleton';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { EditionCard } from './edition-card.tsx';
import { ThisMonthLanguages } from './this-month-languages.tsx';

interface ThisMonthEditionsProps {
  thisMonth: UseQueryResult<ThisMonth>;
  coverOf: (book: string) => string | null | undefined;
  onDownload: (file: FileRecord) => Promise<void>;
}

/** This month's edition of each book in the member's languages, said to be not out yet where it is not. */
export function ThisMonthEditions({ thisMonth, coverOf, onDownload }: ThisMonthEditionsProps) {
  const { t } = useTranslation();
  if (thisMonth.isPending) return <Skeleton height="8rem" />;
  if (thisMonth.isError) return <p className="p-error m-0">{translateMessage(FILE_MESSAGES.loadFailed)}</p>;
  const { year, month, editions } = thisMonth.data;
  if (editions.length === 0) return <p className="m-0 text-muted">{t('downloads.noneOut')}</p>;
  return (
    <>
      <ThisMonthLanguages thisMonth={thisMonth.data} />
      <ul className="edition-cards">
        {editions.map(({ book, language, file }) => (
          <li key={`${book}\n${language}`}>
            <EditionCard
              book={book}
              language={language}
              month={month}
              year={year}
              cover={coverOf(book)}
              file={file}
              onDownload={onDownload}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
