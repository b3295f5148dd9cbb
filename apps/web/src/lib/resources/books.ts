import { filesQuery } from './files.ts';
import { namedRecords } from './named-records.ts';

/** The managed books (Teevo, Take5, ...), by name; never deleted, so that editions and statistics keep theirs. */
export const bookRecords = namedRecords({
  key: 'books',
  listPath: '/books',
  createPath: '/books',
  itemPath: (id) => `/books/${encodeURIComponent(id)}`,
  renameAlsoChanges: [filesQuery.queryKey],
});
