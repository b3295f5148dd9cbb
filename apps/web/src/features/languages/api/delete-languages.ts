import type { Language } from '@portal/contract';
import { useDeleteRecords } from '../../../components/record-table/use-delete-records.ts';

/** Deletes the given languages; one still used by files is refused (409, with the files that use it). */
export const useDeleteLanguages = () =>
  useDeleteRecords<Language>('languages', (language) => `/languages/${language.id}`);
