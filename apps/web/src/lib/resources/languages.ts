import type { Language } from '@portal/contract';
import { useDeleteRecords } from './delete-records.ts';
import { filesQuery } from './files.ts';
import { namedRecords } from './named-records.ts';

/** Every language, by name, with its ISO 639 code; a rename carries over to the language's files. */
export const languageRecords = namedRecords<Language>({
  key: 'languages',
  path: '/languages',
  renameAlsoChanges: [filesQuery.queryKey],
});

/** Deletes the given languages; one still used by files is refused (409, naming the files). */
export const useDeleteLanguages = () =>
  useDeleteRecords<Language>(languageRecords.listQuery.queryKey, '/languages/:id');
