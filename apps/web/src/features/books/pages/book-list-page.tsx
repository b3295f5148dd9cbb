import { type Book, bookInputSchema } from '@portal/contract';
import { Column } from 'primereact/column';
import { useTranslation } from 'react-i18next';
import { NamedRecordScreen } from '../../../components/record-table/named-record-screen.tsx';
import { bookRecords } from '../../../lib/resources/books.ts';
import { CoverCell } from '../components/cover-cell.tsx';

export function BookListPage() {
  const { t } = useTranslation();
  return (
    <NamedRecordScreen
      title={t('books.title')}
      words={{
        id: 'book',
        newTitle: t('books.new'),
        editTitle: t('books.edit'),
        created: (name) => t('books.created', { name }),
        updated: (name) => t('books.updated', { name }),
        none: t('books.none'),
      }}
      records={bookRecords}
      schema={bookInputSchema}
      note={t('books.note')}
    >
      <Column header={t('books.cover.header')} body={(book: Book) => <CoverCell book={book} />} />
    </NamedRecordScreen>
  );
}
