import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { EditionChoice } from './get-edition-months.ts';

export type EditionLookup = EditionChoice & { language: string };

export const findEdition = ({ book, language, year, month }: EditionLookup) =>
  api.get('/editions/lookup', { query: { name: book, language, year: String(year), month: String(month) } });

/** Looks the edition up when the user presses Download (the answer is 404 when there is none). */
export const useFindEdition = () => useMutation({ mutationFn: findEdition });
