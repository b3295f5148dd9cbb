import { type Book, bookInputSchema } from '@portal/contract';
import { Column } from 'primereact/column';
import { NamedRecordScreen } from '../../../components/record-table/named-record-screen.tsx';
import { bookRecords } from '../../../lib/resources/books.ts';
import { CoverCell } from '../components/cover-cell.tsx';

export function BookListPage() {
  return (
    <NamedRecordScreen
      title="Books"
      noun="Book"
      records={bookRecords}
      schema={bookInputSchema}
      note="A book is renamed, never deleted: its editions and download statistics keep it. Its cover (a PNG, JPEG or WebP image) shows on the members' edition cards; without one they show the book's name on a colour of its own."
    >
      <Column header="Cover" body={(book: Book) => <CoverCell book={book} />} />
    </NamedRecordScreen>
  );
}
