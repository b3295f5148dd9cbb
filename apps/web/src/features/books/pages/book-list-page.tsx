import { bookInputSchema } from '@portal/contract';
import { NamedRecordScreen } from '../../../components/record-table/named-record-screen.tsx';
import { bookRecords } from '../../../lib/resources/books.ts';

export function BookListPage() {
  return (
    <NamedRecordScreen
      title="Books"
      noun="Book"
      records={bookRecords}
      schema={bookInputSchema}
      note="A book is renamed, never deleted: its editions and download statistics keep it."
    />
  );
}
