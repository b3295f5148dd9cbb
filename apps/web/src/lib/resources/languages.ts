import { useDeleteRecords } from './delete-records.ts';
import { filesQuery } from './files.ts';
import { type NamedRecord, namedRecords } from './named-records.ts';

/** Every language, by name; a rename carries over to the language's files. */
export const languageRecords = namedRecords({
  key: 'languages',
  listPath: '/languages/getAll',
  createPath: '/languages/create/',
  itemPath: (id) => `/languages/${encodeURIComponent(id)}`,
  renameAlsoChanges: [filesQuery.queryKey],
});

/** Deletes the given languages; one still used by files is refused (409, naming the files). */
export const useDeleteLanguages = () =>
  useDeleteRecords<NamedRecord>(languageRecords.listQuery.queryKey, (language) =>
    languageRecords.itemPath(language.id),
  );
