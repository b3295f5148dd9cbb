import type { Book } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

export const getBooks = (signal: AbortSignal) => api.get<Book[]>('/books', { signal });

/** The managed books (Teevo, Take5, ...), by name. */
export const useBooks = () => useQuery({ queryKey: ['books'], queryFn: ({ signal }) => getBooks(signal) });
